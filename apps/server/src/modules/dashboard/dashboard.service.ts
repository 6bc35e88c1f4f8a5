import type { DashboardStats, Trend } from '@app/contracts/dashboard';
import type { Db } from '../../db/types';
import { formatMoney } from '../../lib/money';
import { percentChange } from '../../lib/percent';
import * as repo from './dashboard.repository';

const WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const trendOf = (change: number): Trend => (change > 0 ? 'up' : change < 0 ? 'down' : 'neutral');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function createDashboardService(deps: { db: Db; now?: () => Date }) {
  return {
    /** Figures for Home, from the daily rollups: the same cost at a hundred orders and at ten million. */
    async getStats(vendorId: string): Promise<DashboardStats> {
      const now = deps.now?.() ?? new Date();
      const currentFrom = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
      const previousFrom = new Date(now.getTime() - 2 * WINDOW_DAYS * DAY_MS);
      const [orders, botCount, staff] = await Promise.all([
        repo.orderTotals(deps.db, vendorId, isoDay(currentFrom), isoDay(previousFrom)),
        repo.botCounts(deps.db, vendorId, currentFrom),
        repo.staffCounts(deps.db, vendorId, currentFrom),
      ]);
      const revenueChange = percentChange(orders.current.revenueMinor, orders.previous.revenueMinor);
      const ordersChange = percentChange(orders.current.orders, orders.previous.orders);
      const botsChange = percentChange(botCount.total, botCount.total - botCount.createdSince);
      const staffChange = percentChange(staff.total, staff.total - staff.createdSince);
      return {
        totalRevenue: orders.all.revenueMinor / 100,
        totalRevenueFormatted: formatMoney(orders.all.revenueMinor),
        revenueChange,
        revenueTrend: trendOf(revenueChange),
        activeBots: botCount.active,
        totalBots: botCount.total,
        botsChange,
        botsTrend: trendOf(botsChange),
        totalOrders: orders.all.orders,
        ordersChange,
        ordersTrend: trendOf(ordersChange),
        supportStaff: staff.total,
        staffChange,
        staffTrend: trendOf(staffChange),
      };
    },
  };
}
