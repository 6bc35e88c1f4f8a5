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
  if (changes.cart !== undefined) {
    set.cart = changes.cart;
    // The abandoned-cart reminder counts from the cart's last change; an emptied cart (checked out, cleared)
    // ends that cart, so the next one may have its own reminder.
    set.cartChangedAt = sql`now()` as unknown as Date;
    if (changes.cart.length === 0) set.cartRemindedAt = null;
  }
  if (changes.step !== undefined) set.step = changes.step;
  await conn
    .insert(shopSessions)
    .values({
      ...key,
      cart: changes.cart ?? [],
      step: changes.step ?? null,
      ...(changes.cart?.length ? { cartChangedAt: sql`now()` as unknown as Date } : {}),
    })
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

/**
 * Marks the bot's carts left unchanged since `before` (non-empty, not reminded yet) as reminded, and answers
 * their customers: the mark is committed before any reminder goes, so a cart never gets two.
 */
export async function claimDueCarts(
  conn: Conn,
  vendorId: string,
  botId: string,
  before: Date,
  limit: number,
): Promise<number[]> {
  const res = await conn.execute(sql`
    update shop_sessions s set cart_reminded_at = now()
    where s.vendor_id = ${vendorId} and s.bot_id = ${botId} and s.telegram_user_id in (
      select telegram_user_id from shop_sessions
      where vendor_id = ${vendorId} and bot_id = ${botId} and cart_reminded_at is null
        and cart <> '[]'::jsonb and cart_changed_at < ${before.toISOString()}::timestamptz
      order by cart_changed_at limit ${limit} for update skip locked)
    returning s.telegram_user_id::int8 as "telegramUserId"`);
  return (res as unknown as { rows: { telegramUserId: unknown }[] }).rows.map((r) =>
    Number(r.telegramUserId),
  );
}
