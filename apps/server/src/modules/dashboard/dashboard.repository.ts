import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { botScopeWhere } from '../../db/bot-scope';
import type { Db } from '../../db/client';
import { botDailyStats, bots, telegramIdentities } from '../../db/schema/index';
import type { BotScope } from '../../lib/actor';

export type PeriodTotals = { orders: number; revenueMinor: number };

/** All-time totals and two consecutive windows of the bots in scope, in one pass over the daily rollup. */
export async function orderTotals(
  db: Db,
  vendorId: string,
  scope: BotScope,
  currentFrom: string,
  previousFrom: string,
) {
  const [row] = await db
    .select({
      orders: sql<number>`coalesce(sum(${botDailyStats.orders}), 0)::int`,
      revenueMinor: sql<number>`coalesce(sum(${botDailyStats.revenueMinor}), 0)::bigint`,
      currentOrders: sql<number>`coalesce(sum(${botDailyStats.orders}) filter (where ${botDailyStats.day} >= ${currentFrom}), 0)::int`,
      currentRevenue: sql<number>`coalesce(sum(${botDailyStats.revenueMinor}) filter (where ${botDailyStats.day} >= ${currentFrom}), 0)::bigint`,
      previousOrders: sql<number>`coalesce(sum(${botDailyStats.orders}) filter (where ${botDailyStats.day} >= ${previousFrom} and ${botDailyStats.day} < ${currentFrom}), 0)::int`,
      previousRevenue: sql<number>`coalesce(sum(${botDailyStats.revenueMinor}) filter (where ${botDailyStats.day} >= ${previousFrom} and ${botDailyStats.day} < ${currentFrom}), 0)::bigint`,
    })
    .from(botDailyStats)
    .where(and(eq(botDailyStats.vendorId, vendorId), botScopeWhere(botDailyStats.botId, scope)));
  return {
    all: { orders: Number(row?.orders ?? 0), revenueMinor: Number(row?.revenueMinor ?? 0) },
    current: { orders: Number(row?.currentOrders ?? 0), revenueMinor: Number(row?.currentRevenue ?? 0) },
    previous: { orders: Number(row?.previousOrders ?? 0), revenueMinor: Number(row?.previousRevenue ?? 0) },
  };
}

export async function botCounts(db: Db, vendorId: string, scope: BotScope, since: Date) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${bots.isActive})::int`,
      createdSince: sql<number>`count(*) filter (where ${bots.createdAt} >= ${since.toISOString()})::int`,
    })
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), isNull(bots.deletedAt), botScopeWhere(bots.id, scope)));
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    createdSince: Number(row?.createdSince ?? 0),
  };
}

export async function staffCounts(db: Db, vendorId: string, since: Date) {
  const [row] = await db
    .select({
      total: count(),
      createdSince: sql<number>`count(*) filter (where ${telegramIdentities.createdAt} >= ${since.toISOString()})::int`,
    })
    .from(telegramIdentities)
    .where(and(eq(telegramIdentities.vendorId, vendorId), eq(telegramIdentities.role, 'STAFF')));
  return { total: Number(row?.total ?? 0), createdSince: Number(row?.createdSince ?? 0) };
}
