import type { BotDetail } from '@app/contracts/bots';
import { Link } from 'react-router';
import { ActivityList } from '../../../components/activity/activity-list';
import { Card } from '../../../components/ui/card';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import { useBotActivity } from '../api/get-bot-activity';
import { useBotWeeklyStats } from '../api/get-bot-weekly-stats';
import styles from './bot-details.module.css';

/** Growth arrives as a signed percent string ("+12.5%", "-3.0%", "0%"): the wire has no number for it. */
function Growth({ value }: { value: string }) {
  const tone = value.startsWith('+') ? styles.up : value.startsWith('-') ? styles.down : styles.flat;
  return <span className={`${styles.growth} ${tone}`}>{value}</span>;
}

function WeeklyStats({ bot }: { bot: BotDetail }) {
  const { t, formatMoney, formatNumber } = useI18n();
  const stats = useBotWeeklyStats(bot.id);
  if (stats.isError) return <p className={styles.muted}>{t('bots.overview.statsUnavailable')}</p>;
  if (!stats.data) {
    return <div className={styles.skeleton} role="status" aria-label={t('bots.overview.statsLoading')} />;
  }
  const { totals, growth } = stats.data;
  // The weekly figures are in the bot's own currency.
  const currency = bot.settings.currency;
  const items = [
    { label: t('bots.card.revenue'), value: formatMoney(totals.revenue, currency), growth: growth.revenue },
    { label: t('bots.card.orders'), value: formatNumber(totals.orders), growth: growth.orders },
    { label: t('bots.card.customers'), value: formatNumber(totals.customers), growth: growth.customers },
    { label: t('bots.overview.avgOrderValue'), value: formatMoney(totals.avgOrderValue, currency) },
    {
      label: t('bots.overview.conversion'),
      value: formatNumber(totals.conversionRate / 100, { style: 'percent', maximumFractionDigits: 1 }),
    },
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

function RecentActivity({ bot }: { bot: BotDetail }) {
  const activity = useBotActivity(bot.id, 5);
  return <ActivityList items={activity.data} isError={activity.isError} />;
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
  const { t } = useI18n();
  return (
    <>
      <Card className={styles.section} aria-labelledby="bot-week-title">
        <h2 id="bot-week-title" className={styles.sectionTitle}>
          {t('bots.overview.thisWeek')}
        </h2>
        <WeeklyStats bot={bot} />
      </Card>
      <Card className={styles.section} aria-labelledby="bot-activity-title">
        <h2 id="bot-activity-title" className={styles.sectionTitle}>
          {t('bots.overview.recentActivity')}
        </h2>
        <RecentActivity bot={bot} />
      </Card>
      <Card className={styles.section} aria-labelledby="bot-manage-title">
        <h2 id="bot-manage-title" className={styles.sectionTitle}>
          {t('bots.overview.manage')}
        </h2>
        <LinkList
          links={[
            {
              to: `/bots/${bot.id}/products`,
              label: t('bots.overview.products'),
              hint: t('bots.overview.productsHint', { count: bot.stats.products }),
            },
            {
              // This bot's customers and figures: both screens read the bot from the address.
              to: `/customers?botId=${encodeURIComponent(bot.id)}`,
              label: t('bots.overview.customers'),
              hint: t('bots.overview.customersHint', { count: bot.stats.customers }),
            },
            { to: `/analytics?botId=${encodeURIComponent(bot.id)}`, label: t('bots.overview.analytics') },
          ]}
        />
      </Card>
    </>
  );
}
