import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { botScopeWhere } from '../../db/bot-scope';
import { bots } from '../../db/schema/index';
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

/** The stored webhook secret of a live bot, looked up by id alone: Telegram's request names no vendor. */
/** A live bot by its id alone: Telegram's webhook names the bot, not the vendor. */
export async function findBotById(db: Conn, botId: string): Promise<BotRow | undefined> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.id, botId), isNull(bots.deletedAt)))
    .limit(1);
  return row;
}

export async function findWebhookSecret(db: Conn, botId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: bots.webhookSecretCiphertext })
    .from(bots)
    .where(and(eq(bots.id, botId), isNull(bots.deletedAt)))
    .limit(1);
  return row?.secret ?? null;
}

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
