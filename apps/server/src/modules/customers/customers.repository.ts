import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { customerBots, customers } from '../../db/schema/index';
import type { Conn, Tx } from '../../db/types';

export type Member = { customerId: string; joinedAt: Date; firstName: string; lastName: string | null };
export type CustomerName = { firstName: string; lastName: string | null };

/** How many customers each bot given has; bots without any are absent. One grouped query. */
export async function memberCounts(
  db: Conn,
  vendorId: string,
  botIds: string[],
): Promise<Map<string, number>> {
  if (botIds.length === 0) return new Map();
  const rows = await db
    .select({ botId: customerBots.botId, count: sql<number>`count(*)::int` })
    .from(customerBots)
    .where(and(eq(customerBots.vendorId, vendorId), inArray(customerBots.botId, botIds)))
    .groupBy(customerBots.botId);
  return new Map(rows.map((r) => [r.botId, Number(r.count)]));
}

/** How many customers the bots given have between them, each counted once however many of them they joined. */
export async function distinctMemberCount(db: Conn, vendorId: string, botIds: string[]): Promise<number> {
  if (botIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${customerBots.customerId})::int` })
    .from(customerBots)
    .where(and(eq(customerBots.vendorId, vendorId), inArray(customerBots.botId, botIds)));
  return Number(row?.count ?? 0);
}

/** The customers who joined the bot last, newest first. */
export async function recentMembers(
  db: Conn,
  vendorId: string,
  botId: string,
  limit: number,
): Promise<Member[]> {
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

/** The names of the vendor's customers given. */
export async function customerNames(
  db: Conn,
  vendorId: string,
  ids: string[],
): Promise<Map<string, CustomerName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.vendorId, vendorId), inArray(customers.id, ids)));
  return new Map(rows.map((r) => [r.id, { firstName: r.firstName, lastName: r.lastName }]));
}

/** Joins a customer to their membership of one bot (none when they never wrote to it). */
const membershipIn = (botId: string) =>
  and(
    eq(customerBots.vendorId, customers.vendorId),
    eq(customerBots.customerId, customers.id),
    eq(customerBots.botId, botId),
  );

export type BotContact = { telegramId: number; blockedAt: Date | null };

/** A customer's chat with one bot: their Telegram id, and since when they have blocked the bot (or null). */
export async function botContact(
  db: Conn,
  vendorId: string,
  customerId: string,
  botId: string,
): Promise<BotContact | undefined> {
  const [row] = await db
    .select({ telegramId: customers.telegramId, blockedAt: customerBots.blockedAt })
    .from(customers)
    .leftJoin(customerBots, membershipIn(botId))
    .where(and(eq(customers.vendorId, vendorId), eq(customers.id, customerId)))
    .limit(1);
  return row;
}

/** What the shop runtime compares with the Telegram user on each update. */
export type Shopper = {
  id: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
  /** Whether they are a member of the bot the update came through. */
  member: boolean;
  /** Since when they have blocked that bot (Telegram answered 403), or null. */
  blockedAt: Date | null;
};

export type ShopperProfile = {
  telegramId: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
};

/**
 * The vendor's customer with this Telegram id, whether they belong to the bot and whether they blocked it, in
 * one query (the shop runtime asks on every update: customers_telegram_idx, then the customer_bots key).
 */
export async function findShopper(
  db: Conn,
  vendorId: string,
  botId: string,
  telegramId: number,
): Promise<Shopper | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      username: customers.username,
      languageCode: customers.languageCode,
      member: sql<boolean>`${customerBots.customerId} is not null`,
      blockedAt: customerBots.blockedAt,
    })
    .from(customers)
    .leftJoin(customerBots, membershipIn(botId))
    .where(and(eq(customers.vendorId, vendorId), eq(customers.telegramId, telegramId)))
    .limit(1);
  return row;
}

/** Marks (a time) or clears (null) that the customer blocked the bot, on their membership of it. */
export async function setBlockedAt(
  db: Conn,
  vendorId: string,
  customerId: string,
  botId: string,
  at: Date | null,
): Promise<void> {
  await db
    .insert(customerBots)
    .values({ vendorId, customerId, botId, blockedAt: at })
    .onConflictDoUpdate({
      target: [customerBots.vendorId, customerBots.customerId, customerBots.botId],
      set: { blockedAt: at },
    });
}

/**
 * Creates the customer, or brings their Telegram profile up to date. `changed` is false (and nothing is
 * written) when the stored profile is already the same; `created` tells a new customer from an update.
 */
export async function upsertShopper(
  tx: Tx,
  vendorId: string,
  p: ShopperProfile,
): Promise<{ id: string; created: boolean; changed: boolean }> {
  const res = await tx.execute(sql`
    insert into customers (vendor_id, telegram_id, first_name, last_name, username, language_code)
    values (${vendorId}, ${p.telegramId}, ${p.firstName}, ${p.lastName}, ${p.username}, ${p.languageCode})
    on conflict (vendor_id, telegram_id) do update set
      first_name = excluded.first_name, last_name = excluded.last_name, username = excluded.username,
      language_code = excluded.language_code, updated_at = now()
    where (customers.first_name, customers.last_name, customers.username, customers.language_code)
      is distinct from (excluded.first_name, excluded.last_name, excluded.username, excluded.language_code)
    returning id, (xmax = 0) as created`);
  const row = (res as unknown as { rows: { id: string; created: boolean }[] }).rows[0];
  if (row) return { id: row.id, created: row.created, changed: true };
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.vendorId, vendorId), eq(customers.telegramId, p.telegramId)));
  if (!existing) throw new Error('customer vanished during its upsert');
  return { id: existing.id, created: false, changed: false };
}

/** Makes the customer a member of the bot (joined now); false when they already were. */
export async function joinBot(
  tx: Tx,
  vendorId: string,
  customerId: string,
  botId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(customerBots)
    .values({ vendorId, customerId, botId, joinedAt: at })
    .onConflictDoNothing()
    .returning({ botId: customerBots.botId });
  return rows.length > 0;
}
