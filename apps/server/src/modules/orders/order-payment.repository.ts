import type { OrderProductType, OrderStatus, PaymentStatus } from '@app/contracts/catalogue';
import { sql } from 'drizzle-orm';
import type { Conn } from '../../db/types';

// The queries of paying for an order, shipping it and refunding it (order-payment.service.ts).

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export type PayableRow = {
  id: string;
  number: number;
  vendorId: string;
  botId: string;
  botUsername: string;
  customerId: string;
  customerTelegramId: number;
  firstName: string;
  lastName: string | null;
  status: OrderStatus;
  productType: OrderProductType;
  paymentStatus: PaymentStatus;
  totalMinor: number;
  totalUsdMinor: number;
  /** The lines' sum: the total before shipping. */
  itemsMinor: number;
  currency: string;
  shipping: Record<string, unknown> | null;
  digitalInfo: Record<string, unknown> | null;
  serviceInfo: Record<string, unknown> | null;
  reservedUntil: Date | null;
  createdAt: Date;
  completedAt: Date | null;
};

/** One order of a vendor with its customer, bot and lines' sum, or null. `forUpdate` locks the order row. */
export async function findPayable(
  db: Conn,
  vendorId: string,
  orderId: string,
  forUpdate = false,
): Promise<PayableRow | null> {
  const res = await db.execute(sql`
    select o.id, o.number::int8 as "number", o.vendor_id as "vendorId", o.bot_id as "botId",
      b.username as "botUsername", o.customer_id as "customerId", c.telegram_id::int8 as "customerTelegramId",
      c.first_name as "firstName", c.last_name as "lastName", o.status, o.product_type as "productType",
      o.payment_status as "paymentStatus", o.total_minor::int8 as "totalMinor",
      o.total_usd_minor::int8 as "totalUsdMinor",
      (select coalesce(sum(i.unit_price_minor * i.quantity + i.tax_added_minor), 0)::int8 from order_items i
        where i.vendor_id = o.vendor_id and i.order_id = o.id) as "itemsMinor",
      o.currency, o.shipping, o.digital_info as "digitalInfo", o.service_info as "serviceInfo",
      o.reserved_until as "reservedUntil", o.created_at as "createdAt", o.completed_at as "completedAt"
    from orders o
    join customers c on c.vendor_id = o.vendor_id and c.id = o.customer_id
    join bots b on b.vendor_id = o.vendor_id and b.id = o.bot_id
    where o.vendor_id = ${vendorId} and o.id = ${orderId}
    ${forUpdate ? sql`for update of o` : sql``}`);
  const r = rowsOf<PayableRow>(res)[0];
  if (!r) return null;
  return {
    ...r,
    number: Number(r.number),
    customerTelegramId: Number(r.customerTelegramId),
    totalMinor: Number(r.totalMinor),
    totalUsdMinor: Number(r.totalUsdMinor),
    itemsMinor: Number(r.itemsMinor),
    reservedUntil: r.reservedUntil ? new Date(r.reservedUntil) : null,
    createdAt: new Date(r.createdAt),
    completedAt: r.completedAt ? new Date(r.completedAt) : null,
  };
}

/** Replaces the order's shipping details and total (its USD value with it). */
export async function setShipping(
  db: Conn,
  vendorId: string,
  orderId: string,
  change: { shipping: Record<string, unknown>; totalMinor: number; totalUsdMinor: number; at: Date },
) {
  await db.execute(sql`
    update orders set shipping = ${JSON.stringify(change.shipping)}::jsonb, total_minor = ${change.totalMinor},
      total_usd_minor = ${change.totalUsdMinor}, updated_at = ${change.at.toISOString()}
    where vendor_id = ${vendorId} and id = ${orderId}`);
}

/**
 * The conditional update that makes an order paid: only an unpaid, not cancelled order moves, so two
 * payments can never both pay it. Its reservation ends (the stock is the customer's now). Answers whether it moved.
 */
export async function markPaid(
  db: Conn,
  vendorId: string,
  orderId: string,
  change: { paymentMethod: string; at: Date },
): Promise<boolean> {
  const res = await db.execute(sql`
    update orders set payment_status = 'paid', reserved_until = null, updated_at = ${change.at.toISOString()},
      shipping = coalesce(shipping, '{}'::jsonb) || jsonb_build_object('paymentMethod', ${change.paymentMethod}::text)
    where vendor_id = ${vendorId} and id = ${orderId} and payment_status = 'pending' and status <> 'cancelled'
    returning id`);
  return rowsOf(res).length === 1;
}

/** Cash on delivery: the order stays unpaid, but keeps its stock (no expiry) and names how it is paid. */
export async function confirmUnpaid(
  db: Conn,
  vendorId: string,
  orderId: string,
  change: { paymentMethod: string; address: string | null; at: Date },
) {
  await db.execute(sql`
    update orders set reserved_until = null, updated_at = ${change.at.toISOString()},
      shipping = coalesce(shipping, '{}'::jsonb) || jsonb_build_object('paymentMethod', ${change.paymentMethod}::text,
        'address', ${change.address}::text)
    where vendor_id = ${vendorId} and id = ${orderId}`);
}

/** Marks a paid order's payment refunded; answers whether it was paid. */
export async function markRefunded(db: Conn, vendorId: string, orderId: string, at: Date): Promise<boolean> {
  const res = await db.execute(sql`
    update orders set payment_status = 'refunded', updated_at = ${at.toISOString()}
    where vendor_id = ${vendorId} and id = ${orderId} and payment_status = 'paid'
    returning id`);
  return rowsOf(res).length === 1;
}

/** Merges delivery facts (codesIssued, deliveredAt, downloadLink) into the order's digital details. */
export async function mergeDigitalInfo(
  db: Conn,
  vendorId: string,
  orderId: string,
  info: Record<string, unknown>,
) {
  await db.execute(sql`
    update orders set digital_info = coalesce(digital_info, '{}'::jsonb) || ${JSON.stringify(info)}::jsonb
    where vendor_id = ${vendorId} and id = ${orderId}`);
}

export async function mergeServiceInfo(
  db: Conn,
  vendorId: string,
  orderId: string,
  info: Record<string, unknown>,
) {
  await db.execute(sql`
    update orders set service_info = coalesce(service_info, '{}'::jsonb) || ${JSON.stringify(info)}::jsonb
    where vendor_id = ${vendorId} and id = ${orderId}`);
}
