import {
  type AddOrderNoteBody,
  nextStatuses,
  type OrderCodesResponse,
  type OrderDetail,
  type OrderNote,
  type OrderPacking,
  type OrderPendingDelivery,
  type RevealedOrderCode,
  type UpdateOrderStatusBody,
} from '@app/contracts/orders';
import { ShippingClass } from '@app/contracts/products';
import type { Conn, Db } from '../../db/types';
import { type Actor, eventActorOf as auditActorOf, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { formatMoney } from '../../lib/money';
import { type EventActor, recordEvent } from '../events/record-event';
import { moveOrder } from './order-moves.service';
import { noteOf, num, shippingOf, str, timelineOf, toListItem } from './order-view';
import * as repo from './orders.repository';

// One order: its detail, its status moves through the state machine, its notes.

/** What the detail, the moves and the notes work with. */
export type OrderDetailDeps = {
  db: Db;
  now?: () => Date;
  /** The durable delivery job still pending for an order (the job queue's), or null; none without a queue. */
  pendingDeliveryOf?: (orderId: string) => Promise<OrderPendingDelivery | null>;
};

const nowOf = (deps: OrderDetailDeps): Date => deps.now?.() ?? new Date();

/** Who made a change, as events and notes record it: the caller with their name in this account. */
export async function eventActorOf(db: Conn, actor: Actor): Promise<EventActor> {
  // A key is recorded by its own id and name; a person by their name in this account.
  if (actor.kind === 'apiKey') return auditActorOf(actor);
  return {
    kind: actor.kind,
    id: String(actor.telegramId),
    name: await repo.identityName(db, actor.vendorId, actor.telegramId),
  };
}

/** The order if the caller may see it (their vendor, a bot in their scope); otherwise 404. */
async function visibleOrder(conn: Conn, actor: Actor, orderId: string, forUpdate = false) {
  const row = await repo.findOrder(conn, actor.vendorId, orderId, forUpdate);
  if (!row || !inBotScope(actor.botIds, row.botId)) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

const KG_PER: Record<string, number> = { kg: 1, g: 0.001, lb: 0.45359237, oz: 0.028349523125 };

/** The parcel: the sum of each physical line's weight × quantity in kg, and any line's handling flags. */
export function packingOf(lines: readonly PackingLine[]): OrderPacking {
  let kg = 0;
  let weighed = 0;
  for (const { quantity, details } of lines) {
    const weight = typeof details.weight === 'number' && details.weight > 0 ? details.weight : null;
    if (weight === null) continue;
    weighed++;
    kg += weight * (KG_PER[String(details.weightUnit ?? 'kg')] ?? 1) * quantity;
  }
  const any = (flag: string) => lines.some((l) => l.details[flag] === true);
  return {
    weightKg: weighed === 0 ? null : Math.round(kg * 1000) / 1000,
    weightPartial: weighed > 0 && weighed < lines.length,
    fragile: any('fragile'),
    perishable: any('perishable'),
    hazmat: any('hazmat'),
    requiresShipping: lines.some((l) => l.details.requiresShipping !== false),
    items: lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      sku: variationSkuOf(l.details, l.variationId ?? null) ?? l.sku ?? null,
      shippingClass: ShippingClass.safeParse(l.details.shippingClass).data ?? null,
      countryOfOrigin:
        typeof l.details.countryOfOrigin === 'string' ? l.details.countryOfOrigin || null : null,
      dimensions: dimensionsOf(l.details),
    })),
  };
}

/** An order line for the packer: the product's details (products.details) and the variation sold, if any. */
export type PackingLine = {
  name: string;
  quantity: number;
  details: Record<string, unknown>;
  variationId?: string | null;
  /** The product's own SKU. */
  sku?: string | null;
};

