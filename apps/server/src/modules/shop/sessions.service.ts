import type { ShippingRegion } from '@app/contracts/settings';
import type { Conn, Db, Tx } from '../../db/types';
import * as repo from './sessions.repository';

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
  /** Cash on delivery: the customer chose the zone (`codzone:`) and picks a shipping method (`codship:`). */
  | { kind: 'cod_shipping'; orderId: string; region: ShippingRegion }
  /** A booked service that comes to the customer: the next text message is their address (features/payment.ts). */
  | { kind: 'service_address'; orderId: string }
  /** Checkout (features/checkout.ts): the customer is choosing a slot of this service in their cart. */
  | { kind: 'checkout.slot'; productId: string }
  /** Checkout: a slot was chosen (its start, ISO) and waits for the customer's confirmation. */
  | { kind: 'checkout.confirm'; productId: string; slotStart: string }
  /**
   * Checkout: Telegram failed to deliver the hand-off of this order (its invoice or Pay button), and its lines
   * went back into the cart. Checking out the same lines again hands over this order again, not a second one.
   */
  | { kind: 'checkout.unsent'; orderId: string; lines: CartLine[] }
  /** Reviews (features/reviews.ts): the customer rated a line; their next text message is the review's words. */
  | { kind: 'review.text'; reviewId: string; orderId: string };

export type ShopSession = { cart: CartLine[]; step: SessionStep | null; updatedAt: Date | null };

export type SessionKey = { vendorId: string; botId: string; telegramUserId: number };

/** What a feature changes of the conversation: the cart, the step, or both. */
export type SessionChanges = { cart?: CartLine[]; step?: SessionStep | null };

const sessionOf = (row: repo.SessionRow | undefined): ShopSession =>
  row
    ? { cart: row.cart as CartLine[], step: row.step as SessionStep | null, updatedAt: row.updatedAt }
    : { cart: [], step: null, updatedAt: null };

/** The customer's conversation with the bot; an empty one when they have none yet. */
export async function readSession(conn: Conn, key: SessionKey): Promise<ShopSession> {
  return sessionOf(await repo.findSession(conn, key));
}

/** Saves what changed of the conversation (cart, step or both), creating it on first use. */
export function writeSession(conn: Conn, key: SessionKey, changes: SessionChanges): Promise<void> {
  return repo.upsertSession(conn, key, changes);
}

/**
 * Runs `fn` on the session locked for one transaction (its other updates wait), then saves the changes it
 * answers, all or nothing: what `fn` does in `tx` (placing an order, say) commits with the session. Two taps
 * on one button never both act on the same cart.
 */
export function updateSession<T>(
  db: Db,
  key: SessionKey,
  fn: (session: ShopSession, tx: Tx) => Promise<{ changes: SessionChanges; result: T }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { changes, result } = await fn(sessionOf(await repo.lockSession(tx, key)), tx);
    await repo.upsertSession(tx, key, changes);
    return result;
  });
}

/** The conversation store the features use (the database, so any server process serves the next update). */
export function createSessionStore(db: Db) {
  return {
    read: (key: SessionKey) => readSession(db, key),
    write: (key: SessionKey, changes: SessionChanges) => writeSession(db, key, changes),
    update: <T>(
      key: SessionKey,
      fn: (session: ShopSession, tx: Tx) => Promise<{ changes: SessionChanges; result: T }>,
    ) => updateSession(db, key, fn),
    /** Claims the carts due an abandoned-cart reminder (each once, see claimDueCarts): their customers' ids. */
    claimDueCarts: (vendorId: string, botId: string, before: Date, limit: number) =>
      repo.claimDueCarts(db, vendorId, botId, before, limit),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
