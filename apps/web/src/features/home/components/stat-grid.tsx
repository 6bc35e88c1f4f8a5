import type { DashboardStats } from '@app/contracts/dashboard';
import { BotIcon, OrdersIcon, RevenueIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import { StatCard, StatCardSkeleton } from './stat-card';
import styles from './stat-grid.module.css';

export function StatGrid({ stats }: { stats: DashboardStats }) {
  const { t, formatNumber } = useI18n();
  return (
    <section className={styles.grid} aria-label={t('home.stats.label')}>
      <StatCard
        wide
        label={t('home.stats.totalRevenue')}
        // Spec part 1 §2: dashboards show USD with no decimals. totalRevenue is in dollars.
        value={formatNumber(stats.totalRevenue, {
          style: 'currency',
          currency: 'USD',
          maximumFractionDigits: 0,
          minimumFractionDigits: 0,
        })}
        icon={<RevenueIcon size={20} />}
        change={stats.revenueChange}
        trend={stats.revenueTrend}
        testId="stat-total-revenue"
      />
      <StatCard
        label={t('home.stats.activeBots')}
        value={formatNumber(stats.activeBots)}
        icon={<BotIcon size={20} />}
        change={stats.botsChange}
        trend={stats.botsTrend}
        caption={t('home.stats.ofTotal', { count: stats.totalBots })}
        to="/bots"
        testId="stat-active-bots"
      />
      <StatCard
        label={t('home.stats.totalOrders')}
        value={formatNumber(stats.totalOrders)}
        icon={<OrdersIcon size={20} />}
        change={stats.ordersChange}
        trend={stats.ordersTrend}
        to="/orders"
        testId="stat-total-orders"
      />
    </section>
  );
}

export function StatGridSkeleton() {
  const { t } = useI18n();
  return (
    <div className={styles.grid} role="status" aria-label={t('home.stats.loading')}>
      <StatCardSkeleton wide />
      <StatCardSkeleton />
      <StatCardSkeleton />
    </div>
  );
}
