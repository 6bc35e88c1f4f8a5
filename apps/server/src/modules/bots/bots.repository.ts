import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  activityLog,
  botDailyStats,
  botSubscriptions,
  bots,
  customerBots,
  customers,
  orders,
  productBots,
  products,
  vendors,
} from '../../db/schema/index';

type Conn = Db | Tx;

export type BotRow = typeof bots.$inferSelect;
export type SubscriptionRow = typeof botSubscriptions.$inferSelect;
export type BotMeasures = { orders: number; revenueMinor: number; customers: number; products: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A vendor's bot, unless deleted. */
export async function findBot(db: Conn, vendorId: string, botId: string): Promise<BotRow | undefined> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), eq(bots.id, botId), isNull(bots.deletedAt)))
    .limit(1);
  return row;
}

export async function listBots(db: Conn, vendorId: string): Promise<BotRow[]> {
  return db
    .select()
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), isNull(bots.deletedAt)))
    .orderBy(desc(bots.createdAt));
}

/** The current (newest) subscription row of each bot given; bots without one are absent from the map. */
export async function currentSubscriptions(
  db: Conn,
  vendorId: string,
  botIds: string[],
): Promise<Map<string, SubscriptionRow>> {
  if (botIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([botSubscriptions.botId])
    .from(botSubscriptions)
    .where(and(eq(botSubscriptions.vendorId, vendorId), inArray(botSubscriptions.botId, botIds)))
    .orderBy(
      botSubscriptions.botId,
      desc(botSubscriptions.createdAt),
      desc(botSubscriptions.startsAt),
      desc(botSubscriptions.id),
    );
  return new Map(rows.map((r) => [r.botId, r]));
}

/**
 * Orders, revenue, customers and products of the bots given: one grouped query per measure, whatever the
 * number of bots.
 */
export async function botMeasures(
  db: Conn,
  vendorId: string,
  botIds: string[],
): Promise<Map<string, BotMeasures>> {
  const result = new Map<string, BotMeasures>(
    botIds.map((id) => [id, { orders: 0, revenueMinor: 0, customers: 0, products: 0 }]),
  );
  if (botIds.length === 0) return result;
  const [sales, members, linked, [everyBot]] = await Promise.all([
    db
      .select({
        botId: botDailyStats.botId,
        orders: sql<number>`coalesce(sum(${botDailyStats.orders}), 0)::int`,
        revenueMinor: sql<number>`coalesce(sum(${botDailyStats.revenueMinor}), 0)::bigint`,
      })
      .from(botDailyStats)
      .where(and(eq(botDailyStats.vendorId, vendorId), inArray(botDailyStats.botId, botIds)))
      .groupBy(botDailyStats.botId),
    db
      .select({ botId: customerBots.botId, count: sql<number>`count(*)::int` })
      .from(customerBots)
      .where(and(eq(customerBots.vendorId, vendorId), inArray(customerBots.botId, botIds)))
      .groupBy(customerBots.botId),
    // Products sold through chosen bots only; those sold through every bot are counted once below.
    db
      .select({ botId: productBots.botId, count: sql<number>`count(*)::int` })
      .from(productBots)
      .innerJoin(
        products,
        and(eq(products.vendorId, productBots.vendorId), eq(products.id, productBots.productId)),
      )
      .where(
        and(
          eq(productBots.vendorId, vendorId),
          inArray(productBots.botId, botIds),
          eq(products.allBots, false),
          ne(products.status, 'archived'),
        ),
      )
      .groupBy(productBots.botId),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(
        and(eq(products.vendorId, vendorId), eq(products.allBots, true), ne(products.status, 'archived')),
      ),
  ]);
  const all = Number(everyBot?.count ?? 0);
  for (const m of result.values()) m.products = all;
  for (const r of sales) {
    const m = result.get(r.botId);
    if (m) Object.assign(m, { orders: Number(r.orders), revenueMinor: Number(r.revenueMinor) });
  }
  for (const r of members) {
    const m = result.get(r.botId);
    if (m) m.customers = Number(r.count);
  }
  for (const r of linked) {
    const m = result.get(r.botId);
    if (m) m.products += Number(r.count);
  }
  return result;
}

/** Whether a non-deleted bot (of any vendor) has this token. */
export async function tokenHashTaken(db: Conn, tokenHash: string, exceptBotId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: bots.id })
    .from(bots)
    .where(
      and(
        eq(bots.tokenHash, tokenHash),
        isNull(bots.deletedAt),
        exceptBotId ? ne(bots.id, exceptBotId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether a non-deleted bot (of any vendor) has this username, case-insensitively. */
export async function usernameTaken(db: Conn, username: string, exceptBotId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: bots.id })
    .from(bots)
    .where(
      and(
        sql`lower(${bots.username}) = lower(${username})`,
        isNull(bots.deletedAt),
        exceptBotId ? ne(bots.id, exceptBotId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Serialises bot creation per vendor, so two concurrent "first bots" cannot both take the Free plan. */
export async function lockVendor(tx: Tx, vendorId: string): Promise<void> {
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('update');
}

export async function vendorHasBots(db: Conn, vendorId: string): Promise<boolean> {
  const rows = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), isNull(bots.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function insertBot(tx: Conn, values: typeof bots.$inferInsert): Promise<BotRow> {
  const [row] = await tx.insert(bots).values(values).returning();
  if (!row) throw new Error('bot insert returned nothing');
  return row;
}

export async function insertSubscription(tx: Conn, values: typeof botSubscriptions.$inferInsert) {
  await tx.insert(botSubscriptions).values(values);
}

export async function insertActivity(db: Conn, values: typeof activityLog.$inferInsert): Promise<void> {
  await db.insert(activityLog).values(values);
}

export async function updateBot(
  db: Conn,
  vendorId: string,
  botId: string,
  set: Partial<typeof bots.$inferInsert>,
): Promise<BotRow | undefined> {
  const [row] = await db
    .update(bots)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(bots.vendorId, vendorId), eq(bots.id, botId), isNull(bots.deletedAt)))
    .returning();
  return row;
}

/** The stored webhook secret of a live bot, looked up by id alone: Telegram's request names no vendor. */
export async function findWebhookSecret(db: Conn, botId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: bots.webhookSecretCiphertext })
    .from(bots)
    .where(and(eq(bots.id, botId), isNull(bots.deletedAt)))
    .limit(1);
  return row?.secret ?? null;
}

export type DailyRow = { day: string; orders: number; revenueMinor: number; newCustomers: number };

/** The bot's daily rollup rows from `fromDay` (inclusive, YYYY-MM-DD). */
export async function dailyStats(
  db: Conn,
  vendorId: string,
  botId: string,
  fromDay: string,
): Promise<DailyRow[]> {
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

export async function customerCount(db: Conn, vendorId: string, botId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(customerBots)
    .where(and(eq(customerBots.vendorId, vendorId), eq(customerBots.botId, botId)));
  return Number(row?.count ?? 0);
}

/** Distinct customers with a non-cancelled order through the bot since `from` (uses orders_vendor_bot_idx). */
export async function orderingCustomers(
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

export async function recentOrders(db: Conn, vendorId: string, botId: string, limit: number) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      createdAt: orders.createdAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(orders)
    .innerJoin(customers, and(eq(customers.vendorId, orders.vendorId), eq(customers.id, orders.customerId)))
    .where(and(eq(orders.vendorId, vendorId), eq(orders.botId, botId)))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, totalMinor: Number(r.totalMinor) }));
}

