import type { OrderProductType, OrderStatus, PaymentStatus, ProductType } from '@app/contracts/catalogue';
import type { EventType } from '@app/contracts/events';
import {
  type AddOrderNoteBody,
  nextStatuses,
  ORDER_LIMITS,
  type OrderDetail,
  type OrderListItem,
  type OrderListQuery,
  type OrderListResponse,
  type OrderNote,
  type OrderStats,
  type OrderTimelineEntry,
  type UpdateOrderStatusBody,
} from '@app/contracts/orders';
import type { Conn, Db, Tx } from '../../db/types';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/days';
import { formatMoney } from '../../lib/money';
import { percentOf } from '../../lib/percent';
import { usdMinor } from '../../lib/usd-rates';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import { releaseCodes } from '../products/product-codes.service';
import { holdProducts, releaseBookings, reserveStock, returnStock } from '../products/products-sale.service';
import type { RollupOrder } from './order-rollups.repository';
import * as rollups from './order-rollups.repository';
import * as repo from './orders.repository';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const fullName = (first: string, last: string | null) => (last ? `${first} ${last}` : first);

/** Who made a change, as events and notes record it: the caller with their name in this account. */
export async function eventActorOf(db: Conn, actor: Actor): Promise<EventActor> {
  return {
    kind: actor.kind,
    id: String(actor.telegramId),
    name: await repo.identityName(db, actor.vendorId, actor.telegramId),
  };
}

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

