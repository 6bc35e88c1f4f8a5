import type { OrderProductType, OrderStatus, PaymentStatus, ProductType } from '@app/contracts/catalogue';
import type { AddOrderNoteBody, OrderListQuery, UpdateOrderStatusBody } from '@app/contracts/orders';
import type { Conn, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { usdMinor } from '../../lib/usd-rates';
import { type EventActor, recordEvent } from '../events/record-event';
import { reserveStock } from '../products/products-sale.service';
import {
  addOrderNote,
  getOrder,
  type OrderDetailDeps,
  orderCodes,
  revealOrderCode,
  updateOrderStatus,
} from './order-detail.service';
import { listOrders, type OrderListDeps, orderStats } from './order-list.service';
import * as rollups from './order-rollups.repository';
import { lineTax, taxedTotal } from './order-tax';
import { fullName } from './order-view';
import * as repo from './orders.repository';

// The one way an order is placed (and what the shop's checkout does around it), then the vendor API's factory
// binding the list (order-list), the detail, moves and notes (order-detail) to their deps. What a status move does
// to an order's stock, codes and slots, and the reservation release, are in order-moves.

export { lineTax, taxedTotal } from './order-tax';

export type NewOrderItem = {
  productId: string | null;
  /** The variation value sold (physical products with variations): its stock is the one reserved. */
  variationId?: string | null;
  name: string;
  productType: ProductType;
  unitPriceMinor: number;
  quantity: number;
  /** The product's tax (order-tax.ts): the order carries it per line, adding it unless the price includes it. */
  taxRate?: number | null;
  taxInclusive?: boolean;
};

export type NewOrder = {
  vendorId: string;
  botId: string;
  customerId: string;
  items: NewOrderItem[];
  /** The order's currency; by default the bot's. */
  currency?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  note?: string | null;
  shipping?: Record<string, unknown> | null;
  digitalInfo?: Record<string, unknown> | null;
  serviceInfo?: Record<string, unknown> | null;
  createdAt?: Date;
  /** Who placed it: the customer by default. */
  actor?: EventActor;
  /** Take physical tracked items from stock (default true). */
  reserveStock?: boolean;
  /**
   * Only take stock that is there (the shop's checkout): STOCK_UNAVAILABLE when fewer are left, unless the
   * product allows backorder, and the caller's transaction rolls back. Without it (orders recorded after the
   * fact: the seed, tests) stock may go below zero, as it always could.
   */
  guardStock?: boolean;
  /** A shop order's reservation end: unpaid past it, the release job cancels it. */
  reservedUntil?: Date | null;
};

function orderTypeOf(items: NewOrderItem[]): OrderProductType {
  const types = new Set(items.map((i) => i.productType));
  return types.size === 1 ? ([...types][0] as OrderProductType) : 'mixed';
}

/**
 * The one way an order is created (the shop runtime, the seed's small paths, the tests): inserts it and its
 * lines, reserves stock, moves every rollup and records order.created, all in the caller's transaction.
 */
export async function placeOrder(tx: Tx, input: NewOrder): Promise<{ id: string; number: number }> {
  const bot = await repo.botOf(tx, input.vendorId, input.botId);
  const customer = await repo.customerOf(tx, input.vendorId, input.customerId);
  if (!bot) throw new AppError('BOT_NOT_FOUND');
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  if (input.items.length === 0) throw new AppError('ORDER_ITEMS_REQUIRED');
  const currency = input.currency ?? bot.currency;
  const createdAt = input.createdAt ?? new Date();
  const status = input.status ?? 'pending';
  // The lines, with the tax added on top where the price does not include it.
  const { totalMinor } = taxedTotal(input.items);
  const row: repo.NewOrderRow = {
    vendorId: input.vendorId,
    botId: input.botId,
    customerId: input.customerId,
    status,
    productType: orderTypeOf(input.items),
    paymentStatus: input.paymentStatus ?? 'pending',
    totalMinor,
    totalUsdMinor: usdMinor(totalMinor, currency),
    currency,
    itemCount: input.items.reduce((s, i) => s + i.quantity, 0),
    note: input.note ?? null,
    shipping: input.shipping ?? null,
    digitalInfo: input.digitalInfo ?? null,
    serviceInfo: input.serviceInfo ?? null,
    createdAt,
    completedAt: status === 'completed' ? createdAt : null,
    reservedUntil: input.reservedUntil ?? null,
  };
  const created = await repo.insertOrder(tx, row);
  const items = input.items.map(({ taxInclusive, ...i }) => {
    const tax = lineTax(i.unitPriceMinor * i.quantity, i.taxRate, taxInclusive ?? false);
    return {
      ...i,
      variationId: i.variationId ?? null,
      taxRate: i.taxRate ?? null,
      taxMinor: tax.taxMinor,
      taxAddedMinor: tax.addedMinor,
    };
  });
  await repo.insertItems(tx, input.vendorId, created.id, items);
  if (input.reserveStock !== false && status !== 'cancelled') {
    for (const item of items) {
      if (item.productType !== 'physical' || item.productId === null) continue;
      await reserveStock(
        tx,
        input.vendorId,
        { productId: item.productId, variationId: item.variationId, quantity: item.quantity },
        { guarded: input.guardStock === true },
      );
    }
  }
  await rollups.rollUpNewOrder(tx, { ...row, id: created.id }, input.items);
  const customerName = fullName(customer.firstName, customer.lastName);
  await recordEvent(tx, {
    vendorId: input.vendorId,
    botId: input.botId,
    type: 'order.created',
    actor: input.actor ?? { kind: 'customer', id: input.customerId, name: customerName },
    subject: { kind: 'order', id: created.id },
    payload: {
      orderNumber: created.number,
      totalMinor,
      currency,
      itemCount: row.itemCount,
      customerName,
      botUsername: bot.username,
      status,
    },
    at: createdAt,
  });
  return created;
}

/** Notes on a placed digital order how many codes it holds while unpaid (its detail shows them as reserved). */
export async function noteCodesReserved(
  tx: Tx,
  vendorId: string,
  orderId: string,
  count: number,
): Promise<void> {
  await repo.setDigitalInfo(tx, vendorId, orderId, { codesReserved: count });
}

/** Serialises the bot's order placements until the transaction ends (a monthly limit checked and taken as one step). */
export const lockBotOrders = (tx: Tx, botId: string) => repo.lockBotOrders(tx, botId);

/** The bot's non-cancelled orders placed since `fromDay` (YYYY-MM-DD). */
export const liveOrdersSince = (tx: Tx, vendorId: string, botId: string, fromDay: string) =>
  repo.liveOrdersSince(tx, vendorId, botId, fromDay);

/** An order with its customer and bot (null when the vendor has no such order): the shop's reviews. */
export const findOrderRow = (db: Conn, vendorId: string, orderId: string) =>
  repo.findOrder(db, vendorId, orderId);

/** The order an order line belongs to, or null. */
export const orderIdOfItem = (db: Conn, vendorId: string, itemId: string) =>
  repo.orderIdOfItem(db, vendorId, itemId);

/** Whether an order has something to ship: a physical line whose product requires shipping. */
export async function orderNeedsShipping(db: Conn, vendorId: string, orderId: string): Promise<boolean> {
  const lines = await repo.packingLines(db, vendorId, orderId);
  return lines.some((l) => l.details.requiresShipping !== false);
}

/** An order's lines, in the order they were placed. */
export const orderItems = (db: Conn, vendorId: string, orderId: string) =>
  repo.orderItems(db, vendorId, orderId);

// Other modules import these from here: the shop's checkout and payments, customers, the jobs.
export { eventActorOf } from './order-detail.service';
export {
  RESERVATION_EXPIRED_NOTE,
  releaseExpiredReservations,
  returnUnissuedCodes,
} from './order-moves.service';

/** What the orders service is built from. */
export type OrdersDeps = OrderListDeps & OrderDetailDeps;

/** The vendor API's orders: list, stats, detail, status moves and notes. Every method is bound to `deps`. */
export function createOrdersService(deps: OrdersDeps) {
  return {
    stats: (actor: Actor, botId?: string) => orderStats(deps, actor, botId),
    list: (actor: Actor, q: OrderListQuery) => listOrders(deps, actor, q),
    get: (actor: Actor, orderId: string) => getOrder(deps, actor, orderId),
    codes: (actor: Actor, orderId: string) => orderCodes(deps, actor, orderId),
    revealCode: (actor: Actor, orderId: string, codeId: string) =>
      revealOrderCode(deps, actor, orderId, codeId),
    updateStatus: (actor: Actor, orderId: string, body: UpdateOrderStatusBody) =>
      updateOrderStatus(deps, actor, orderId, body),
    addNote: (actor: Actor, orderId: string, body: AddOrderNoteBody) =>
      addOrderNote(deps, actor, orderId, body),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** Adds a shop's funnel counts (visits, carts, checkouts) to its bot's figures of that day. */
export const recordShopFunnel = rollups.recordShopFunnel;

/** Adds shop views of a product to its figures of that day in that bot (product_daily_stats). */
export const recordProductViews = rollups.recordProductViews;

/** Recomputes the vendor's order rollups, customer and membership figures from its orders (after a bulk seed). */
export const rebuildOrderRollups = rollups.rebuildOrderRollups;

/** Recomputes the vendor's daily figures as the sum of its bots' (after a bulk seed). */
export const rebuildVendorDailyStats = rollups.rebuildVendorDailyStats;

/**
 * Erases the shipping addresses of a customer's orders (the customer's erasure, modules/customers): the orders'
 * amounts, items and dates stay for bookkeeping. Answers the orders' ids.
 */
export async function eraseCustomerShipping(tx: Tx, vendorId: string, customerId: string): Promise<string[]> {
  return repo.eraseShippingOfCustomer(tx, vendorId, customerId);
}
