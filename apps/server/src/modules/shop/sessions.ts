import { and, eq, sql } from 'drizzle-orm';
import { shopSessions } from '../../db/schema/index';
import type { Conn, Db, Tx } from '../../db/types';

/** One line of a cart: what and how many. Prices are never kept here; checkout reads them from the catalogue. */
export type CartLine = {
  productId: string;
  /** The chosen variation value (physical products with variations), else null. */
  variation: string | null;
  quantity: number;
};

/**
 * What a multi-message exchange waits on. Each feature adds its own kinds here; a message that arrives while
 * a step is set goes to the feature that owns the kind.
 */
export type SessionStep =
  | { kind: 'none' }
  /** Cash on delivery: the next text message is the delivery address of the order (features/payment.ts). */
  | { kind: 'cod_address'; orderId: string }
  /** Checkout (features/checkout.ts): the customer is choosing a slot of this service in their cart. */
  | { kind: 'checkout.slot'; productId: string }
  /** Checkout: a slot was chosen (its start, ISO) and waits for the customer's confirmation. */
  | { kind: 'checkout.confirm'; productId: string; slotStart: string };

export type ShopSession = { cart: CartLine[]; step: SessionStep | null; updatedAt: Date | null };

export type SessionKey = { vendorId: string; botId: string; telegramUserId: number };

const where = (k: SessionKey) =>
  and(
    eq(shopSessions.vendorId, k.vendorId),
    eq(shopSessions.botId, k.botId),
    eq(shopSessions.telegramUserId, k.telegramUserId),
  );

/** The customer's conversation with the bot; an empty one when they have none yet. */
export async function readSession(db: Conn, key: SessionKey): Promise<ShopSession> {
  const [row] = await db
    .select({ cart: shopSessions.cart, step: shopSessions.step, updatedAt: shopSessions.updatedAt })
    .from(shopSessions)
    .where(where(key))
    .limit(1);
  if (!row) return { cart: [], step: null, updatedAt: null };
  return { cart: row.cart as CartLine[], step: row.step as SessionStep | null, updatedAt: row.updatedAt };
}

/** Saves what changed of the conversation (cart, step or both), creating it on first use. */
export async function writeSession(
  db: Conn,
  key: SessionKey,
  changes: { cart?: CartLine[]; step?: SessionStep | null },
): Promise<void> {
  const set: Partial<typeof shopSessions.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
  if (changes.cart !== undefined) set.cart = changes.cart;
  if (changes.step !== undefined) set.step = changes.step;
  await db
    .insert(shopSessions)
    .values({ ...key, cart: changes.cart ?? [], step: changes.step ?? null })
    .onConflictDoUpdate({
      target: [shopSessions.vendorId, shopSessions.botId, shopSessions.telegramUserId],
      set,
    });
}

type Changes = { cart?: CartLine[]; step?: SessionStep | null };

async function lockSession(tx: Tx, key: SessionKey): Promise<ShopSession> {
  // The row first, when there is none yet: FOR UPDATE locks only a row that exists, and two first taps (one in
  // the chat, one in the Mini App, say) would each start from an empty cart and the later one would win.
  await tx
    .insert(shopSessions)
    .values({ ...key, cart: [], step: null })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ cart: shopSessions.cart, step: shopSessions.step, updatedAt: shopSessions.updatedAt })
    .from(shopSessions)
    .where(where(key))
    .for('update');
  if (!row) return { cart: [], step: null, updatedAt: null };
  return { cart: row.cart as CartLine[], step: row.step as SessionStep | null, updatedAt: row.updatedAt };
}

/** The conversation store the features use (the database, so any server process serves the next update). */
export type SessionStore = {
  read(key: SessionKey): Promise<ShopSession>;
  write(key: SessionKey, changes: Changes): Promise<void>;
  /**
   * Runs `fn` on the session locked for one transaction (its other updates wait), then saves the changes it
   * answers, all or nothing: what `fn` does in `tx` (placing an order, say) commits with the session. Two taps
   * on one button never both act on the same cart.
   */
  update<T>(
    key: SessionKey,
    fn: (session: ShopSession, tx: Tx) => Promise<{ changes: Changes; result: T }>,
  ): Promise<T>;
};

export function createSessionStore(db: Db): SessionStore {
  return {
    read: (key) => readSession(db, key),
    write: (key, changes) => writeSession(db, key, changes),
    update: (key, fn) =>
      db.transaction(async (tx) => {
        const { changes, result } = await fn(await lockSession(tx, key), tx);
        await writeSession(tx, key, changes);
        return result;
      }),
  };
}
