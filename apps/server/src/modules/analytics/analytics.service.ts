import {
  ANALYTICS_LIMITS,
  ANALYTICS_PERIOD_DAYS,
  type AnalyticsChart,
  type AnalyticsChartType,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type BotPerformanceResponse,
  type ProductAnalytics,
  type ProductAnalyticsQuery,
} from '@app/contracts/analytics';
import { DAY_MS } from '@app/contracts/common';
import type { Db } from '../../db/types';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/days';
import { formatMoney } from '../../lib/money';
import { percentChange, percentOf } from '../../lib/percent';
import { toUsdMinor } from '../../lib/usd-rates';
import type { OrderReads } from '../orders/order-reads';
import * as repo from './analytics.repository';

export type AnalyticsDeps = {
  db: Db;
  /** Active customers: distinct customers who ordered in a window (orders' public reads). */
  orders?: Pick<OrderReads, 'orderingCustomersInWindows'>;
  /** Whether the caller may see a product (PRODUCT_NOT_FOUND otherwise): the product page's analytics. */
  products?: {
    visible(actor: Actor, productId: string): Promise<{ costPriceMinor: number | null; currency: string }>;
  };
  now?: () => Date;
};

const avg = (sum: number, n: number) => (n === 0 ? 0 : Math.round(sum / n));

/** The period's first day and the first day of the one before it (UTC), as the rollups' day keys. */
function windowOf(deps: AnalyticsDeps, period: AnalyticsPeriod) {
  const days = ANALYTICS_PERIOD_DAYS[period];
  const today = deps.now?.() ?? new Date();
  const from = new Date(today.getTime() - (days - 1) * DAY_MS);
  const prevFrom = new Date(from.getTime() - days * DAY_MS);
  return { days, from: dayOf(from), prevFrom: dayOf(prevFrom), fromDate: from };
}

const sliceOf = (actor: Actor, botId?: string): repo.Slice => ({
  vendorId: actor.vendorId,
  scope: actor.botIds,
  ...(botId ? { botId } : {}),
});

const conversion = (t: repo.Totals) => percentOf(t.placed, t.views);

/** The overview cards: revenue, orders, active customers and conversion, each with its change. */
export async function analyticsOverview(
  deps: AnalyticsDeps,
  actor: Actor,
  period: AnalyticsPeriod,
  botId?: string,
): Promise<AnalyticsOverview> {
  const w = windowOf(deps, period);
  const [{ current: c, previous: p }, customers] = await Promise.all([
    repo.windowTotals(deps.db, sliceOf(actor, botId), w.prevFrom, w.from),
    deps.orders?.orderingCustomersInWindows(actor.vendorId, actor.botIds, botId, w.prevFrom, w.from),
  ]);
  // A customer who ordered on several days (or through several bots) is one active customer: the daily
  // rollups' counts summed over the window would count them once per day.
  const active = customers ?? { current: c.active, previous: p.active };
  return {
    period,
    currency: 'USD',
    totalRevenue: c.revenue,
    totalRevenueFormatted: formatMoney(c.revenue),
    revenueChange: percentChange(c.revenue, p.revenue),
    totalOrders: c.orders,
    ordersChange: percentChange(c.orders, p.orders),
    activeCustomers: active.current,
    customersChange: percentChange(active.current, active.previous),
    avgConversion: conversion(c),
    conversionChange: percentChange(conversion(c), conversion(p)),
  };
}

/** One chart: daily revenue (zeros filled), top products, customer metrics, or category performance. */
export async function analyticsChart(
  deps: AnalyticsDeps,
  actor: Actor,
  type: AnalyticsChartType,
  q: { period: AnalyticsPeriod; botId?: string | undefined; limit: number },
): Promise<AnalyticsChart> {
  const { db } = deps;
  const w = windowOf(deps, q.period);
  const s = sliceOf(actor, q.botId);
  if (type === 'revenue') {
    const rows = new Map((await repo.dailySeries(db, s, w.from)).map((r) => [r.day, r]));
    const labels = daysOf(w);
    return {
      type,
      period: q.period,
      labels,
      revenue: labels.map((d) => rows.get(d)?.revenue ?? 0),
      orders: labels.map((d) => rows.get(d)?.orders ?? 0),
      customers: labels.map((d) => rows.get(d)?.customers ?? 0),
      active: labels.map((d) => rows.get(d)?.active ?? 0),
    };
  }
  if (type === 'top-products') {
    const rows = await repo.topProducts(db, s, w.prevFrom, w.from, q.limit);
    return {
      type,
      period: q.period,
      products: rows.map((r) => ({
        id: r.id,
        name: r.name ?? 'Deleted product',
        bot: r.botId ? { id: r.botId, username: r.botUsername ?? '' } : null,
        sales: r.units,
        revenue: r.revenue,
        revenueFormatted: formatMoney(r.revenue),
        growth: percentChange(r.revenue, r.previous),
      })),
    };
  }
  if (type === 'customer-metrics') {
    const [{ current: c }, life] = await Promise.all([
      repo.windowTotals(db, s, w.prevFrom, w.from),
      repo.allTimeTotals(db, s),
    ]);
    const aov = avg(c.revenue, c.orders);
    const clv = avg(life.revenue, life.customers);
    return {
      type,
      period: q.period,
      newCustomers: c.fresh,
      returningCustomers: Math.max(0, c.active - c.fresh),
      averageOrderValue: aov,
      averageOrderValueFormatted: formatMoney(aov),
      conversionRate: conversion(c),
      cartAbandonmentRate: percentOf(Math.max(0, c.carts - c.checkouts), c.carts),
      customerLifetimeValue: clv,
      customerLifetimeValueFormatted: formatMoney(clv),
    };
  }
  const rows = await repo.categoryPerformance(db, s, w.from, ANALYTICS_LIMITS.categoriesMax);
  return {
    type,
    period: q.period,
    categories: rows.map((r) => ({
      id: r.id,
      name: r.name ?? 'Uncategorized',
      icon: r.icon,
      revenue: r.revenue,
      revenueFormatted: formatMoney(r.revenue),
      sales: r.units,
      products: r.products,
    })),
  };
}

