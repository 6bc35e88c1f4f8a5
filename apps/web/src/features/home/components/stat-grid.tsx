import type { DashboardStats } from '@app/contracts/dashboard';
import { BotIcon, OrdersIcon, RevenueIcon } from '../../../components/ui/icons';
import { formatCount } from '../../../lib/format';
import { StatCard, StatCardSkeleton } from './stat-card';
import styles from './stat-grid.module.css';

export function StatGrid({ stats }: { stats: DashboardStats }) {
  return (
    <section className={styles.grid} aria-label="Store statistics">
      <StatCard
        wide
        label="Total Revenue"
        value={stats.totalRevenueFormatted}
        icon={<RevenueIcon size={20} />}
        change={stats.revenueChange}
        trend={stats.revenueTrend}
        testId="stat-total-revenue"
      />
      <StatCard
        label="Active Bots"
        value={formatCount(stats.activeBots)}
        icon={<BotIcon size={20} />}
        change={stats.botsChange}
        trend={stats.botsTrend}
        caption={`of ${formatCount(stats.totalBots)} total`}
        to="/bots"
        testId="stat-active-bots"
      />
      <StatCard
        label="Total Orders"
        value={formatCount(stats.totalOrders)}
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
  return (
    <div className={styles.grid} role="status" aria-label="Loading statistics">
      <StatCardSkeleton wide />
      <StatCardSkeleton />
      <StatCardSkeleton />
    </div>
  );
}
