import { DAY_MS } from '@app/contracts/common';
import type { DashboardBots, DashboardStats, SubscriptionOverview, Trend } from '@app/contracts/dashboard';
import { PLANS, type Plan } from '@app/contracts/plans';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { dayOf } from '../../lib/days';
import { formatMoney } from '../../lib/money';
import { percentChange } from '../../lib/percent';
import type { AuthService } from '../auth/auth.service';
import type { BotsService } from '../bots/bots.service';
import type { OrderReads } from '../orders/order-reads';
import * as repo from './dashboard.repository';

const WINDOW_DAYS = 30;

const trendOf = (change: number): Trend => (change > 0 ? 'up' : change < 0 ? 'down' : 'neutral');

/** Home reads other modules only: sales from the orders rollup, bots from bots, staff from auth. */
export type DashboardDeps = {
  orders: Pick<OrderReads, 'vendorSales'>;
  bots: Pick<BotsService, 'counts'>;
  auth: Pick<AuthService, 'staffCounts'>;
  /** For the bots card and the subscription overview (dashboard.repository). */
  db?: Db;
  now?: () => Date;
};

/**
 * Figures for Home over the caller's bots, from the daily rollups: the same cost at a hundred orders and at
 * ten million. Staff counts are the vendor's whole team.
 */
export async function getDashboardStats(deps: DashboardDeps, actor: Actor): Promise<DashboardStats> {
  const { vendorId, botIds } = actor;
  const now = deps.now?.() ?? new Date();
  const currentFrom = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const previousFrom = new Date(now.getTime() - 2 * WINDOW_DAYS * DAY_MS);
  const [sales, bots, staff] = await Promise.all([
    deps.orders.vendorSales(vendorId, botIds, dayOf(currentFrom), dayOf(previousFrom)),
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
}

/** Home's Active Bots card: the caller's bots with all-time orders and USD revenue from the rollup. */
export async function getDashboardBots(deps: DashboardDeps, actor: Actor): Promise<DashboardBots> {
  if (!deps.db) throw new Error('dashboard: db not given');
  const rows = await repo.botsWithSales(deps.db, actor.vendorId, actor.botIds);
  return {
    bots: rows.map((r) => ({ ...r, revenueFormatted: formatMoney(r.revenue) })),
    total: rows.length,
    online: rows.filter((r) => r.isActive).length,
  };
}

/**
 * The live subscriptions of the caller's bots: in trial or paid and not past their end, and FREE bots
 * (no record: FREE never ends). Monthly cost sums the plans' monthly prices (a yearly plan counts its
 * yearly price over 12); the average fee is the mean of their fees.
 */
export async function getSubscriptionOverview(
  deps: DashboardDeps,
  actor: Actor,
): Promise<SubscriptionOverview> {
  if (!deps.db) throw new Error('dashboard: db not given');
  const at = (deps.now?.() ?? new Date()).getTime();
  const rows = await repo.currentSubscriptions(deps.db, actor.vendorId, actor.botIds);
  const live = rows.filter(
    (r) =>
      r.plan === null || ((r.status === 'trial' || r.status === 'active') && (r.endsAt?.getTime() ?? 0) > at),
  );
  const subscriptions = live.map((r) => {
    const plan = (r.plan ?? 'FREE') as Plan;
    const offer = PLANS[plan];
    const amount = r.billingPeriod === 'yearly' ? Math.round(offer.priceYearly / 12) : offer.priceMonthly;
    const feeBps = r.feeBps ?? offer.feeBps;
    return {
      id: r.id ?? `free:${r.botId}`,
      botId: r.botId,
      botName: r.botName,
      tier: r.status === 'trial' ? `${plan} (trial)` : plan,
      amount,
      amountFormatted: formatMoney(amount),
      feePercentage: feeBps / 100,
    };
  });
  const monthlyCost = subscriptions.reduce((s, x) => s + x.amount, 0);
  const averageFee =
    subscriptions.length === 0
      ? 0
      : Math.round((subscriptions.reduce((s, x) => s + x.feePercentage, 0) / subscriptions.length) * 100) /
        100;
  return {
    activeSubscriptions: subscriptions.length,
    monthlyCost,
    monthlyCostFormatted: formatMoney(monthlyCost),
    averageFeePercentage: averageFee,
    subscriptions,
  };
}

/** Home as its routes call it: every function bound to `deps` once. */
export function createDashboardService(deps: DashboardDeps) {
  return {
    getStats: (actor: Actor) => getDashboardStats(deps, actor),
    getBots: (actor: Actor) => getDashboardBots(deps, actor),
    subscriptionOverview: (actor: Actor) => getSubscriptionOverview(deps, actor),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