export type NewOrderItem = {
  productId: string | null;
  /** The variation value sold (physical products with variations): its stock is the one reserved. */
  variationId?: string | null;
  name: string;
  productType: ProductType;
  unitPriceMinor: number;
  quantity: number;
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
  if (input.items.length === 0) throw new AppError('VALIDATION_FAILED', 'An order needs at least one item.');
  const currency = input.currency ?? bot.currency;
  const createdAt = input.createdAt ?? new Date();
  const status = input.status ?? 'pending';
  const totalMinor = input.items.reduce((s, i) => s + i.unitPriceMinor * i.quantity, 0);
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
  const items = input.items.map((i) => ({ ...i, variationId: i.variationId ?? null }));
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

/**
 * Serialises the bot's order placements until the transaction ends (a monthly limit is checked and taken as one
 * step), then counts its non-cancelled orders placed since `fromDay` (YYYY-MM-DD).
 */
export async function lockBotOrders(
  tx: Tx,
  vendorId: string,
  botId: string,
  fromDay: string,
): Promise<number> {
  await repo.lockBotOrders(tx, botId);
  return repo.liveOrdersSince(tx, vendorId, botId, fromDay);
}

/** An order's lines, in the order they were placed. */
export const orderItems = (db: Conn, vendorId: string, orderId: string) =>
  repo.orderItems(db, vendorId, orderId);

/** The event a move records: completion and cancellation are the webhook catalogue's own events. */
const moveEventType = (to: OrderStatus): EventType =>
  to === 'completed' ? 'order.completed' : to === 'cancelled' ? 'order.cancelled' : 'order.status_changed';

/**
 * Moves an order (already checked against the state machine, its row locked) to `to`: its status, rollups and
 * event. Cancelling gives back what the order held: physical stock (variations too), unissued codes, booked
 * slots.
 */
async function moveOrder(
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

function toListItem(r: repo.OrderListRow): OrderListItem {
  return {
    id: r.id,
    number: r.number,
    orderId: `#${r.number}`,
    status: r.status,
    productType: r.productType,
    paymentStatus: r.paymentStatus,
    amount: r.totalMinor,
    currency: r.currency,
    amountFormatted: formatMoney(r.totalMinor, r.currency),
    customer: {
      id: r.customerId,
      name: fullName(r.firstName, r.lastName),
      username: r.username,
      telegramId: r.telegramId,
    },
    bot: { id: r.botId, username: r.botUsername, name: r.botName },
    items: r.itemCount,
    note: r.note,
    allowedStatuses: nextStatuses(r.productType, r.status),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function timelineOf(r: repo.OrderRow, events: repo.EventRow[]): OrderTimelineEntry[] {
  const out: OrderTimelineEntry[] = [];
  const base = { fromStatus: null, status: null, note: null, trackingNumber: null };
  for (const e of events) {
    const p = e.payload;
    const actor = { kind: e.actorKind, name: e.actorName };
    const common = { id: e.id, event: e.type, actor, timestamp: e.createdAt.toISOString() };
    if (e.type === 'order.created') {
      out.push({ ...base, ...common, kind: 'created', status: (str(p.status) as OrderStatus) ?? 'pending' });
    } else if (['order.status_changed', 'order.completed', 'order.cancelled'].includes(e.type)) {
      out.push({
        ...common,
        kind: 'status',
        fromStatus: (str(p.from) as OrderStatus) ?? null,
        status: (str(p.to) as OrderStatus) ?? null,
        note: str(p.note),
        trackingNumber: str(p.trackingNumber),
      });
    } else if (e.type.startsWith('payment.') || e.type === 'refund.created') {
      out.push({ ...base, ...common, kind: 'payment' });
    } else if (e.type === 'order.note_added') {
      out.push({ ...base, ...common, kind: 'note', note: str(p.text) });
    } else {
      out.push({ ...base, ...common, kind: 'updated' });
    }
  }
  // Orders from before the events (the seed's history): 'Order placed', and the status they reached.
  if (!out.some((e) => e.kind === 'created')) {
    out.unshift({
      ...base,
      id: `${r.id}:created`,
      kind: 'created',
      event: 'order.created',
      status: 'pending',
      actor: { kind: 'customer', name: fullName(r.firstName, r.lastName) },
      timestamp: r.createdAt.toISOString(),
    });
  }
  if (r.status !== 'pending' && !out.some((e) => e.kind === 'status')) {
    out.push({
      ...base,
      id: `${r.id}:status`,
      kind: 'status',
      event: 'order.status_changed',
      status: r.status,
      actor: { kind: 'system', name: null },
      timestamp: r.updatedAt.toISOString(),
    });
  }
  return out;
}

function shippingOf(r: repo.OrderRow) {
  if (!r.shipping && r.productType !== 'physical' && r.productType !== 'mixed') return null;
  const s = r.shipping ?? {};
  return {
    method: str(s.method),
    carrier: str(s.carrier),
    trackingNumber: str(s.trackingNumber),
    deliveryDate: str(s.deliveryDate),
    address: str(s.address),
  };
}

function noteOf(n: repo.NoteRow): OrderNote {
  return {
    id: n.id,
    text: n.text,
    author: { kind: n.authorKind, name: n.authorName },
    createdAt: n.createdAt.toISOString(),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search naming more customers than this filters orders by a subquery instead of by their ids. */
const NAMED_MATCHES_MAX = 5000;

/** The end of a `to` bound: a date includes its whole day. */
function toBound(v: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(v);
}

export function createOrdersService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The order stats from the rollups' figures. */
  function statsOf({ counts, today }: repo.OrderFigures): OrderStats {
    const sum = (pred: (c: repo.StatusCount) => boolean) =>
      counts.filter(pred).reduce((s, c) => s + c.orders, 0);
    const live = counts.filter((c) => c.status !== 'cancelled');
    const liveOrders = live.reduce((s, c) => s + c.orders, 0);
    const liveUsd = live.reduce((s, c) => s + c.revenueUsdMinor, 0);
    const avg = liveOrders === 0 ? 0 : Math.round(liveUsd / liveOrders);
    return {
      totalOrders: sum(() => true),
      physicalOrders: sum((c) => c.productType === 'physical'),
      digitalOrders: sum((c) => c.productType === 'digital'),
      serviceOrders: sum((c) => c.productType === 'service'),
      mixedOrders: sum((c) => c.productType === 'mixed'),
      todayOrders: today.placed,
      todayCompleted: today.completed,
      pendingOrders: sum((c) => c.status === 'pending'),
      cancelledOrders: sum((c) => c.status === 'cancelled'),
      avgOrderValue: avg,
      avgOrderValueFormatted: formatMoney(avg),
      fulfillmentRate: percentOf(
        sum((c) => c.status === 'completed'),
        liveOrders,
      ),
    };
  }

  /**
   * Adds a search to `filter`: an order number, or the customers whose name or @username matches, named by id
   * when few enough (their orders are then picked by id) and otherwise as a subquery. Answers the filter with
   * the subquery, which the planner estimates from (planning thousands of ids would cost more than running the
   * query), and, for a search alone whose matches have more orders than are counted exactly, their kept order
   * counts as the estimate (non-cancelled ones, so a few percent under), so that nothing is counted.
   */
  async function applySearch(actor: Actor, q: OrderListQuery, search: string, filter: repo.OrderFilter) {
    const n = /^#?(\d{1,15})$/.exec(search);
    if (n) {
      filter.number = Number(n[1]);
      return { estimated: filter, searchEstimate: null };
    }
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    const matched = await repo.matchingCustomers(db, actor.vendorId, pattern, NAMED_MATCHES_MAX + 1);
    const estimated = { ...filter, customerPattern: pattern };
    if (matched.ids.length <= NAMED_MATCHES_MAX) filter.customerIds = matched.ids;
    else filter.customerPattern = pattern;
    const alone = !q.status && !q.botId && !q.productType && !q.customerId && !q.from && !q.to;
    const kept = alone && actor.botIds === 'all' && matched.orders > ORDER_LIMITS.exactTotalMax;
    return { estimated, searchEstimate: kept ? matched.orders : null };
  }

  const figures = (actor: Actor, botId?: string) =>
    repo.orderFigures(db, actor.vendorId, actor.botIds, dayOf(now()), botId);

  /** The order if the caller may see it (their vendor, a bot in their scope); otherwise 404. */
  async function visibleOrder(conn: Conn, actor: Actor, orderId: string, forUpdate = false) {
    const row = await repo.findOrder(conn, actor.vendorId, orderId, forUpdate);
    if (!row || !inBotScope(actor.botIds, row.botId)) throw new AppError('ORDER_NOT_FOUND');
    return row;
  }

  async function detail(conn: Conn, actor: Actor, row: repo.OrderRow): Promise<OrderDetail> {
    const { items, notes, events } = await repo.orderParts(conn, actor.vendorId, row.id);
    const d = row.digitalInfo;
    const s = row.serviceInfo;
    return {
      ...toListItem(row),
      products: items.map((i) => ({
        id: i.id,
        productId: i.productId,
        name: i.name,
        productType: i.productType,
        price: i.unitPriceMinor,
        quantity: i.quantity,
        total: i.unitPriceMinor * i.quantity,
      })),
      shipping: shippingOf(row),
      digitalInfo: d
        ? {
            downloadLink: str(d.downloadLink),
            licenseKey: str(d.licenseKey),
            codesIssued: num(d.codesIssued) ?? (str(d.licenseKey) ? 1 : 0),
          }
        : null,
      serviceInfo: s
        ? {
            scheduledDate: str(s.scheduledDate),
            duration: num(s.duration),
            durationType: str(s.durationType),
          }
        : null,
      payment: {
        status: row.paymentStatus,
        amount: row.totalMinor,
        currency: row.currency,
        amountFormatted: formatMoney(row.totalMinor, row.currency),
        method: str(row.shipping?.paymentMethod) ?? null,
      },
      timeline: timelineOf(row, events),
      notes: notes.map(noteOf),
    };
  }

  return {
    stats: async (actor: Actor, botId?: string) => statsOf(await figures(actor, botId)),

    async list(actor: Actor, q: OrderListQuery): Promise<OrderListResponse> {
      const filter: repo.OrderFilter = {
        vendorId: actor.vendorId,
        scope: actor.botIds,
        ...(q.status ? { statuses: q.status } : {}),
        ...(q.botId ? { botId: q.botId } : {}),
        ...(q.productType ? { productType: q.productType } : {}),
        ...(q.customerId ? { customerId: q.customerId } : {}),
        ...(q.from ? { from: new Date(q.from.length === 10 ? `${q.from}T00:00:00Z` : q.from) } : {}),
        ...(q.to ? { to: toBound(q.to) } : {}),
      };
      const search = q.search?.trim();
      const { estimated, searchEstimate } = search
        ? await applySearch(actor, q, search, filter)
        : { estimated: filter, searchEstimate: null };
      const offset = (q.page - 1) * q.limit;
      const rollupTotal = !search && !q.customerId && !q.from && !q.to;
      // The status rollup gives both the stats and, without search / customer / dates, the exact total.
      const [rows, figs, capped] = await Promise.all([
        repo.listOrders(db, filter, offset, q.limit + 1),
        figures(actor, q.botId),
        rollupTotal || searchEstimate !== null
          ? null
          : repo.countOrdersCapped(db, filter, ORDER_LIMITS.exactTotalMax),
      ]);
      const counted = capped ?? figs.counts;
      let total: number;
      let totalIsEstimate = false;
      if (searchEstimate !== null) {
        total = searchEstimate;
        totalIsEstimate = true;
      } else if (Array.isArray(counted)) {
        total = counted
          .filter(
            (c) =>
              (!q.status || q.status.includes(c.status)) &&
              (!q.productType || c.productType === q.productType),
          )
          .reduce((s, c) => s + c.orders, 0);
      } else if (counted > ORDER_LIMITS.exactTotalMax) {
        total = Math.max(counted, await repo.estimateOrders(db, estimated));
        totalIsEstimate = true;
      } else {
        total = counted;
      }
      const hasMore = rows.length > q.limit;
      const page = rows.slice(0, q.limit);
      total = Math.max(total, offset + page.length);
      return {
        orders: page.map(toListItem),
        total,
        totalIsEstimate,
        page: q.page,
        limit: q.limit,
        hasMore,
        stats: statsOf(figs),
      };
    },

    async get(actor: Actor, orderId: string): Promise<OrderDetail> {
      return detail(db, actor, await visibleOrder(db, actor, orderId));
    },

    /** A move through the state machine (409 with the allowed moves otherwise), its rollups and its event. */
    async updateStatus(actor: Actor, orderId: string, body: UpdateOrderStatusBody): Promise<OrderDetail> {
      await db.transaction(async (tx) => {
        const row = await visibleOrder(tx, actor, orderId, true);
        const allowed = nextStatuses(row.productType, row.status);
        if (!allowed.includes(body.status)) {
          throw new AppError(
            'ORDER_STATUS_NOT_ALLOWED',
            allowed.length === 0
              ? `Order ${row.number} is ${row.status}: it cannot change status any more.`
              : `Order ${row.number} cannot move from ${row.status} to ${body.status}. Allowed: ${allowed.join(', ')}.`,
            { from: row.status, to: body.status, allowed },
          );
        }
        if (body.trackingNumber !== undefined && body.status !== 'shipped') {
          throw new AppError(
            'VALIDATION_FAILED',
            'A tracking number is only kept when the order moves to shipped.',
          );
        }
        await moveOrder(tx, { ...row, vendorId: actor.vendorId }, body.status, {
          actor: await eventActorOf(tx, actor),
          at: now(),
          note: body.note ?? null,
          trackingNumber: body.trackingNumber ?? null,
        });
      });
      return this.get(actor, orderId);
    },

    async addNote(actor: Actor, orderId: string, body: AddOrderNoteBody): Promise<OrderNote> {
      return db.transaction(async (tx) => {
        const row = await visibleOrder(tx, actor, orderId);
        const who = await eventActorOf(tx, actor);
        const at = now();
        const note = await repo.insertNote(tx, {
          vendorId: actor.vendorId,
          orderId,
          text: body.text,
          authorKind: who.kind,
          authorId: who.id,
          authorName: who.name ?? null,
          at,
        });
        await recordEvent(tx, {
          vendorId: actor.vendorId,
          botId: row.botId,
          type: 'order.note_added',
          actor: who,
          subject: { kind: 'order', id: orderId },
          payload: { orderNumber: row.number, noteId: note.id, text: body.text },
          at,
        });
        return noteOf(note);
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** Adds a shop's funnel counts (visits, carts, checkouts) to its bot's figures of that day. */
export const recordShopFunnel = rollups.recordShopFunnel;

/** Recomputes the vendor's order rollups, customer and membership figures from its orders (after a bulk seed). */
export const rebuildOrderRollups = rollups.rebuildOrderRollups;

/** Recomputes the vendor's daily figures as the sum of its bots' (after a bulk seed). */
export const rebuildVendorDailyStats = rollups.rebuildVendorDailyStats;
