import type { CustomerStats } from '@app/contracts/customers';
import type { DashboardStats, Trend } from '@app/contracts/dashboard';
import { BotIcon, OrdersIcon, RevenueIcon, UsersIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import { StatCard, StatCardSkeleton } from './stat-card';
import styles from './stat-grid.module.css';

/** Home's four stat cards; customers come from the customer stats (undefined while they load). */
export function StatGrid({ stats, customers }: { stats: DashboardStats; customers?: CustomerStats }) {
  const { t, formatNumber } = useI18n();
  return (
    // Four cards, two by two (spec part 1 §2 Home).
    <section className={styles.grid} aria-label={t('home.stats.label')}>
      <StatCard
        label={t('home.stats.totalRevenue')}
        hint={t('home.stats.totalRevenueHint')}
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
        hint={t('home.stats.totalOrdersHint')}
        value={formatNumber(stats.totalOrders)}
        icon={<OrdersIcon size={20} />}
        change={stats.ordersChange}
        trend={stats.ordersTrend}
        to="/orders"
        testId="stat-total-orders"
      />
      <StatCard
        label={t('home.stats.totalCustomers')}
        hint={t('home.stats.totalCustomersHint')}
        value={customers ? formatNumber(customers.totalCustomers) : '—'}
        icon={<UsersIcon size={20} />}
        change={customers?.monthlyGrowth ?? 0}
        trend={trendOf(customers?.monthlyGrowth ?? 0)}
        to="/customers"
        testId="stat-total-customers"
      />
    </section>
  );
}

export function StatGridSkeleton() {
  const { t } = useI18n();
  return (
    <div className={styles.grid} role="status" aria-label={t('home.stats.loading')}>
      <StatCardSkeleton />
      <StatCardSkeleton />
      <StatCardSkeleton />
      <StatCardSkeleton />
    </div>
  );
}

function trendOf(change: number): Trend {
  return change > 0 ? 'up' : change < 0 ? 'down' : 'neutral';
}
