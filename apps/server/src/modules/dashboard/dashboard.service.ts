import type { DashboardStats, Trend } from '@app/contracts/dashboard';
import type { Actor } from '../../lib/actor';
import { formatMoney } from '../../lib/money';
import { percentChange } from '../../lib/percent';
import type { AuthService } from '../auth/auth.service';
import type { BotsService } from '../bots/bots.service';
import type { OrdersService } from '../orders/orders.service';

const WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

const trendOf = (change: number): Trend => (change > 0 ? 'up' : change < 0 ? 'down' : 'neutral');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Home reads other modules only: sales from the orders rollup, bots from bots, staff from auth. */
export type DashboardDeps = {
  orders: Pick<OrdersService, 'vendorSales'>;
  bots: Pick<BotsService, 'counts'>;
  auth: Pick<AuthService, 'staffCounts'>;
  now?: () => Date;
};

export function createDashboardService(deps: DashboardDeps) {
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
      const [sales, bots, staff] = await Promise.all([
        deps.orders.vendorSales(vendorId, botIds, isoDay(currentFrom), isoDay(previousFrom)),
        deps.bots.counts(vendorId, botIds, currentFrom),
        deps.auth.staffCounts(vendorId, currentFrom),
      ]);
      const revenueChange = percentChange(sales.current.revenueMinor, sales.previous.revenueMinor);
      const ordersChange = percentChange(sales.current.orders, sales.previous.orders);
      const botsChange = percentChange(bots.total, bots.total - bots.createdSince);
      const staffChange = percentChange(staff.total, staff.total - staff.createdSince);
      return {
        totalRevenue: sales.all.revenueMinor / 100,
        totalRevenueFormatted: formatMoney(sales.all.revenueMinor),
        revenueChange,
        revenueTrend: trendOf(revenueChange),
        activeBots: bots.active,
        totalBots: bots.total,
        botsChange,
        botsTrend: trendOf(botsChange),
        totalOrders: sales.all.orders,
        ordersChange,
        ordersTrend: trendOf(ordersChange),
        supportStaff: staff.total,
        staffChange,
        staffTrend: trendOf(staffChange),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
