import type { BotActivityItem, BotDetail } from '@app/contracts/bots';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { formatCount } from '../../../lib/format';
import { useBotActivity } from '../api/get-bot-activity';
import { useBotWeeklyStats } from '../api/get-bot-weekly-stats';
import { formatRelativeTime } from '../lib/format-bot';
import styles from './bot-details.module.css';

/** Growth arrives as a signed percent string ("+12.5%", "-3.0%", "0%"). */
function Growth({ value }: { value: string }) {
  const tone = value.startsWith('+') ? styles.up : value.startsWith('-') ? styles.down : styles.flat;
  return <span className={`${styles.growth} ${tone}`}>{value}</span>;
}

function WeeklyStats({ bot }: { bot: BotDetail }) {
  const stats = useBotWeeklyStats(bot.id);
  if (stats.isError) {
    return <p className={styles.muted}>Weekly statistics are not available right now.</p>;
  }
  if (!stats.data) return <div className={styles.skeleton} role="status" aria-label="Loading statistics" />;
  const { totals, growth } = stats.data;
  const items = [
    { label: 'Revenue', value: totals.revenueFormatted, growth: growth.revenue },
    { label: 'Orders', value: formatCount(totals.orders), growth: growth.orders },
    { label: 'Customers', value: formatCount(totals.customers), growth: growth.customers },
    { label: 'Avg Order Value', value: totals.avgOrderValueFormatted },
    { label: 'Conversion', value: `${totals.conversionRate.toFixed(1)}%` },
  ];
  return (
    <dl className={styles.statGrid} data-testid="bot-weekly-stats">
      {items.map((item) => (
        <div key={item.label} className={styles.stat}>
          <dt>{item.label}</dt>
          <dd>
            <span className={styles.statValue}>{item.value}</span>
            {item.growth === undefined ? null : <Growth value={item.growth} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const ACTIVITY_ICONS: Record<BotActivityItem['type'], string> = { order: '🛒', customer: '👤', other: '🔔' };

function RecentActivity({ botId }: { botId: string }) {
  const activity = useBotActivity(botId, 5);
  if (activity.isError) return <p className={styles.muted}>Failed to load activity</p>;
  if (!activity.data) return <div className={styles.skeleton} role="status" aria-label="Loading activity" />;
  if (activity.data.length === 0) return <p className={styles.muted}>No recent activity</p>;
  return (
    <ul className={styles.activity}>
      {activity.data.map((item) => (
        <li key={item.id} className={styles.activityItem}>
          <span className={styles.activityIcon} aria-hidden="true">
            {ACTIVITY_ICONS[item.type]}
          </span>
          <span className={styles.activityText}>
            <span>{item.description}</span>
            <span className={styles.muted}>{formatRelativeTime(item.time)}</span>
          </span>
          {item.amountFormatted ? <span className={styles.amount}>{item.amountFormatted}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function LinkList({ links }: { links: { to: string; label: string; hint?: string }[] }) {
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={styles.link}>
            <span className={styles.linkText}>
              <span>{link.label}</span>
              {link.hint ? <span className={styles.muted}>{link.hint}</span> : null}
            </span>
            <ChevronRightIcon size={18} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function OverviewTab({ bot }: { bot: BotDetail }) {
  return (
    <>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>This Week</h2>
        <WeeklyStats bot={bot} />
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>Recent Activity</h2>
        <RecentActivity botId={bot.id} />
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>Manage</h2>
        <LinkList
          links={[
            {
              to: `/bots/${bot.id}/products`,
              label: 'Products',
              hint: `${formatCount(bot.stats.products)} items`,
            },
            { to: '/customers', label: 'Customers', hint: `${formatCount(bot.stats.customers)} customers` },
            { to: '/analytics', label: 'Analytics' },
          ]}
        />
      </Card>
    </>
  );
}
