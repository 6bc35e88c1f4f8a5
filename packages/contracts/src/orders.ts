import { z } from 'zod';
import { OrderProductType, OrderStatus, PaymentStatus, ProductType } from './catalogue';
import { text, VendorParams } from './common';
import { ActorKind } from './events';
import { ShippingClass } from './products';

/** Numbers of the orders screens and API (spec part 1 §7 and §9). */
export const ORDER_LIMITS = {
  pageSizeDefault: 50,
  pageSizeMax: 100,
  searchMax: 100,
  noteMax: 2000,
  trackingNumberMax: 64,
  /**
   * Up to this many matching orders `total` is an exact count; above it, an estimate from the planner's
   * statistics (`totalIsEstimate: true`, the screen says "about"). Counting stops here, so a filter that
   * matches a million orders costs what one matching a thousand does.
   */
  exactTotalMax: 1_000,
} as const;

export const ORDER_MESSAGES = {
  noteRequired: 'Note is required',
  trackingNumberTooLong: `Tracking number must be at most ${ORDER_LIMITS.trackingNumberMax} characters`,
} as const;

// ── Order statuses: the state machine of ARCHITECTURE.md "Order statuses" ─────────────────────────────────

/** Finished orders: no further move. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled'];

/**
 * The forward path of each kind of order. A mixed order follows the physical path (it has something to ship).
 * Besides the next step, any unfinished order may move to `cancelled`.
 */
export const ORDER_STATUS_FLOWS: Record<OrderProductType, readonly OrderStatus[]> = {
  physical: ['pending', 'processing', 'shipped', 'delivered', 'completed'],
  mixed: ['pending', 'processing', 'shipped', 'delivered', 'completed'],
  digital: ['pending', 'processing', 'completed'],
  service: ['pending', 'scheduled', 'in_progress', 'completed'],
};

/**
 * The allowed moves from `status` for an order of `productType`: the next step of its path (if any), then
 * `cancelled` while unfinished. Empty for a finished order or a status outside its path. Server and app both
 * use this: the server refuses anything else (409 with these), the Update Status button offers the first one.
 */
export function nextStatuses(productType: OrderProductType, status: OrderStatus): OrderStatus[] {
  if (FINAL_ORDER_STATUSES.includes(status)) return [];
  const flow = ORDER_STATUS_FLOWS[productType];
  const at = flow.indexOf(status);
  if (at < 0) return [];
  const next = flow[at + 1];
  return next ? [next, 'cancelled'] : ['cancelled'];
}

/** The move the Update Status button offers: the next forward step, or null when there is none. */
export function nextForwardStatus(productType: OrderProductType, status: OrderStatus): OrderStatus | null {
  return nextStatuses(productType, status).find((s) => s !== 'cancelled') ?? null;
}

export function canMoveOrder(productType: OrderProductType, from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses(productType, from).includes(to);
}

// ── Shapes ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Who did something to an order, as the timeline and notes show it. */
export const OrderActor = z.object({ kind: ActorKind, name: z.string().nullable() });
export type OrderActor = z.infer<typeof OrderActor>;

export const OrderCustomer = z.object({
  id: z.string().uuid(),
  /** First and last name. */
  name: z.string(),
  username: z.string().nullable(),
  telegramId: z.number().int(),
});
export type OrderCustomer = z.infer<typeof OrderCustomer>;

export const OrderBot = z.object({ id: z.string().uuid(), username: z.string(), name: z.string() });
export type OrderBot = z.infer<typeof OrderBot>;

export const OrderShipping = z.object({
  /** standard, express, pickup, … */
  method: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** ISO date (YYYY-MM-DD) or date-time. */
  deliveryDate: z.string().nullable(),
  /** Where the customer asked it delivered, on one line as they gave it. */
  address: z.string().nullable(),
  /** What the customer pays for shipping (minor units of the order's currency); null when none was chosen. */
  fee: z.number().int().nullable(),
  /** The carrier's tracking page for the tracking number, when the carrier or method names a known carrier. */
  trackingUrl: z.string().nullable(),
  /** The bot's shipping settings ask for a tracking number: moving to shipped without one is refused (400). */
  trackingRequired: z.boolean(),
});
export type OrderShipping = z.infer<typeof OrderShipping>;

