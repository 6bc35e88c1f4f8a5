import type { DashboardStats, Trend } from '@app/contracts/dashboard';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { formatUsdWhole } from '../../lib/money';
import * as repo from './dashboard.repository';

const WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** Percent change, one decimal; growth from nothing counts as 100%. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

const trendOf = (change: number): Trend => (change > 0 ? 'up' : change < 0 ? 'down' : 'neutral');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function createDashboardService(deps: { db: Db; now?: () => Date }) {
  return {
    /**
     * Figures for Home over the caller's bots, from the daily rollups: the same cost at a hundred orders and at
     * ten million. Staff counts are the vendor's whole team.
     */
    async getStats(actor: Actor): Promise<DashboardStats> {
      const { vendorId, botIds } = actor;
      const now = deps.now?.() ?? new Date();
      const currentFrom = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
      const previousFrom = new Date(now.getTime() - 2 * WINDOW_DAYS * DAY_MS);
      const [orders, botCount, staff] = await Promise.all([
        repo.orderTotals(deps.db, vendorId, botIds, isoDay(currentFrom), isoDay(previousFrom)),
        repo.botCounts(deps.db, vendorId, botIds, currentFrom),
        repo.staffCounts(deps.db, vendorId, currentFrom),
      ]);
      const revenueChange = percentChange(orders.current.revenueMinor, orders.previous.revenueMinor);
      const ordersChange = percentChange(orders.current.orders, orders.previous.orders);
      const botsChange = percentChange(botCount.total, botCount.total - botCount.createdSince);
      const staffChange = percentChange(staff.total, staff.total - staff.createdSince);
      return {
        totalRevenue: orders.all.revenueMinor / 100,
        totalRevenueFormatted: formatUsdWhole(orders.all.revenueMinor),
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
