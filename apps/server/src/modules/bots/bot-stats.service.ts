import type { BotActivityItem, BotAnalytics, BotAnalyticsPeriod, BotWeeklyStats } from '@app/contracts/bots';
import { DAY_MS } from '@app/contracts/common';
import type { Db } from '../../db/types';
import { dayOf } from '../../lib/days';
import { formatMoney } from '../../lib/money';
import { percentChange, percentOf, signedPercent } from '../../lib/percent';
import type { CustomersService } from '../customers/customers.service';
import type { OrderReads } from '../orders/order-reads';
import { mustFindBot } from './bot-changes';

const PERIOD_DAYS: Record<BotAnalyticsPeriod, number> = { day: 1, week: 7, month: 30, year: 365 };

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const average = (total: number, count: number) => (count === 0 ? 0 : Math.round(total / count));

type Totals = { orders: number; revenueMinor: number; newCustomers: number };

function growthOf(current: Totals, previous: Totals) {
  return {
    revenue: percentChange(current.revenueMinor, previous.revenueMinor),
    orders: percentChange(current.orders, previous.orders),
    customers: percentChange(current.newCustomers, previous.newCustomers),
  };
}

export type BotStatsDeps = {
  db: Db;
  orders: OrderReads;
  customers: CustomersService;
  now?: () => Date;
};

const nowOf = (deps: BotStatsDeps): Date => deps.now?.() ?? new Date();

/**
 * Two consecutive windows of `days` UTC days ending today, from the daily rollup: the current one (today and
 * the days before) and the one before it.
 */
async function windows(deps: BotStatsDeps, vendorId: string, botId: string, days: number, at: Date) {
  const currentFrom = new Date(startOfUtcDay(at).getTime() - (days - 1) * DAY_MS);
  const previousFrom = new Date(currentFrom.getTime() - days * DAY_MS);
  const rows = await deps.orders.dailySales(vendorId, botId, dayOf(previousFrom));
  const current: Totals = { orders: 0, revenueMinor: 0, newCustomers: 0 };
  const previous: Totals = { orders: 0, revenueMinor: 0, newCustomers: 0 };
  const currentFromDay = dayOf(currentFrom);
  for (const r of rows) {
    const into = r.day >= currentFromDay ? current : previous;
    into.orders += r.orders;
    into.revenueMinor += r.revenueMinor;
    into.newCustomers += r.newCustomers;
  }
  return { currentFrom, current, previous, byDay: new Map(rows.map((r) => [r.day, r])) };
}

/** Percent of the bot's customers who ordered since `from`. */
async function conversionRate(
  deps: BotStatsDeps,
  vendorId: string,
  botId: string,
  from: Date,
): Promise<number> {
  const [members, ordered] = await Promise.all([
    deps.customers.memberCount(vendorId, botId),
    deps.orders.orderingCustomerCount(vendorId, botId, from),
  ]);
  return percentOf(ordered, members);
}

/** This 7 days (today included) against the 7 before, from the rollup; conversion from the bot's orders. */
export async function weeklyBotStats(
  deps: BotStatsDeps,
  vendorId: string,
  botId: string,
): Promise<BotWeeklyStats> {
  const bot = await mustFindBot(deps.db, vendorId, botId);
  const w = await windows(deps, vendorId, botId, 7, nowOf(deps));
  const rate = await conversionRate(deps, vendorId, botId, w.currentFrom);
  const avg = average(w.current.revenueMinor, w.current.orders);
  const growth = growthOf(w.current, w.previous);
  return {
    currency: bot.currency,
    totals: {
      revenue: w.current.revenueMinor,
      revenueFormatted: formatMoney(w.current.revenueMinor, bot.currency),
      orders: w.current.orders,
      customers: w.current.newCustomers,
      avgOrderValue: avg,
      avgOrderValueFormatted: formatMoney(avg, bot.currency),
      conversionRate: rate,
    },
    growth: {
      revenue: signedPercent(growth.revenue),
      orders: signedPercent(growth.orders),
      customers: signedPercent(growth.customers),
    },
    growthPercent: growth,
  };
}