/** What the packer needs: the parcel's weight (each physical line's weight × quantity) and handling flags. */
export const OrderPacking = z.object({
  /** In kilograms, three decimals; null when no line's product has a weight. */
  weightKg: z.number().nullable(),
  /** Some of the lines' products weigh nothing on record: the weight is a lower bound. */
  weightPartial: z.boolean(),
  fragile: z.boolean(),
  perishable: z.boolean(),
  hazmat: z.boolean(),
  /** Some line's product ships (requiresShipping); false: nothing to send (no shipping step at checkout). */
  requiresShipping: z.boolean(),
  /**
   * Each physical line's product dimensions as recorded (null: none), with its quantity; the SKU to pick (the
   * variation's or combination's own, else the product's), its shipping class and country of origin (customs).
   */
  items: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      sku: z.string().nullable(),
      shippingClass: ShippingClass.nullable(),
      countryOfOrigin: z.string().nullable(),
      dimensions: z
        .object({
          length: z.number().nullable(),
          width: z.number().nullable(),
          height: z.number().nullable(),
          unit: z.enum(['cm', 'in']),
        })
        .nullable(),
    }),
  ),
});
export type OrderPacking = z.infer<typeof OrderPacking>;

export const OrderDigitalInfo = z.object({
  downloadLink: z.string().nullable(),
  licenseKey: z.string().nullable(),
  /** Codes from the products' code pools issued to this order (0 until delivered). */
  codesIssued: z.number().int(),
  /**
   * Paid, and what it bought waits for the vendor's Release (its products do not deliver automatically):
   * `POST /orders/{id}/release` sends it.
   */
  held: z.boolean(),
});
export type OrderDigitalInfo = z.infer<typeof OrderDigitalInfo>;

/**
 * What a paid customer is still owed (codes, booking, confirmation) after Telegram failed to take it: the durable
 * delivery job's state (issue 26 D). `attempts`: sends tried so far (the first, in the chat, and the job's
 * failed runs); `nextAttemptAt`: when the job tries again (null while it runs); `lastError`: Telegram's words.
 */
export const OrderPendingDelivery = z.object({
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  nextAttemptAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
});
export type OrderPendingDelivery = z.infer<typeof OrderPendingDelivery>;

export const OrderServiceInfo = z.object({
  /** ISO date-time of the booking. */
  scheduledDate: z.string().nullable(),
  /** A recurring service's series: every occurrence booked (ISO, the first is scheduledDate); empty for one. */
  occurrences: z.array(z.string()),
  duration: z.number().nullable(),
  /** minutes, hours, days, sessions… */
  durationType: z.string().nullable(),
  /** Where it takes place, as sold: online (the meeting link), onsite (the address) or hybrid (both). */
  location: z.enum(['online', 'onsite', 'hybrid']).nullable(),
  address: z.string().nullable(),
  meetingLink: z.string().nullable(),
  /** The address the customer sent for a service that comes to them. */
  customerAddress: z.string().nullable(),
  /** Paid and waiting for the vendor's confirmation (moving it to scheduled confirms it). */
  requested: z.boolean(),
  cancellationPolicy: z.string().nullable(),
});
export type OrderServiceInfo = z.infer<typeof OrderServiceInfo>;

