import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { botScopeWhere } from '../../db/bot-scope';
import { botDailyStats, orders, shopPayments, vendorDailyStats } from '../../db/schema/index';
import type { Conn } from '../../db/types';
import type { BotScope } from '../../lib/actor';

export type Sales = { orders: number; revenueMinor: number };
export type DailySales = Sales & { day: string; newCustomers: number };
/** A bot's sales with their USD value (each order's fixed when it was placed: lib/usd-rates.ts), for sums across bots. */
export type BotSales = Sales & { revenueUsdMinor: number };
export type RecentOrder = {
  id: string;
  number: number;
  totalMinor: number;
  currency: string;
  createdAt: Date;
  customerId: string;
};

/** All-time orders and revenue (its own currency and USD) of each bot given, from the daily rollup: one grouped query. */
export async function salesByBot(
  db: Conn,
  vendorId: string,
  botIds: string[],
): Promise<Map<string, BotSales>> {
  if (botIds.length === 0) return new Map();
  const rows = await db
    .select({
      botId: botDailyStats.botId,
      orders: sql<number>`coalesce(sum(${botDailyStats.orders}), 0)::int`,
      revenueMinor: sql<number>`coalesce(sum(${botDailyStats.revenueMinor}), 0)::bigint`,
      revenueUsdMinor: sql<number>`coalesce(sum(${botDailyStats.revenueUsdMinor}), 0)::bigint`,
    })
    .from(botDailyStats)
    .where(and(eq(botDailyStats.vendorId, vendorId), inArray(botDailyStats.botId, botIds)))
    .groupBy(botDailyStats.botId);
  return new Map(
    rows.map((r) => [
      r.botId,
      {
        orders: Number(r.orders),
        revenueMinor: Number(r.revenueMinor),
        revenueUsdMinor: Number(r.revenueUsdMinor),
      },
    ]),
  );
}

/**
 * The vendor's all-time orders and revenue and those of two consecutive windows (days `previousFrom` ≤ d <
 * `currentFrom`, and `currentFrom` on), in one pass over the daily rollup.
 */
/** Totals over the bots in scope (the caller's). */
export async function vendorSales(
  db: Conn,
  vendorId: string,
  scope: BotScope,
  currentFrom: string,
  previousFrom: string,
) {
  // Dashboards sum in USD (each order's USD value is fixed when it is placed: lib/usd-rates.ts). The whole
  // vendor reads its own days (a year is 365 rows), a list of bots their days.
  const whole = scope === 'all';
  const t = whole ? vendorDailyStats : botDailyStats;
  const { orders: n, revenueUsdMinor: revenue, day } = t;
  const [row] = await db
    .select({
      orders: sql<number>`coalesce(sum(${n}), 0)::int`,
      revenueMinor: sql<number>`coalesce(sum(${revenue}), 0)::bigint`,
      currentOrders: sql<number>`coalesce(sum(${n}) filter (where ${day} >= ${currentFrom}), 0)::int`,
      currentRevenue: sql<number>`coalesce(sum(${revenue}) filter (where ${day} >= ${currentFrom}), 0)::bigint`,
      previousOrders: sql<number>`coalesce(sum(${n}) filter (where ${day} >= ${previousFrom} and ${day} < ${currentFrom}), 0)::int`,
      previousRevenue: sql<number>`coalesce(sum(${revenue}) filter (where ${day} >= ${previousFrom} and ${day} < ${currentFrom}), 0)::bigint`,
    })
    .from(t)
    .where(
      whole
        ? eq(vendorDailyStats.vendorId, vendorId)
        : and(eq(botDailyStats.vendorId, vendorId), botScopeWhere(botDailyStats.botId, scope)),
    );
  return {
    all: { orders: Number(row?.orders ?? 0), revenueMinor: Number(row?.revenueMinor ?? 0) },
    current: { orders: Number(row?.currentOrders ?? 0), revenueMinor: Number(row?.currentRevenue ?? 0) },
    previous: { orders: Number(row?.previousOrders ?? 0), revenueMinor: Number(row?.previousRevenue ?? 0) },
  };
}