/** The bot's latest orders and new customers, merged newest first. */
export async function botActivity(
  deps: BotStatsDeps,
  vendorId: string,
  botId: string,
  limit: number,
): Promise<BotActivityItem[]> {
  await mustFindBot(deps.db, vendorId, botId);
  const [orderRows, members] = await Promise.all([
    deps.orders.recentOrders(vendorId, botId, limit),
    deps.customers.recentMembers(vendorId, botId, limit),
  ]);
  const nameOf = await deps.customers.shortNames(
    vendorId,
    orderRows.map((o) => o.customerId),
  );
  const items: (BotActivityItem & { at: number })[] = [
    ...orderRows.map((o) => ({
      id: `order-${o.id}`,
      type: 'order' as const,
      description: `Order #${o.number} from ${nameOf(o.customerId)}`,
      time: o.createdAt.toISOString(),
      customerName: nameOf(o.customerId),
      orderNumber: o.number,
      amount: o.totalMinor,
      currency: o.currency,
      amountFormatted: formatMoney(o.totalMinor, o.currency),
      at: o.createdAt.getTime(),
    })),
    ...members.map((m) => ({
      id: `customer-${m.customerId}`,
      type: 'customer' as const,
      description: `New customer ${m.name} joined`,
      time: m.joinedAt.toISOString(),
      customerName: m.name,
      orderNumber: null,
      amount: null,
      currency: null,
      amountFormatted: null,
      at: m.joinedAt.getTime(),
    })),
  ];
  return items
    .sort((a, b) => b.at - a.at)
    .slice(0, limit)
    .map(({ at: _at, ...item }) => item);
}

/** Totals, one entry per day (zeros filled) and growth against the previous period of the same length. */
export async function botAnalytics(
  deps: BotStatsDeps,
  vendorId: string,
  botId: string,
  period: BotAnalyticsPeriod,
): Promise<BotAnalytics> {
  const bot = await mustFindBot(deps.db, vendorId, botId);
  const days = PERIOD_DAYS[period];
  const at = nowOf(deps);
  const w = await windows(deps, vendorId, botId, days, at);
  // "day" is the last 24 hours for conversion; the rollup's finest grain is today's row.
  const conversionFrom = period === 'day' ? new Date(at.getTime() - DAY_MS) : w.currentFrom;
  const rate = await conversionRate(deps, vendorId, botId, conversionFrom);
  const daily = Array.from({ length: days }, (_, i) => {
    const day = dayOf(new Date(w.currentFrom.getTime() + i * DAY_MS));
    const r = w.byDay.get(day);
    return {
      date: day,
      orders: r?.orders ?? 0,
      revenue: r?.revenueMinor ?? 0,
      customers: r?.newCustomers ?? 0,
    };
  });
  return {
    period,
    currency: bot.currency,
    totals: {
      customers: w.current.newCustomers,
      orders: w.current.orders,
      revenue: w.current.revenueMinor,
      revenueFormatted: formatMoney(w.current.revenueMinor, bot.currency),
      avgOrderValue: average(w.current.revenueMinor, w.current.orders),
      conversionRate: rate,
    },
    daily,
    growth: growthOf(w.current, w.previous),
  };
}

/** A bot's stats as the bot-details routes call them: every function bound to `deps` once. */
export function createBotStatsService(deps: BotStatsDeps) {
  return {
    weekly: (vendorId: string, botId: string) => weeklyBotStats(deps, vendorId, botId),
    activity: (vendorId: string, botId: string, limit: number) => botActivity(deps, vendorId, botId, limit),
    analytics: (vendorId: string, botId: string, period: BotAnalyticsPeriod) =>
      botAnalytics(deps, vendorId, botId, period),
  };
}

export type BotStatsService = ReturnType<typeof createBotStatsService>;
