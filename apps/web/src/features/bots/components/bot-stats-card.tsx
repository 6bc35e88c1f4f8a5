import type { BotListResponse } from '@app/contracts/bots';
import { Card } from '../../../components/ui/card';
import { formatCount } from '../../../lib/format';
import styles from './bot-stats-card.module.css';

export function BotStatsCard({ summary }: { summary: BotListResponse['summary'] }) {
  const items = [
    ['Active Bots', formatCount(summary.activeBots)],
    ['Total Revenue', summary.totalRevenueFormatted],
    ['Total Customers', formatCount(summary.totalCustomers)],
    ['Total Bots', formatCount(summary.totalBots)],
  ] as const;
  return (
    <Card className={styles.card} aria-label="Bot Statistics" data-testid="bot-statistics">
      <h2 className={styles.title}>Bot Statistics</h2>
      <dl className={styles.grid}>
        {items.map(([label, value]) => (
          <div key={label} className={styles.item}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>No bot limit! Create unlimited bots with individual subscriptions.</p>
    </Card>
  );
}