/** The bot's daily rollup rows from `fromDay` (inclusive, YYYY-MM-DD). */
export async function dailySales(
  db: Conn,
  vendorId: string,
  botId: string,
  fromDay: string,
): Promise<DailySales[]> {
  const rows = await db
    .select({
      day: botDailyStats.day,
      orders: botDailyStats.orders,
      revenueMinor: botDailyStats.revenueMinor,
      newCustomers: botDailyStats.newCustomers,
    })
    .from(botDailyStats)
    .where(
      and(
        eq(botDailyStats.vendorId, vendorId),
        eq(botDailyStats.botId, botId),
        sql`${botDailyStats.day} >= ${fromDay}`,
      ),
    );
  return rows.map((r) => ({ ...r, revenueMinor: Number(r.revenueMinor) }));
}

/** Distinct customers with a non-cancelled order through the bot since `from` (uses orders_vendor_bot_idx). */
export async function orderingCustomerCount(
  db: Conn,
  vendorId: string,
  botId: string,
  from: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${orders.customerId})::int` })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        eq(orders.botId, botId),
        sql`${orders.createdAt} >= ${from.toISOString()}`,
        ne(orders.status, 'cancelled'),
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * Distinct customers with a non-cancelled order in two consecutive windows (ISO day bounds, UTC): `from` on,
 * and `prevFrom` up to `from`. A customer counts once however many orders and bots (the daily rollups' counts
 * cannot be summed across days without counting a customer once per day).
 */
export async function orderingCustomersInWindows(
  db: Conn,
  vendorId: string,
  scope: BotScope,
  botId: string | undefined,
  prevFrom: string,
  from: string,
): Promise<{ current: number; previous: number }> {
  const [row] = await db
    .select({
      current: sql<number>`count(distinct ${orders.customerId}) filter (where ${orders.createdAt} >= ${from}::timestamptz)::int`,
      previous: sql<number>`count(distinct ${orders.customerId}) filter (where ${orders.createdAt} < ${from}::timestamptz)::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        botScopeWhere(orders.botId, scope),
        botId ? eq(orders.botId, botId) : undefined,
        sql`${orders.createdAt} >= ${prevFrom}::timestamptz`,
        ne(orders.status, 'cancelled'),
      ),
    );
  return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}

/** The bot's latest orders, newest first. */
export async function recentOrders(
  db: Conn,
  vendorId: string,
  botId: string,
  limit: number,
): Promise<RecentOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      createdAt: orders.createdAt,
      customerId: orders.customerId,
    })
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), eq(orders.botId, botId)))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, totalMinor: Number(r.totalMinor) }));
}

/** Who an order belongs to: its customer and bot, and its number. */
export async function orderParties(db: Conn, vendorId: string, orderId: string) {
  const [row] = await db
    .select({ customerId: orders.customerId, botId: orders.botId, number: orders.number })
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), eq(orders.id, orderId)))
    .limit(1);
  return row;
}

/** An order as a Star transaction is matched to it: its number, its payment's state, the charge it was paid by. */
export type StarOrderMatch = {
  orderId: string;
  number: number;
  paymentStatus: 'pending' | 'paid' | 'refunded' | 'failed';
  /** The Telegram charge id of its Stars payment; null when none was recorded. */
  chargeId: string | null;
  /** When that payment was refunded (refundStarPayment); null when not. */
  refundedAt: Date | null;
};

/**
 * The bot's orders that the given Telegram charge ids paid, or that the given order ids name (an invoice payload),
 * with their payment's state: the Stars reconciliation's one query.
 */
export async function starOrderMatches(
  db: Conn,
  vendorId: string,
  botId: string,
  chargeIds: string[],
  orderIds: string[],
): Promise<StarOrderMatch[]> {
  if (chargeIds.length === 0 && orderIds.length === 0) return [];
  const byCharge = chargeIds.length > 0 ? inArray(shopPayments.telegramChargeId, chargeIds) : sql`false`;
  const byOrder = orderIds.length > 0 ? inArray(orders.id, orderIds) : sql`false`;
  return db
    .select({
      orderId: orders.id,
      number: orders.number,
      paymentStatus: orders.paymentStatus,
      chargeId: shopPayments.telegramChargeId,
      refundedAt: shopPayments.refundedAt,
    })
    .from(orders)
    .leftJoin(
      shopPayments,
      and(
        eq(shopPayments.vendorId, orders.vendorId),
        eq(shopPayments.orderId, orders.id),
        eq(shopPayments.currency, 'XTR'),
      ),
    )
    .where(and(eq(orders.vendorId, vendorId), eq(orders.botId, botId), sql`(${byCharge} or ${byOrder})`));
}
