import { starsFor } from '@app/contracts/payments';
import type { PaymentProviderId } from '@app/contracts/settings';
import type { Db, Tx } from '../../../db/types';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../../events/record-event';
import {
  advanceOrder,
  findPayableOrder,
  markOrderPaid,
  type PayableOrder,
} from '../../orders/order-payment.service';
import { orderItems } from '../../orders/orders.service';
import type { PayableSummary, ShopPaymentsDeps, ShopRef, Unpayable } from './shop-payments.types';

// The order as every payment step sees it: found for the shop, checked payable, summed up for the
// customer, and paid once. The steps themselves (invoices, receiving, delivery, crypto, refunds) have
// their own files.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The service's clock (the deps' when given, so tests can move time). */
export const nowOf = (deps: Pick<ShopPaymentsDeps, 'now'>): Date => deps.now?.() ?? new Date();

/** The Stars price of a digital order at the configured rate; null for any other order. */
export const starsOf = (deps: Pick<ShopPaymentsDeps, 'starsPerUsd'>, o: PayableOrder): number | null =>
  o.productType === 'digital' ? starsFor(o.totalUsdMinor, deps.starsPerUsd) : null;

/** The customer who placed the order, as the events name them. */
export const customerActor = (o: PayableOrder): EventActor => ({
  kind: 'customer',
  id: o.customerId,
  name: o.customerName,
});

/**
 * The order as payment shows it to the customer. `conn`: inside a transaction, its handle (PGlite has one
 * connection: reading through `db` there waits forever).
 */
export async function summaryOf(
  deps: ShopPaymentsDeps,
  o: PayableOrder,
  conn: Db | Tx = deps.db,
): Promise<PayableSummary> {
  const items = await orderItems(conn, o.vendorId, o.id);
  return {
    id: o.id,
    number: o.number,
    productType: o.productType,
    totalMinor: o.totalMinor,
    currency: o.currency,
    stars: starsOf(deps, o),
    itemNames: items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)),
  };
}

/** Null when the shop's order may be paid now by this customer (`payerId` null: by anyone); else why not. */
export function payability(
  deps: ShopPaymentsDeps,
  o: PayableOrder | null,
  shop: ShopRef,
  payerId: number | null,
): Unpayable | null {
  if (!o || o.botId !== shop.botId) return 'unknown';
  if (payerId !== null && o.customerTelegramId !== payerId) return 'not_yours';
  if (o.paymentStatus !== 'pending' || o.status === 'cancelled')
    return o.status === 'cancelled' ? 'expired' : 'paid';
  if (o.reservedUntil && o.reservedUntil.getTime() <= nowOf(deps).getTime()) return 'expired';
  return null;
}

/** The vendor's order an id handed in by the customer names; null for anything else. */
export const orderOf = (
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  forUpdate = false,
  conn: Db | Tx = deps.db,
) => (UUID.test(orderId) ? findPayableOrder(conn, shop.vendorId, orderId, forUpdate) : Promise.resolve(null));

/** The bot's payment providers (none configured: an empty list). */
export const providersOf = async (deps: ShopPaymentsDeps, botId: string) =>
  (await deps.settings.getPaymentProviders(botId)) ?? [];

/** Pays the order (once) and moves it as its type says; records payment.received. In the caller's tx. */
export async function payOrder(
  tx: Tx,
  order: PayableOrder,
  rail: PaymentProviderId,
  at: Date,
  stars: number | null,
): Promise<PayableOrder | null> {
  if (!(await markOrderPaid(tx, order, rail, at))) return null;
  const actor = customerActor(order);
  await recordEvent(tx, {
    vendorId: order.vendorId,
    botId: order.botId,
    type: 'payment.received',
    actor,
    subject: { kind: 'order', id: order.id },
    payload: {
      orderId: order.id,
      orderNumber: order.number,
      amountMinor: order.totalMinor,
      currency: order.currency,
      amountUsdMinor: order.totalUsdMinor,
      rail,
      starsAmount: stars,
    },
    at,
  });
  // ARCHITECTURE.md "Order statuses": digital goods are being delivered, a service is scheduled (its
  // booking was taken at checkout) unless it waits for the vendor's confirmation (autoConfirm off: it stays
  // pending, "requested", until the vendor moves it to scheduled), physical goods wait for the vendor.
  const paid = { ...order, paymentStatus: 'paid' as const };
  if (order.productType === 'digital') return advanceOrder(tx, paid, 'processing', SYSTEM_ACTOR, at);
  if (order.productType === 'service' && order.serviceInfo?.autoConfirm !== false) {
    return advanceOrder(tx, paid, 'scheduled', SYSTEM_ACTOR, at);
  }
  return paid;
}

/**
 * The lines of the customer's order that was cancelled (its reservation ran out), to put back in their cart;
 * null for an order that is not theirs, not this shop's, or not cancelled.
 */
/** The order's number when it is the customer's (`payerId`) in this bot; null for anyone else's or none. */
export async function customerOrderNumber(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
): Promise<number | null> {
  const order = await orderOf(deps, shop, orderId);
  if (!order || order.botId !== shop.botId || order.customerTelegramId !== payerId) return null;
  return order.number;
}

export async function linesToReorder(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
): Promise<{ productId: string; variation: string | null; quantity: number }[] | null> {
  const order = await orderOf(deps, shop, orderId);
  if (!order || order.botId !== shop.botId || order.customerTelegramId !== payerId) return null;
  if (order.status !== 'cancelled' || order.paymentStatus !== 'pending') return null;
  const items = await orderItems(deps.db, order.vendorId, order.id);
  return items.flatMap((i) =>
    i.productId ? [{ productId: i.productId, variation: i.variationId, quantity: i.quantity }] : [],
  );
}