/** The SKU the vendor gave the variation value or size × colour combination sold (null: none given). */
function variationSkuOf(details: Record<string, unknown>, variationId: string | null): string | null {
  if (variationId === null) return null;
  type WithSku = { id?: unknown; sku?: unknown };
  const combinations = Array.isArray(details.combinations) ? (details.combinations as WithSku[]) : [];
  const values = (
    Array.isArray(details.variations) ? (details.variations as { values?: WithSku[] }[]) : []
  ).flatMap((v) => (Array.isArray(v.values) ? v.values : []));
  const sold = [...combinations, ...values].find((x) => x.id === variationId);
  return typeof sold?.sku === 'string' && sold.sku !== '' ? sold.sku : null;
}

/** A product's recorded dimensions (details.dimensions), or null when it has none. */
function dimensionsOf(details: Record<string, unknown>): OrderPacking['items'][number]['dimensions'] {
  const d = details.dimensions as Record<string, unknown> | undefined;
  const size = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);
  if (!d) return null;
  const [length, width, height] = [size(d.length), size(d.width), size(d.height)];
  if (length === null && width === null && height === null) return null;
  return { length, width, height, unit: d.unit === 'in' ? 'in' : 'cm' };
}

/**
 * One order in full: its lines, shipping, digital and service details, payment, timeline, notes, and the
 * delivery still pending (only a paid order can owe one).
 */
async function orderDetail(
  conn: Conn,
  actor: Actor,
  row: repo.OrderRow,
  pendingDeliveryOf?: OrderDetailDeps['pendingDeliveryOf'],
): Promise<OrderDetail> {
  const physical = row.productType === 'physical' || row.productType === 'mixed';
  const [{ items, notes, events }, trackingRequired, packing, pendingDelivery] = await Promise.all([
    repo.orderParts(conn, actor.vendorId, row.id),
    repo.trackingRequired(conn, actor.vendorId, row.botId),
    physical ? repo.packingLines(conn, actor.vendorId, row.id) : Promise.resolve(null),
    pendingDeliveryOf && row.paymentStatus === 'paid' ? pendingDeliveryOf(row.id) : Promise.resolve(null),
  ]);
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
      taxRate: i.taxRate,
      tax: i.taxMinor,
      taxIncluded: i.taxMinor > 0 && i.taxAddedMinor === 0,
    })),
    taxTotal: items.reduce((sum, i) => sum + i.taxMinor, 0),
    shipping: shippingOf(row, trackingRequired),
    packing: packing ? packingOf(packing) : null,
    digitalInfo: d
      ? {
          downloadLink: str(d.downloadLink),
          licenseKey: str(d.licenseKey),
          codesIssued: num(d.codesIssued) ?? (str(d.licenseKey) ? 1 : 0),
          held: d.held === true && str(d.releasedAt) === null && row.paymentStatus === 'paid',
        }
      : null,
    serviceInfo: s
      ? {
          scheduledDate: str(s.scheduledDate),
          occurrences: Array.isArray(s.occurrences)
            ? s.occurrences.filter((o): o is string => typeof o === 'string')
            : [],
          duration: num(s.duration),
          durationType: str(s.durationType),
          location:
            s.location === 'online' || s.location === 'onsite' || s.location === 'hybrid' ? s.location : null,
          address: str(s.address),
          meetingLink: str(s.meetingLink),
          customerAddress: str(s.customerAddress),
          // A paid booking the vendor has not confirmed yet (autoConfirm off) is still pending.
          requested:
            row.paymentStatus === 'paid' && row.status === 'pending' && row.productType === 'service',
          cancellationPolicy: str(s.cancellationPolicy),
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
    pendingDelivery,
  };
}

/** One order in full, if the caller may see it (404 otherwise). */
export async function getOrder(deps: OrderDetailDeps, actor: Actor, orderId: string): Promise<OrderDetail> {
  return orderDetail(deps.db, actor, await visibleOrder(deps.db, actor, orderId), deps.pendingDeliveryOf);
}

