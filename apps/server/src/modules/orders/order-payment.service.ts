import type { OrderStatus } from '@app/contracts/catalogue';
import { canMoveOrder } from '@app/contracts/orders';
import type { Conn, Tx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { usdMinor } from '../../lib/usd-rates';
import { type EventActor, recordEvent } from '../events/record-event';
import { holdProducts, releaseBookings, returnStock } from '../products/products-sale.service';
import { returnUnissuedCodes } from './order-moves.service';
import * as repo from './order-payment.repository';
import { type RollupOrder, rollUpStatusMove, rollUpTotalChange } from './order-rollups.repository';
import * as adminRepo from './orders.repository';

/**
 * The orders module's side of paying for an order: shipping chosen at payment (the total and every rollup
 * move with it), the conditional update that pays an order once, the moves a payment makes (digital:
 * processing then completed as it is delivered; service: scheduled), and the refund. Each runs in the caller's
 * transaction and records its events there; the shop's payments (modules/shop/payments) call them.
 */
export type PayableOrder = repo.PayableRow & { customerName: string };

const fullName = (first: string, last: string | null) => (last ? `${first} ${last}` : first);

const rollupOf = (o: repo.PayableRow): RollupOrder => ({
  vendorId: o.vendorId,
  id: o.id,
  botId: o.botId,
  customerId: o.customerId,
  status: o.status,
  productType: o.productType,
  totalMinor: o.totalMinor,
  totalUsdMinor: o.totalUsdMinor,
  currency: o.currency,
  createdAt: o.createdAt,
  completedAt: o.completedAt,
});

/** The order with what paying for it needs (customer, bot, lines' sum, reservation), or null. */
export async function findPayableOrder(
  conn: Conn,
  vendorId: string,
  orderId: string,
  forUpdate = false,
): Promise<PayableOrder | null> {
  const row = await repo.findPayable(conn, vendorId, orderId, forUpdate);
  return row ? { ...row, customerName: fullName(row.firstName, row.lastName) } : null;
}

export type ShippingChoice = {
  /** The shipping method's name as the customer chose it, and its id in the bot's settings. */
  method: string | null;
  methodId: string | null;
  priceMinor: number;
  /** The address on one line, as the back-office shows it. */
  address: string | null;
};

/**
 * Puts the customer's shipping on the order: the total becomes the lines' sum plus the method's price (a
 * second choice replaces the first, never adds to it), its USD value and the rollups move by the difference.
 */
export async function setOrderShipping(
  tx: Tx,
  order: PayableOrder,
  choice: ShippingChoice,
  actor: EventActor,
  at: Date,
): Promise<PayableOrder> {
  const totalMinor = order.itemsMinor + choice.priceMinor;
  const totalUsdMinor = usdMinor(totalMinor, order.currency);
  const shipping = {
    ...order.shipping,
    method: choice.method,
    shippingMethodId: choice.methodId,
    shippingMinor: choice.priceMinor,
    address: choice.address,
  };
  await repo.setShipping(tx, order.vendorId, order.id, { shipping, totalMinor, totalUsdMinor, at });
  await rollUpTotalChange(tx, rollupOf(order), totalMinor, totalUsdMinor);
  await recordEvent(tx, {
    vendorId: order.vendorId,
    botId: order.botId,
    type: 'order.updated',
    actor,
    subject: { kind: 'order', id: order.id },
    payload: {
      orderNumber: order.number,
      totalMinor,
      currency: order.currency,
      shippingMinor: choice.priceMinor,
      shippingMethod: choice.method,
      customerName: order.customerName,
      botUsername: order.botUsername,
    },
    at,
  });
  return { ...order, shipping, totalMinor, totalUsdMinor };
}

/**
 * Makes the order paid by `paymentMethod` (a conditional update: only an unpaid, live order moves) and ends
 * its reservation. Answers whether this call paid it.
 */
export async function markOrderPaid(
  tx: Tx,
  order: PayableOrder,
  paymentMethod: string,
  at: Date,
): Promise<boolean> {
  return repo.markPaid(tx, order.vendorId, order.id, { paymentMethod, at });
}

/**
 * Cash on delivery: the order is confirmed unpaid (it is paid on delivery) with the address the customer
 * wrote; its reservation no longer expires.
 */
export async function confirmCashOnDelivery(
  tx: Tx,
  order: PayableOrder,
  /** Null for goods that require no shipping: there is nowhere to deliver to. */
  address: string | null,
  actor: EventActor,
  at: Date,
) {
  await repo.confirmUnpaid(tx, order.vendorId, order.id, { paymentMethod: 'cash_on_delivery', address, at });
  await recordEvent(tx, {
    vendorId: order.vendorId,
    botId: order.botId,
    type: 'order.updated',
    actor,
    subject: { kind: 'order', id: order.id },
    payload: {
      orderNumber: order.number,
      totalMinor: order.totalMinor,
      currency: order.currency,
      paymentMethod: 'cash_on_delivery',
      customerName: order.customerName,
      botUsername: order.botUsername,
    },
    at,
  });
}

const moveEventType = (to: OrderStatus) =>
  to === 'completed' ? 'order.completed' : to === 'cancelled' ? 'order.cancelled' : 'order.status_changed';

async function move(tx: Tx, order: PayableOrder, to: OrderStatus, actor: EventActor, at: Date) {
  const items = await adminRepo.orderItems(tx, order.vendorId, order.id);
  await adminRepo.setStatus(tx, order.vendorId, order.id, { status: to, at });
  await rollUpStatusMove(tx, rollupOf(order), items, to, at);
  await recordEvent(tx, {
    vendorId: order.vendorId,
    botId: order.botId,
    type: moveEventType(to),
    actor,
    subject: { kind: 'order', id: order.id },
    payload: {
      orderNumber: order.number,
      from: order.status,
      to,
      note: null,
      trackingNumber: null,
      totalMinor: order.totalMinor,
      currency: order.currency,
      customerName: order.customerName,
      botUsername: order.botUsername,
    },
    at,
  });
  return { items, order: { ...order, status: to, completedAt: to === 'completed' ? at : order.completedAt } };
}

/**
 * A move a payment or a delivery makes (digital: processing, then completed; service: scheduled), along the
 * state machine like the vendor's moves. An order already past it is left as it is (a repeated delivery).
 */
export async function advanceOrder(
  tx: Tx,
  order: PayableOrder,
  to: OrderStatus,
  actor: EventActor,
  at: Date,
): Promise<PayableOrder> {
  if (!canMoveOrder(order.productType, order.status, to)) return order;
  return (await move(tx, order, to, actor, at)).order;
}

/** The customer's address for a service that comes to them, kept on the order (order.updated). */
export async function setServiceAddress(
  tx: Tx,
  order: PayableOrder,
  address: string,
  actor: EventActor,
  at: Date,
) {
  await repo.mergeServiceInfo(tx, order.vendorId, order.id, { customerAddress: address });
  await recordEvent(tx, {
    vendorId: order.vendorId,
    botId: order.botId,
    type: 'order.updated',
    actor,
    subject: { kind: 'order', id: order.id },
    payload: {
      orderNumber: order.number,
      totalMinor: order.totalMinor,
      currency: order.currency,
      customerName: order.customerName,
      botUsername: order.botUsername,
    },
    at,
  });
}

/**
 * The customer cancels their booked service (within its policy's notice): its slot's places are freed and the
 * order cancelled with its rollups and order.cancelled. An order that cannot move to cancelled is left as is.
 */
export async function cancelBookedService(
  tx: Tx,
  order: PayableOrder,
  actor: EventActor,
  at: Date,
): Promise<boolean> {
  if (!canMoveOrder(order.productType, order.status, 'cancelled')) return false;
  await releaseBookings(tx, order.vendorId, order.id);
  await move(tx, order, 'cancelled', actor, at);
  return true;
}

/** Records what a delivery sent (codes issued, when, the download link) on the order's digital details. */
export async function recordDelivery(
  tx: Tx,
  order: PayableOrder,
  info: {
    codesIssued: number;
    deliveredAt: Date;
    downloadLink: string | null;
    /** Some lines wait for the vendor's release (their products do not deliver automatically). */
    held: boolean;
    /** When each product's codes stop being valid (ISO), by product id. */
    validUntil: Record<string, string>;
  },
) {
  await repo.mergeDigitalInfo(tx, order.vendorId, order.id, {
    codesIssued: info.codesIssued,
    deliveredAt: info.deliveredAt.toISOString(),
    downloadLink: info.downloadLink,
    held: info.held,
    validUntil: info.validUntil,
  });
}

/** The vendor released what the order held: its next delivery sends it (`digitalInfo.releasedAt`). */
export async function releaseDelivery(tx: Tx, order: PayableOrder, at: Date) {
  await repo.mergeDigitalInfo(tx, order.vendorId, order.id, { releasedAt: at.toISOString() });
}

/**
 * The orders side of a refund: the payment becomes refunded and the order cancelled, whatever status it had
 * reached (a refund is the one way out of completed), so every rollup drops it as a cancellation does. What
 * the customer has not received goes back: physical stock not yet shipped, codes not yet delivered.
 */
export async function refundOrderFigures(
  tx: Tx,
  order: PayableOrder,
  actor: EventActor,
  at: Date,
): Promise<void> {
  if (!(await repo.markRefunded(tx, order.vendorId, order.id, at)))
    throw new AppError('ORDER_NOT_REFUNDABLE');
  if (order.status === 'cancelled') return;
  const items = await adminRepo.orderItems(tx, order.vendorId, order.id);
  // The products first, then the rollups: the order every checkout takes them in (no deadlock).
  await holdProducts(
    tx,
    order.vendorId,
    items.flatMap((i) => (i.productId ? [i.productId] : [])),
  );
  await move(tx, order, 'cancelled', actor, at);
  if (order.status === 'pending' || order.status === 'processing') {
    for (const item of items) {
      if (item.productType !== 'physical' || item.productId === null) continue;
      await returnStock(tx, order.vendorId, {
        productId: item.productId,
        variationId: item.variationId,
        quantity: item.quantity,
      });
    }
  }
  if (!order.digitalInfo?.deliveredAt) await returnUnissuedCodes(tx, order.vendorId, order.id, items);
  // A booking not yet served frees its slot for other customers.
  if (order.status !== 'completed') await releaseBookings(tx, order.vendorId, order.id);
}