/** The days of the period, oldest first, as the rollups' day keys. */
function daysOf(w: ReturnType<typeof windowOf>): string[] {
  return Array.from({ length: w.days }, (_, i) => dayOf(new Date(w.fromDate.getTime() + i * DAY_MS)));
}

/**
 * A product's views, units and revenue per day of the period, in the caller's bots (or one of them);
 * PRODUCT_NOT_FOUND for a product the caller may not see, BOT_NOT_FOUND for a bot outside their scope.
 */
export async function productAnalytics(
  deps: AnalyticsDeps,
  actor: Actor,
  productId: string,
  q: ProductAnalyticsQuery,
): Promise<ProductAnalytics> {
  if (q.botId && !inBotScope(actor.botIds, q.botId)) throw new AppError('BOT_NOT_FOUND');
  if (!deps.products) throw new Error('analytics: the product page needs the products service');
  const product = await deps.products.visible(actor, productId);
  const w = windowOf(deps, q.period);
  const rows = new Map(
    (await repo.productDays(deps.db, sliceOf(actor, q.botId), productId, w.from)).map((r) => [r.day, r]),
  );
  const labels = daysOf(w);
  const views = labels.map((d) => rows.get(d)?.views ?? 0);
  const units = labels.map((d) => rows.get(d)?.units ?? 0);
  const revenue = labels.map((d) => rows.get(d)?.revenue ?? 0);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    productId,
    period: q.period,
    labels,
    views,
    units,
    revenue,
    totals: {
      views: sum(views),
      units: sum(units),
      revenue: sum(revenue),
      // The cost price is in the product's currency; revenue is summed in USD (lib/usd-rates.ts).
      grossProfit:
        product.costPriceMinor === null
          ? null
          : sum(revenue) - toUsdMinor(product.costPriceMinor * sum(units), product.currency),
    },
  };
}

/** Each bot's figures in the period, with changes; BOT_NOT_FOUND for an unknown or out-of-scope bot. */
export async function botPerformance(
  deps: AnalyticsDeps,
  actor: Actor,
  target: string,
  period: AnalyticsPeriod,
): Promise<BotPerformanceResponse> {
  const botId = target === 'all' ? undefined : target;
  if (botId && !inBotScope(actor.botIds, botId)) throw new AppError('BOT_NOT_FOUND');
  const w = windowOf(deps, period);
  const rows = await repo.botWindows(deps.db, sliceOf(actor, botId), w.prevFrom, w.from);
  if (botId && rows.length === 0) throw new AppError('BOT_NOT_FOUND');
  return {
    period,
    bots: rows.map((r) => {
      const a = avg(r.current.revenue, r.current.orders);
      return {
        id: r.botId,
        username: r.username,
        name: r.name,
        status: r.isActive ? 'active' : 'inactive',
        topCategory: r.topCategory,
        revenue: r.current.revenue,
        revenueFormatted: formatMoney(r.current.revenue),
        revenueChange: percentChange(r.current.revenue, r.previous.revenue),
        orders: r.current.orders,
        ordersChange: percentChange(r.current.orders, r.previous.orders),
        customers: r.current.fresh,
        customersChange: percentChange(r.current.fresh, r.previous.fresh),
        conversionRate: conversion(r.current),
        avgOrderValue: a,
        avgOrderValueFormatted: formatMoney(a),
      };
    }),
  };
}

/**
 * The README's analytics figures ("Analytics figures"), all from the rollups, in USD minor units. A period of
 * N days is today and the N − 1 days before it (UTC); changes compare with the N days before that.
 */
export function createAnalyticsService(deps: AnalyticsDeps) {
  return {
    overview: (actor: Actor, period: AnalyticsPeriod, botId?: string) =>
      analyticsOverview(deps, actor, period, botId),
    chart: (
      actor: Actor,
      type: AnalyticsChartType,
      q: { period: AnalyticsPeriod; botId?: string | undefined; limit: number },
    ) => analyticsChart(deps, actor, type, q),
    bots: (actor: Actor, target: string, period: AnalyticsPeriod) =>
      botPerformance(deps, actor, target, period),
    product: (actor: Actor, productId: string, q: ProductAnalyticsQuery) =>
      productAnalytics(deps, actor, productId, q),
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
