import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { botScopeWhere } from '../../db/bot-scope';
import { botSettings, botSubscriptions, bots } from '../../db/schema/index';
import type { Conn, Tx } from '../../db/types';
import type { BotScope } from '../../lib/actor';

export type BotRow = typeof bots.$inferSelect;
export type NewBotRow = typeof bots.$inferInsert;
/** Columns to change on a bot; `updatedAt` is set by `updateBot`. */
export type BotChanges = Partial<Omit<NewBotRow, 'vendorId' | 'id' | 'createdAt' | 'updatedAt'>>;

/** A vendor's bot, unless deleted. */
export async function findBot(db: Conn, vendorId: string, botId: string): Promise<BotRow | undefined> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), eq(bots.id, botId), isNull(bots.deletedAt)))
    .limit(1);
  return row;
}

/** Which of `botIds` are the vendor's (deleted ones too: their orders and figures are still the vendor's). */
export async function vendorBotIdsAmong(db: Conn, vendorId: string, botIds: string[]): Promise<string[]> {
  if (botIds.length === 0) return [];
  const rows = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), inArray(bots.id, botIds)));
  return rows.map((r) => r.id);
}

/** The vendor's bots, newest first, deleted ones aside. */
export async function listBots(db: Conn, vendorId: string): Promise<BotRow[]> {
  return db
    .select()
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), isNull(bots.deletedAt)))
    .orderBy(desc(bots.createdAt));
}

/** How many live bots the vendor has, how many run, and how many were added since `since`. */
export async function countBots(db: Conn, vendorId: string, scope: BotScope, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
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

/**
 * Serialises bot creation per vendor until the transaction ends, so two concurrent "first bots" cannot both
 * take the Free plan. An advisory lock: it needs no row of another module's table.
 */
export async function lockVendorBots(tx: Tx, vendorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bots:${vendorId}`}, 0))`);
}

export async function vendorHasBots(db: Conn, vendorId: string): Promise<boolean> {
  const rows = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), isNull(bots.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function insertBot(db: Conn, values: NewBotRow): Promise<BotRow> {
  const [row] = await db.insert(bots).values(values).returning();
  if (!row) throw new Error('bot insert returned nothing');
  return row;
}

/** Changes a live bot; answers nothing when it does not exist or is deleted. */
export async function updateBot(
  db: Conn,
  vendorId: string,
  botId: string,
  changes: BotChanges,
): Promise<BotRow | undefined> {
  const [row] = await db
    .update(bots)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(bots.vendorId, vendorId), eq(bots.id, botId), isNull(bots.deletedAt)))
    .returning();
  return row;
}

/**
 * Takes a stopped bot for restarting when the system stopped it for `reason`: clears the reason in one
 * conditional update, so of two callers at once only one gets the row.
 */
export async function claimStoppedBot(
  db: Conn,
  vendorId: string,
  botId: string,
  reason: string,
): Promise<BotRow | undefined> {
  const [row] = await db
    .update(bots)
    .set({ stoppedReason: null, updatedAt: new Date() })
    .where(
      and(
        eq(bots.vendorId, vendorId),
        eq(bots.id, botId),
        isNull(bots.deletedAt),
        eq(bots.isActive, false),
        eq(bots.stoppedReason, reason),
      ),
    )
    .returning();
  return row;
}

/** The vendor's bots (not deleted) the system stopped for `reason`. */
export async function listStoppedFor(db: Conn, vendorId: string, reason: string): Promise<BotRow[]> {
  return db
    .select()
    .from(bots)
    .where(
      and(
        eq(bots.vendorId, vendorId),
        isNull(bots.deletedAt),
        eq(bots.isActive, false),
        eq(bots.stoppedReason, reason),
      ),
    );
}

/** Gives a claimed bot its stop reason back (its restart failed), unless it has started since. */
export async function releaseStoppedBot(db: Conn, vendorId: string, botId: string, reason: string) {
  await db
    .update(bots)
    .set({ stoppedReason: reason })
    .where(and(eq(bots.vendorId, vendorId), eq(bots.id, botId), eq(bots.isActive, false)));
}

/** Every running bot, of every vendor (the menu refresh at start-up). */
export async function listRunningBots(db: Conn): Promise<BotRow[]> {
  return db
    .select()
    .from(bots)
    .where(and(eq(bots.isActive, true), isNull(bots.deletedAt)));
}

/** A live bot looked up by id alone (the shop runtime knows no vendor). */
export async function findBotById(db: Conn, botId: string): Promise<BotRow | undefined> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.id, botId), isNull(bots.deletedAt)))
    .limit(1);
  return row;
}

/**
 * What the shop runtime reads for every update, in one round trip: the live bot, its current subscription (the
 * newest row, picked as subscriptions.repository's currentSubscriptions picks it) and when its runtime cache was
 * last cleared (its settings row). The only query here that reads those two modules' tables: a busy shop must
 * not pay three round trips per update before it even knows the shop is open. Prepared once per database.
 */
export async function findShopRuntime(db: Conn, botId: string) {
  let query = shopRuntimeQueries.get(db);
  if (!query) {
    query = prepareShopRuntime(db);
    shopRuntimeQueries.set(db, query);
  }
  const [row] = await query.execute({ botId });
  if (!row) return undefined;
  const { plan, status, endsAt, cacheClearedAt, ...bot } = row;
  return {
    bot,
    subscription: plan && status && endsAt ? { plan, status, endsAt } : undefined,
    cacheClearedAt,
  };
}

function prepareShopRuntime(db: Conn) {
  const current = db
    .select({ plan: botSubscriptions.plan, status: botSubscriptions.status, endsAt: botSubscriptions.endsAt })
    .from(botSubscriptions)
    .where(and(eq(botSubscriptions.vendorId, bots.vendorId), eq(botSubscriptions.botId, bots.id)))
    .orderBy(desc(botSubscriptions.createdAt), desc(botSubscriptions.startsAt), desc(botSubscriptions.id))
    .limit(1)
    .as('current');
  return db
    .select({
      vendorId: bots.vendorId,
      id: bots.id,
      telegramBotId: bots.telegramBotId,
      username: bots.username,
      name: bots.name,
      language: bots.language,
      currency: bots.currency,
      category: bots.category,
      isActive: bots.isActive,
      settings: bots.settings,
      tokenCiphertext: bots.tokenCiphertext,
      webhookSecretCiphertext: bots.webhookSecretCiphertext,
      plan: current.plan,
      status: current.status,
      endsAt: current.endsAt,
      cacheClearedAt: botSettings.cacheClearedAt,
    })
    .from(bots)
    .leftJoinLateral(current, sql`true`)
    .leftJoin(botSettings, and(eq(botSettings.vendorId, bots.vendorId), eq(botSettings.botId, bots.id)))
    .where(and(eq(bots.id, sql.placeholder('botId')), isNull(bots.deletedAt)))
    .limit(1)
    .prepare('find_shop_runtime');
}

const shopRuntimeQueries = new WeakMap<Conn, ReturnType<typeof prepareShopRuntime>>();

/**
 * Which of a bot's unique keys a failed insert or update collided with — another live bot holds this token or
 * this username — or null for any other error. Reads the driver's 23505 through drizzle's wrapping.
 */
export function takenKeyOf(err: unknown): 'token' | 'username' | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code !== '23505') continue;
    if (constraint === 'bots_token_hash_idx') return 'token';
    if (constraint === 'bots_username_idx') return 'username';
    return null;
  }
  return null;
}
