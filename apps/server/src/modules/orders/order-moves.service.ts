import type { OrderStatus } from '@app/contracts/catalogue';
import type { EventType } from '@app/contracts/events';
import type { Db, Tx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { trackingLinkOf } from '../../lib/carriers';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import { releaseCodes } from '../products/product-codes.service';
import { holdProducts, releaseBookings, returnStock } from '../products/products-sale.service';
import type { RollupOrder } from './order-rollups.repository';
import * as rollups from './order-rollups.repository';
import { fullName } from './order-view';
import * as repo from './orders.repository';

// What a status move does to an order and what it held (stock, codes, slots), and the job that cancels the
// reservations left unpaid.

/**
 * A cancelled order's codes go back to their pools (the catalogue's releaseCodes, which also sets the
 * product's stock to its unissued codes). A product deleted since has no pool left to return them to.
 */
export async function returnUnissuedCodes(
  tx: Tx,
  vendorId: string,
  orderId: string,
  items: { productId: string | null; productType: string }[],
): Promise<void> {
  const digital = new Set(items.filter((i) => i.productType === 'digital').map((i) => i.productId));
  for (const productId of digital) {
    if (productId === null) continue;
    try {
      await releaseCodes(tx, vendorId, productId, orderId);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'PRODUCT_NOT_FOUND')) throw err;
    }
  }
}

/** The event a move records: completion and cancellation are the webhook catalogue's own events. */
const moveEventType = (to: OrderStatus): EventType =>
  to === 'completed' ? 'order.completed' : to === 'cancelled' ? 'order.cancelled' : 'order.status_changed';

/** The carrier and tracking page of a shipped parcel, when its carrier or method names a known carrier. */
function trackingOf(
  shipping: Record<string, unknown> | null,
  trackingNumber: string | null,
): { carrier: string; trackingUrl: string } | Record<string, never> {
  if (!trackingNumber) return {};
  const name = (key: string) => (typeof shipping?.[key] === 'string' ? (shipping[key] as string) : null);
  const link = trackingLinkOf([name('carrier'), name('method')], trackingNumber);
  return link ? { carrier: link.carrier, trackingUrl: link.url } : {};
}

/**
 * Moves an order (already checked against the state machine, its row locked) to `to`: its status, rollups and
 * event. Cancelling gives back what the order held: physical stock (variations too), unissued codes, booked
 * slots.
 */
export async function moveOrder(
  tx: Tx,
  row: repo.OrderRow & { vendorId: string },
  to: OrderStatus,
  how: { actor: EventActor; at: Date; note: string | null; trackingNumber: string | null },
): Promise<void> {
  const { vendorId, id: orderId } = row;
  const items = await repo.orderItems(tx, vendorId, orderId);
  await repo.setStatus(tx, vendorId, orderId, {
    status: to,
    at: how.at,
    ...(how.trackingNumber ? { trackingNumber: how.trackingNumber } : {}),
  });
  if (to === 'cancelled') {
    // The products first, then the rollups: the order every checkout takes them in (no deadlock).
    await holdProducts(
      tx,
      vendorId,
      items.flatMap((i) => (i.productId ? [i.productId] : [])),
    );
    for (const item of items) {
      if (item.productType !== 'physical' || item.productId === null) continue;
      await returnStock(tx, vendorId, {
        productId: item.productId,
        variationId: item.variationId,
        quantity: item.quantity,
      });
    }
    await returnUnissuedCodes(tx, vendorId, orderId, items);
    await releaseBookings(tx, vendorId, orderId);
  }
  const before: RollupOrder = row;
  await rollups.rollUpStatusMove(tx, before, items, to, how.at);
  await recordEvent(tx, {
    vendorId,
    botId: row.botId,
    type: moveEventType(to),
    actor: how.actor,
    subject: { kind: 'order', id: orderId },
    payload: {
      orderNumber: row.number,
      from: row.status,
      to,
      note: how.note,
      trackingNumber: how.trackingNumber,
      ...trackingOf(row.shipping, how.trackingNumber),
      totalMinor: row.totalMinor,
      currency: row.currency,
      customerName: fullName(row.firstName, row.lastName),
      botUsername: row.botUsername,
    },
    at: how.at,
  });
}

/** The note an expired reservation's cancellation carries (the order's timeline shows it). */
export const RESERVATION_EXPIRED_NOTE = 'Not paid within the reservation time';

/**
 * Cancels the shop orders whose reservation ended unpaid (still pending, payment pending), through the state
 * machine, which gives their stock, codes and slots back. Each in its own transaction with the order locked and
 * re-checked, so a payment that lands meanwhile, or another process's run, wins cleanly. One order that fails
 * is reported and left for the next run; it never holds up the others. Answers how many were cancelled.
 */
export async function releaseExpiredReservations(
  db: Db,
  at: Date,
  opts: { batch?: number; onError?: (orderId: string, err: unknown) => void } = {},
): Promise<number> {
  const batch = opts.batch ?? 200;
  let released = 0;
  for (;;) {
    const due = await repo.dueReservations(db, at, batch);
    let releasedNow = 0;
    for (const { vendorId, id } of due) {
      try {
        const done = await db.transaction(async (tx) => {
          const held = await repo.lockReservation(tx, vendorId, id);
          if (held?.status !== 'pending' || held.paymentStatus !== 'pending') return false;
          if (!held.reservedUntil || held.reservedUntil.getTime() >= at.getTime()) return false;
          const row = await repo.findOrder(tx, vendorId, id);
          if (!row) return false;
          await moveOrder(tx, { ...row, vendorId }, 'cancelled', {
            actor: SYSTEM_ACTOR,
            at,
            note: RESERVATION_EXPIRED_NOTE,
            trackingNumber: null,
          });
          return true;
        });
        if (done) releasedNow += 1;
      } catch (err) {
        opts.onError?.(id, err);
      }
    }
    released += releasedNow;
    // A short batch was the last; a full one that released nothing would only be read again.
    if (due.length < batch || releasedNow === 0) return released;
  }
}