/** One card of the orders list. Money is in minor units (cents) of the order's own `currency`. */
export const OrderListItem = z.object({
  id: z.string().uuid(),
  /** The number people read and say: unique across the platform. */
  number: z.number().int(),
  /** The spec's orderId: the number as the screen shows it, "#10423". */
  orderId: z.string(),
  status: OrderStatus,
  productType: OrderProductType,
  paymentStatus: PaymentStatus,
  amount: z.number().int(),
  currency: z.string(),
  /** The spec's display form; render from `amount` and `currency`. */
  amountFormatted: z.string(),
  customer: OrderCustomer,
  bot: OrderBot,
  /** Units ordered. */
  items: z.number().int(),
  /** The customer's note at checkout. */
  note: z.string().nullable(),
  /** Allowed moves now (nextStatuses): the Update Status button offers the first. */
  allowedStatuses: z.array(OrderStatus),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

export const OrderProduct = z.object({
  /** The order line's id. */
  id: z.string().uuid(),
  /** Null once the product was deleted; name and price stay as sold. */
  productId: z.string().uuid().nullable(),
  name: z.string(),
  productType: ProductType,
  /** Unit price, minor units of the order's currency. */
  price: z.number().int(),
  quantity: z.number().int(),
  /** price × quantity, without tax added on top. */
  total: z.number().int(),
  /** The product's tax rate (percent) when sold; null: none. */
  taxRate: z.number().nullable(),
  /** The tax the line carries, minor units: included in `total`, or added on top of it. */
  tax: z.number().int(),
  taxIncluded: z.boolean(),
});
export type OrderProduct = z.infer<typeof OrderProduct>;

export const OrderPayment = z.object({
  status: PaymentStatus,
  amount: z.number().int(),
  currency: z.string(),
  amountFormatted: z.string(),
  /** The rail the customer chose (a PaymentProviderId: stars, card, …, cash_on_delivery); null until chosen. */
  method: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

export const OrderTimelineKind = z.enum(['created', 'status', 'payment', 'note', 'updated']);
export type OrderTimelineKind = z.infer<typeof OrderTimelineKind>;

/** One line of the timeline, from the order's domain events: who did what, when. Oldest first. */
export const OrderTimelineEntry = z.object({
  id: z.string(),
  kind: OrderTimelineKind,
  /** The event type (order.created, order.status_changed, order.cancelled, payment.received, …). */
  event: z.string(),
  /** For a status move: from and to. */
  fromStatus: OrderStatus.nullable(),
  status: OrderStatus.nullable(),
  note: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** An order.updated at payment: the rail chosen (cash_on_delivery) or the shipping method's name. */
  paymentMethod: z.string().nullable().optional(),
  shippingMethod: z.string().nullable().optional(),
  actor: OrderActor,
  timestamp: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

/** An internal note of the vendor's team (never shown to the customer). */
export const OrderNote = z.object({
  id: z.string().uuid(),
  text: z.string(),
  author: OrderActor,
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof OrderNote>;

export const OrderDetail = OrderListItem.extend({
  products: z.array(OrderProduct),
  /** The tax the order carries, minor units (its lines' `tax`; what was added is part of `amount`). */
  taxTotal: z.number().int(),
  /** Present for physical and mixed orders. */
  shipping: OrderShipping.nullable(),
  /** Physical (or mixed) orders: the parcel's weight and handling flags; null for the others. */
  packing: OrderPacking.nullable(),
  /** Present for digital orders (and mixed ones with digital items). */
  digitalInfo: OrderDigitalInfo.nullable(),
  /** Present for service orders (and mixed ones with a service). */
  serviceInfo: OrderServiceInfo.nullable(),
  payment: OrderPayment,
  timeline: z.array(OrderTimelineEntry),
  /** A delivery the durable job still retries; null when nothing is pending. */
  pendingDelivery: OrderPendingDelivery.nullable(),
  /** Newest first. */
  notes: z.array(OrderNote),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** Order stats of spec part 1 §3, over the caller's bots (or the one `botId` given); other list filters do not apply. */
export const OrderStats = z.object({
  /** Orders placed, cancelled ones aside (Home's and Analytics' Total Orders); the type counts likewise. */
  totalOrders: z.number().int(),
  physicalOrders: z.number().int(),
  digitalOrders: z.number().int(),
  serviceOrders: z.number().int(),
  mixedOrders: z.number().int(),
  todayOrders: z.number().int(),
  todayCompleted: z.number().int(),
  pendingOrders: z.number().int(),
  cancelledOrders: z.number().int(),
  /** USD minor units (dashboards sum in USD), non-cancelled orders. */
  avgOrderValue: z.number().int(),
  avgOrderValueFormatted: z.string(),
  /** Percent of non-cancelled orders that are completed, one decimal. */
  fulfillmentRate: z.number(),
});
export type OrderStats = z.infer<typeof OrderStats>;

/** One status or several, comma-separated ("pending,processing"): the list of them. */
const StatusList = text()
  .max(200)
  .transform((v, ctx) => {
    const parts = v.split(',').filter((p) => p !== '');
    const bad = parts.find((p) => !(OrderStatus.options as readonly string[]).includes(p));
    if (bad !== undefined || parts.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown order status: ${bad ?? '(none)'}. Use ${OrderStatus.options.join(', ')}.`,
      });
      return z.NEVER;
    }
    return parts as OrderStatus[];
  });

export const OrderListQuery = z.object({
  /** Order number ("10423" or "#10423"), customer name, or @username. */
  search: text().trim().max(ORDER_LIMITS.searchMax).optional(),
  /** One status, or several comma-separated. Omitted: all. */
  status: StatusList.optional(),
  botId: z.string().uuid().optional(),
  productType: OrderProductType.optional(),
  customerId: z.string().uuid().optional(),
  /** ISO date (YYYY-MM-DD, inclusive, UTC) or date-time. */
  from: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  /** ISO date (inclusive, UTC) or date-time (exclusive). */
  to: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ORDER_LIMITS.pageSizeMax).default(ORDER_LIMITS.pageSizeDefault),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** The stats query: the list's filters without paging and search. */
export const OrderStatsQuery = z.object({ botId: z.string().uuid().optional() });
export type OrderStatsQuery = z.infer<typeof OrderStatsQuery>;

export const OrderListResponse = z.object({
  orders: z.array(OrderListItem),
  total: z.number().int(),
  /** True when `total` is an estimate (above ORDER_LIMITS.exactTotalMax): the screen says "about". */
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
  stats: OrderStats,
});
export type OrderListResponse = z.infer<typeof OrderListResponse>;

export const OrderParams = VendorParams.extend({ orderId: z.string().uuid() });
export type OrderParams = z.infer<typeof OrderParams>;

export const UpdateOrderStatusBody = z
  .object({
    status: OrderStatus,
    note: text().trim().max(ORDER_LIMITS.noteMax).optional(),
    /** Kept on the order's shipping when moving to shipped. */
    trackingNumber: text()
      .trim()
      .min(1)
      .max(ORDER_LIMITS.trackingNumberMax, ORDER_MESSAGES.trackingNumberTooLong)
      .optional(),
  })
  .strict();
export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusBody>;

/** The 409 of a refused move: `error.details`. */
export const OrderTransitionRefused = z.object({
  from: OrderStatus,
  to: OrderStatus,
  allowed: z.array(OrderStatus),
});
export type OrderTransitionRefused = z.infer<typeof OrderTransitionRefused>;

export const AddOrderNoteBody = z
  .object({
    text: text({ error: ORDER_MESSAGES.noteRequired })
      .trim()
      .min(1, ORDER_MESSAGES.noteRequired)
      .max(ORDER_LIMITS.noteMax),
  })
  .strict();
export type AddOrderNoteBody = z.infer<typeof AddOrderNoteBody>;

/** A code from a product's pool the buyer received with this order, masked: only its last 4 characters show. */
export const OrderCode = z.object({
  id: z.uuid(),
  productName: z.string(),
  masked: z.string(),
  /** When the code stops being valid (a pass, a subscription, a key with a validity); null: no end. */
  validUntil: z.iso.datetime().nullable(),
});
export type OrderCode = z.infer<typeof OrderCode>;
export const OrderCodesResponse = z.object({ codes: z.array(OrderCode) });
export type OrderCodesResponse = z.infer<typeof OrderCodesResponse>;
export const OrderCodeParams = OrderParams.extend({ codeId: z.string().uuid() });
export type OrderCodeParams = z.infer<typeof OrderCodeParams>;
/** One code in full, answered to a Reveal the audit trail records. */
export const RevealedOrderCode = z.object({ id: z.uuid(), code: z.string() });
export type RevealedOrderCode = z.infer<typeof RevealedOrderCode>;
