import type { OrderStatus } from '@app/contracts/catalogue';
import {
  nextStatuses,
  type OrderListItem,
  type OrderNote,
  type OrderTimelineEntry,
} from '@app/contracts/orders';
import { trackingLinkOf } from '../../lib/carriers';
import { formatMoney } from '../../lib/money';
import type * as repo from './orders.repository';

// A stored order as the API shows it: the list's item, the timeline from its events, shipping and notes.

/** A stored string field, or null when missing or blank. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** A stored number field, or null. */
export const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
/** A customer's name as shown: first and last. */
export const fullName = (first: string, last: string | null) => (last ? `${first} ${last}` : first);

/** An order as the list shows it (the detail starts from it too). */
export function toListItem(r: repo.OrderListRow): OrderListItem {
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

/** The order's timeline from its events; orders older than the events get their placing and status. */
export function timelineOf(r: repo.OrderRow, events: repo.EventRow[]): OrderTimelineEntry[] {
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
      out.push({
        ...base,
        ...common,
        kind: 'updated',
        paymentMethod: str(p.paymentMethod),
        shippingMethod: str(p.shippingMethod),
      });
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

/** Where and how a physical (or mixed) order ships; null for the others without shipping. */
export function shippingOf(r: repo.OrderRow, trackingRequired: boolean) {
  if (!r.shipping && r.productType !== 'physical' && r.productType !== 'mixed') return null;
  const s = r.shipping ?? {};
  const trackingNumber = str(s.trackingNumber);
  return {
    method: str(s.method),
    carrier: str(s.carrier),
    trackingNumber,
    deliveryDate: str(s.deliveryDate),
    address: str(s.address),
    fee: num(s.shippingMinor),
    trackingUrl: trackingNumber
      ? (trackingLinkOf([str(s.carrier), str(s.method)], trackingNumber)?.url ?? null)
      : null,
    trackingRequired,
  };
}

/** A note as the API shows it. */
export function noteOf(n: repo.NoteRow): OrderNote {
  return {
    id: n.id,
    text: n.text,
    author: { kind: n.authorKind, name: n.authorName },
    createdAt: n.createdAt.toISOString(),
  };
}