/** A move through the state machine (409 with the allowed moves otherwise), its rollups and its event. */
export async function updateOrderStatus(
  deps: OrderDetailDeps,
  actor: Actor,
  orderId: string,
  body: UpdateOrderStatusBody,
): Promise<OrderDetail> {
  await deps.db.transaction(async (tx) => {
    const row = await visibleOrder(tx, actor, orderId, true);
    const allowed = nextStatuses(row.productType, row.status);
    if (!allowed.includes(body.status)) {
      throw new AppError(allowed.length === 0 ? 'ORDER_STATUS_FINAL' : 'ORDER_STATUS_NOT_ALLOWED', {
        number: row.number,
        from: row.status,
        to: body.status,
        allowed,
      });
    }
    if (body.trackingNumber !== undefined && body.status !== 'shipped') {
      throw new AppError('TRACKING_NUMBER_NOT_ALLOWED');
    }
    // The bot's tracking flag: a shipped parcel carries its tracking number to the customer.
    if (
      body.status === 'shipped' &&
      !body.trackingNumber &&
      (await repo.trackingRequired(tx, actor.vendorId, row.botId))
    ) {
      throw new AppError('TRACKING_NUMBER_REQUIRED');
    }
    await moveOrder(tx, { ...row, vendorId: actor.vendorId }, body.status, {
      actor: await eventActorOf(tx, actor),
      at: nowOf(deps),
      note: body.note ?? null,
      trackingNumber: body.trackingNumber ?? null,
    });
  });
  return getOrder(deps, actor, orderId);
}

/** Adds a note to the order, by the caller, recording order.note_added in the same transaction. */
export async function addOrderNote(
  deps: OrderDetailDeps,
  actor: Actor,
  orderId: string,
  body: AddOrderNoteBody,
): Promise<OrderNote> {
  return deps.db.transaction(async (tx) => {
    const row = await visibleOrder(tx, actor, orderId);
    const who = await eventActorOf(tx, actor);
    const at = nowOf(deps);
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
}

/** A code with all but its last 4 characters hidden (separators kept): ••••-••••-1234. */
export function maskCode(code: string): string {
  const keep = Math.min(4, Math.floor(code.length / 2));
  return [...code].map((ch, i) => (i >= code.length - keep || /[-\s]/.test(ch) ? ch : '•')).join('');
}

/** The codes the order's buyer received, masked. */
export async function orderCodes(
  deps: OrderDetailDeps,
  actor: Actor,
  orderId: string,
): Promise<OrderCodesResponse> {
  const order = await visibleOrder(deps.db, actor, orderId);
  const rows = await repo.codesOfOrder(deps.db, actor.vendorId, orderId);
  const validity = (order.digitalInfo?.validUntil ?? {}) as Record<string, unknown>;
  return {
    codes: rows.map((r) => ({
      id: r.id,
      productName: r.productName,
      masked: maskCode(r.code),
      validUntil: str(validity[r.productId]) ?? null,
    })),
  };
}

/** One of the order's codes in full; who revealed it goes in the audit trail (order.code_revealed). */
export async function revealOrderCode(
  deps: OrderDetailDeps,
  actor: Actor,
  orderId: string,
  codeId: string,
): Promise<RevealedOrderCode> {
  return deps.db.transaction(async (tx) => {
    const row = await visibleOrder(tx, actor, orderId);
    const code = (await repo.codesOfOrder(tx, actor.vendorId, orderId)).find((c) => c.id === codeId);
    if (!code) throw new AppError('CODE_NOT_FOUND');
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      botId: row.botId,
      type: 'order.code_revealed',
      actor: await eventActorOf(tx, actor),
      subject: { kind: 'order', id: orderId },
      payload: { orderNumber: row.number, productName: code.productName, masked: maskCode(code.code) },
      at: nowOf(deps),
    });
    return { id: code.id, code: code.code };
  });
}
