import type { BotListResponse } from '@app/contracts/bots';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import styles from './bot-stats-card.module.css';

export function BotStatsCard({ summary }: { summary: BotListResponse['summary'] }) {
  const { t, formatNumber } = useI18n();
  const items = [
    [t('bots.stats.activeBots'), formatNumber(summary.activeBots)],
    // No currency on the wire for the total (the server adds every bot's revenue): its text until there is.
    [
      t('bots.stats.totalRevenue'),
      // The bots' revenues are in their own currencies: the summary's total is the server's text.
      summary.totalRevenueFormatted,
    ],
    [t('bots.stats.totalCustomers'), formatNumber(summary.totalCustomers)],
    [t('bots.stats.totalBots'), formatNumber(summary.totalBots)],
  ] as const;
  return (
    <Card className={styles.card} aria-labelledby="bot-statistics-title" data-testid="bot-statistics">
      <h2 id="bot-statistics-title" className={styles.title}>
        {t('bots.stats.title')}
      </h2>
      <dl className={styles.grid}>
        {items.map(([label, value]) => (
          <div key={label} className={styles.item}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>{t('bots.stats.note')}</p>
    </Card>
  );
}
