import type { BotActivityItem, BotAnalytics, BotAnalyticsPeriod, BotWeeklyStats } from '@app/contracts/bots';
import type { Db } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { formatMoney } from '../../lib/money';
import { percentChange, percentOf, signedPercent } from '../../lib/percent';
import { shortName } from './bot-view';
import * as repo from './bots.repository';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<BotAnalyticsPeriod, number> = { day: 1, week: 7, month: 30, year: 365 };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

type Totals = { orders: number; revenueMinor: number; newCustomers: number };

/**
 * Two consecutive windows of `days` UTC days ending today, from the daily rollup: the current one (today and
 * the days before) and the one before it.
 */
async function windows(db: Db, vendorId: string, botId: string, days: number, now: Date) {
  const today = startOfUtcDay(now);
  const currentFrom = new Date(today.getTime() - (days - 1) * DAY_MS);
  const previousFrom = new Date(currentFrom.getTime() - days * DAY_MS);
  const rows = await repo.dailyStats(db, vendorId, botId, isoDay(previousFrom));
  const current: Totals = { orders: 0, revenueMinor: 0, newCustomers: 0 };
  const previous: Totals = { orders: 0, revenueMinor: 0, newCustomers: 0 };
  const byDay = new Map<string, repo.DailyRow>();
  const currentFromDay = isoDay(currentFrom);
  for (const r of rows) {
    const into = r.day >= currentFromDay ? current : previous;
    into.orders += r.orders;
    into.revenueMinor += r.revenueMinor;
    into.newCustomers += r.newCustomers;
    byDay.set(r.day, r);
  }
  return { currentFrom, current, previous, byDay };
}

export function createBotStatsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function mustFind(vendorId: string, botId: string) {
    const row = await repo.findBot(db, vendorId, botId);
    if (!row) throw new AppError('BOT_NOT_FOUND');
    return row;
  }

  async function conversionRate(vendorId: string, botId: string, from: Date): Promise<number> {
    const [members, ordered] = await Promise.all([
      repo.customerCount(db, vendorId, botId),
      repo.orderingCustomers(db, vendorId, botId, from),
    ]);
    return percentOf(ordered, members);
  }

  return {
    /** This 7 days (today included) against the 7 before, from the rollup; conversion from the bot's orders. */
    async weekly(vendorId: string, botId: string): Promise<BotWeeklyStats> {
      const bot = await mustFind(vendorId, botId);
      const w = await windows(db, vendorId, botId, 7, now());
      const rate = await conversionRate(vendorId, botId, w.currentFrom);
      const avg = w.current.orders === 0 ? 0 : Math.round(w.current.revenueMinor / w.current.orders);
      const growth = {
        revenue: percentChange(w.current.revenueMinor, w.previous.revenueMinor),
        orders: percentChange(w.current.orders, w.previous.orders),
        customers: percentChange(w.current.newCustomers, w.previous.newCustomers),
      };
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
    },

    /** The bot's latest orders and new customers, merged newest first. */
    async activity(vendorId: string, botId: string, limit: number): Promise<BotActivityItem[]> {
      const bot = await mustFind(vendorId, botId);
      const [orderRows, memberRows] = await Promise.all([
        repo.recentOrders(db, vendorId, botId, limit),
        repo.recentMembers(db, vendorId, botId, limit),
      ]);
      const items: (BotActivityItem & { at: number })[] = [
        ...orderRows.map((o) => ({
          id: `order-${o.id}`,
          type: 'order' as const,
          description: `Order #${o.number} from ${shortName(o.firstName, o.lastName)}`,
          time: o.createdAt.toISOString(),
          customerName: shortName(o.firstName, o.lastName),
          orderNumber: o.number,
          amount: o.totalMinor,
          currency: o.currency,
          amountFormatted: formatMoney(o.totalMinor, o.currency ?? bot.currency),
          at: o.createdAt.getTime(),
        })),
        ...memberRows.map((m) => ({
          id: `customer-${m.customerId}`,
          type: 'customer' as const,
          description: `New customer ${shortName(m.firstName, m.lastName)} joined`,
          time: m.joinedAt.toISOString(),
          customerName: shortName(m.firstName, m.lastName),
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
    },

    /** Totals, one entry per day (zeros filled) and growth against the previous period of the same length. */
    async analytics(vendorId: string, botId: string, period: BotAnalyticsPeriod): Promise<BotAnalytics> {
      const bot = await mustFind(vendorId, botId);
      const days = PERIOD_DAYS[period];
      const at = now();
      const w = await windows(db, vendorId, botId, days, at);
      // "day" is the last 24 hours for conversion; the rollup's finest grain is today's row.
      const conversionFrom = period === 'day' ? new Date(at.getTime() - DAY_MS) : w.currentFrom;
      const rate = await conversionRate(vendorId, botId, conversionFrom);
      const daily = Array.from({ length: days }, (_, i) => {
        const day = isoDay(new Date(w.currentFrom.getTime() + i * DAY_MS));
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
          avgOrderValue: w.current.orders === 0 ? 0 : Math.round(w.current.revenueMinor / w.current.orders),
          conversionRate: rate,
        },
        daily,
        growth: {
          customers: percentChange(w.current.newCustomers, w.previous.newCustomers),
          orders: percentChange(w.current.orders, w.previous.orders),
          revenue: percentChange(w.current.revenueMinor, w.previous.revenueMinor),
        },
      };
    },
  };
}

export type BotStatsService = ReturnType<typeof createBotStatsService>;
