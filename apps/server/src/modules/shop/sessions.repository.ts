import { and, eq, sql } from 'drizzle-orm';
import { shopSessions } from '../../db/schema/index';
import type { Conn, Tx } from '../../db/types';

/** A customer's conversation row with one shop bot. */
export type SessionRowKey = { vendorId: string; botId: string; telegramUserId: number };

/** What is stored of a conversation; the session store reads its JSON as a cart and a step. */
export type SessionRow = { cart: unknown[]; step: Record<string, unknown> | null; updatedAt: Date };

const where = (k: SessionRowKey) =>
  and(
    eq(shopSessions.vendorId, k.vendorId),
    eq(shopSessions.botId, k.botId),
    eq(shopSessions.telegramUserId, k.telegramUserId),
  );

const columns = { cart: shopSessions.cart, step: shopSessions.step, updatedAt: shopSessions.updatedAt };

/** The conversation's row, or undefined when the customer has none yet. */
export async function findSession(conn: Conn, key: SessionRowKey): Promise<SessionRow | undefined> {
  const [row] = await conn.select(columns).from(shopSessions).where(where(key)).limit(1);
  return row;
}

/** Saves what changed of the conversation (cart, step or both), creating the row on first use. */
export async function upsertSession(
  conn: Conn,
  key: SessionRowKey,
  changes: { cart?: unknown[]; step?: Record<string, unknown> | null },
): Promise<void> {
  const set: Partial<typeof shopSessions.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
  if (changes.cart !== undefined) set.cart = changes.cart;
  if (changes.step !== undefined) set.step = changes.step;
  await conn
    .insert(shopSessions)
    .values({ ...key, cart: changes.cart ?? [], step: changes.step ?? null })
    .onConflictDoUpdate({
      target: [shopSessions.vendorId, shopSessions.botId, shopSessions.telegramUserId],
      set,
    });
}

/** The conversation's row locked for the transaction (created empty first when there is none). */
export async function lockSession(tx: Tx, key: SessionRowKey): Promise<SessionRow | undefined> {
  // The row first, when there is none yet: FOR UPDATE locks only a row that exists, and two first taps (one in
  // the chat, one in the Mini App, say) would each start from an empty cart and the later one would win.
  await tx
    .insert(shopSessions)
    .values({ ...key, cart: [], step: null })
    .onConflictDoNothing();
  const [row] = await tx.select(columns).from(shopSessions).where(where(key)).for('update');
  return row;
}