export async function recentMembers(db: Conn, vendorId: string, botId: string, limit: number) {
  return db
    .select({
      customerId: customerBots.customerId,
      joinedAt: customerBots.joinedAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customerBots)
    .innerJoin(
      customers,
      and(eq(customers.vendorId, customerBots.vendorId), eq(customers.id, customerBots.customerId)),
    )
    .where(and(eq(customerBots.vendorId, vendorId), eq(customerBots.botId, botId)))
    .orderBy(desc(customerBots.joinedAt))
    .limit(limit);
}

export type ExpiredSubscription = { vendorId: string; botId: string; subscriptionId: string };

/**
 * Marks as expired every current (newest per bot) subscription in trial or active whose end has passed, in one
 * statement. SKIP LOCKED lets several server processes run this at once without waiting on each other or
 * expiring a row twice.
 */
export async function expireDueSubscriptions(db: Conn, now: Date): Promise<ExpiredSubscription[]> {
  const result = await db.execute(sql`
    with due as (
      select s.vendor_id, s.id
      from bot_subscriptions s
      where s.status in ('trial', 'active')
        and s.ends_at <= ${now.toISOString()}
        and not exists (
          select 1 from bot_subscriptions newer
          where newer.vendor_id = s.vendor_id and newer.bot_id = s.bot_id
            and (newer.created_at, newer.starts_at, newer.id) > (s.created_at, s.starts_at, s.id)
        )
      for update of s skip locked
    )
    update bot_subscriptions t set status = 'expired'
    from due
    where t.vendor_id = due.vendor_id and t.id = due.id
    returning t.vendor_id as "vendorId", t.bot_id as "botId", t.id as "subscriptionId"
  `);
  return rowsOf<ExpiredSubscription>(result);
}

/** Deactivates a bot (any vendor's, by its composite key) and forgets its webhook; answers its token. */
export async function deactivateBot(db: Conn, vendorId: string, botId: string) {
  const [row] = await db
    .update(bots)
    .set({ isActive: false, webhookUrl: null, webhookSecretCiphertext: null, updatedAt: new Date() })
    .where(and(eq(bots.vendorId, vendorId), eq(bots.id, botId)))
    .returning({ tokenCiphertext: bots.tokenCiphertext, deletedAt: bots.deletedAt });
  return row;
}
