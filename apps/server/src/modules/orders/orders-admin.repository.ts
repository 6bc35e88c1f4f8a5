import type { OrderProductType, OrderStatus, PaymentStatus, ProductType } from '@app/contracts/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/types';
import type { BotScope } from '../../lib/actor';

// The orders screens' queries (list, detail, stats, status moves). Raw SQL: they are few, hot and shaped for
// their indexes (orders_vendor_*_idx: vendor first, created_at descending last).

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export type OrderFilter = {
  vendorId: string;
  scope: BotScope;
  statuses?: OrderStatus[];
  botId?: string;
  productType?: OrderProductType;
  customerId?: string;
  from?: Date;
  to?: Date;
  /** An order number. */
  number?: number;
  /** A lower-case LIKE pattern over the customer search text (name and @username). */
  customerPattern?: string;
};

export type OrderRow = {
  id: string;
  number: number;
  status: OrderStatus;
  productType: OrderProductType;
  paymentStatus: PaymentStatus;
  totalMinor: number;
  totalUsdMinor: number;
  currency: string;
  itemCount: number;
  note: string | null;
  shipping: Record<string, unknown> | null;
  digitalInfo: Record<string, unknown> | null;
  serviceInfo: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  customerId: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
  telegramId: number;
  botId: string;
  botUsername: string;
  botName: string;
};

function whereOf(f: OrderFilter, alias = 'o'): SQL {
  const a = sql.raw(alias);
  const conds: SQL[] = [sql`${a}.vendor_id = ${f.vendorId}`];
  if (f.scope !== 'all') {
    conds.push(
      f.scope.length === 0
        ? sql`false`
        : sql`${a}.bot_id in (${sql.join(
            f.scope.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
  }
  if (f.statuses && f.statuses.length > 0) {
    conds.push(
      sql`${a}.status in (${sql.join(
        f.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (f.botId) conds.push(sql`${a}.bot_id = ${f.botId}`);
  if (f.productType) conds.push(sql`${a}.product_type = ${f.productType}`);
  if (f.customerId) conds.push(sql`${a}.customer_id = ${f.customerId}`);
  if (f.from) conds.push(sql`${a}.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conds.push(sql`${a}.created_at < ${f.to.toISOString()}::timestamptz`);
  if (f.number !== undefined) conds.push(sql`${a}.number = ${f.number}`);
  if (f.customerPattern !== undefined) {
    conds.push(sql`${a}.customer_id in (
      select c.id from customers c where c.vendor_id = ${f.vendorId}
        and lower(c.first_name || ' ' || coalesce(c.last_name, '') || ' @' || coalesce(c.username, '')) like ${f.customerPattern})`);
  }
  return sql.join(conds, sql` and `);
}

const ORDER_COLUMNS = sql.raw(`o.id, o.number::int8 as "number", o.status, o.product_type as "productType",
  o.payment_status as "paymentStatus", o.total_minor::int8 as "totalMinor", o.total_usd_minor::int8 as "totalUsdMinor",
  o.currency, o.item_count as "itemCount", o.note, o.shipping, o.digital_info as "digitalInfo",
  o.service_info as "serviceInfo", o.created_at as "createdAt", o.updated_at as "updatedAt",
  o.completed_at as "completedAt", c.id as "customerId", c.first_name as "firstName", c.last_name as "lastName",
  c.username, c.telegram_id::int8 as "telegramId", b.id as "botId", b.username as "botUsername", b.name as "botName"`);

function normalize(r: OrderRow): OrderRow {
  return {
    ...r,
    number: Number(r.number),
    totalMinor: Number(r.totalMinor),
    totalUsdMinor: Number(r.totalUsdMinor),
    telegramId: Number(r.telegramId),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
    completedAt: r.completedAt ? new Date(r.completedAt) : null,
  };
}

/** One page, newest first; `limit + 1` rows are read so the caller knows whether there is more. */
export async function listOrders(
  db: Conn,
  f: OrderFilter,
  offset: number,
  limit: number,
): Promise<OrderRow[]> {
  const res = await db.execute(sql`
    with page as (
      -- Narrow rows (id and time, index-only where the index allows), sorted; then the page's 50 rows in full.
      -- Exactly the indexes' order (orders_vendor_*_idx end with "created_at DESC NULLS LAST"), so a page
      -- reads ~limit rows in order; any other order (another key, NULLS FIRST) sorted the whole vendor.
      select o.id, o.created_at from orders o where ${whereOf(f)}
      order by o.created_at desc nulls last
      limit ${limit} offset ${offset}
    )
    select ${ORDER_COLUMNS}
    from page
    join orders o on o.vendor_id = ${f.vendorId} and o.id = page.id
    join customers c on c.vendor_id = o.vendor_id and c.id = o.customer_id
    join bots b on b.vendor_id = o.vendor_id and b.id = o.bot_id
    order by o.created_at desc, o.number desc`);
  return rowsOf<OrderRow>(res).map(normalize);
}

/** Counts matching orders, stopping at `cap` + 1 (so a count never walks a million rows). */
export async function countOrdersCapped(db: Conn, f: OrderFilter, cap: number): Promise<number> {
  const res = await db.execute(sql`
    select count(*)::int as n from (select 1 from orders o where ${whereOf(f)} limit ${cap + 1}) x`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** The planner's estimate of the matching orders (EXPLAIN, no execution). */
export async function estimateOrders(db: Conn, f: OrderFilter): Promise<number> {
  const res = await db.execute(sql`explain (format json) select 1 from orders o where ${whereOf(f)}`);
  const row = rowsOf<Record<string, unknown>>(res)[0];
  const plan = row ? (Object.values(row)[0] as unknown) : null;
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: number } }[] | null)?.[0]?.Plan?.['Plan Rows'];
  return Math.round(rows ?? 0);
}

export type StatusCount = {
  botId: string;
  status: OrderStatus;
  productType: OrderProductType;
  orders: number;
  revenueUsdMinor: number;
};

/** The order_status_counts rollup of the bots in scope (or one bot). */
export async function statusCounts(
  db: Conn,
  vendorId: string,
  scope: BotScope,
  botId?: string,
): Promise<StatusCount[]> {
  const conds: SQL[] = [sql`vendor_id = ${vendorId}`];
  if (scope !== 'all') {
    conds.push(
      scope.length === 0
        ? sql`false`
        : sql`bot_id in (${sql.join(
            scope.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
  }
  if (botId) conds.push(sql`bot_id = ${botId}`);
  const res = await db.execute(sql`
    select bot_id as "botId", status, product_type as "productType", orders, revenue_usd_minor::int8 as "revenueUsdMinor"
    from order_status_counts where ${sql.join(conds, sql` and `)}`);
  return rowsOf<StatusCount>(res).map((r) => ({
    ...r,
    orders: Number(r.orders),
    revenueUsdMinor: Number(r.revenueUsdMinor),
  }));
}

/** Orders placed and orders completed on one day, over the bots in scope (or one bot). */
export async function dayCounts(db: Conn, vendorId: string, scope: BotScope, day: string, botId?: string) {
  const conds: SQL[] = [sql`vendor_id = ${vendorId}`, sql`day = ${day}`];
  if (scope !== 'all') {
    conds.push(
      scope.length === 0
        ? sql`false`
        : sql`bot_id in (${sql.join(
            scope.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
  }
  if (botId) conds.push(sql`bot_id = ${botId}`);
  const res = await db.execute(sql`
    select coalesce(sum(orders + cancelled_orders), 0)::int as placed, coalesce(sum(completed_orders), 0)::int as completed
    from bot_daily_stats where ${sql.join(conds, sql` and `)}`);
  const r = rowsOf<{ placed: number; completed: number }>(res)[0];
  return { placed: Number(r?.placed ?? 0), completed: Number(r?.completed ?? 0) };
}

/** One order with its customer and bot, or null. `forUpdate` locks the order row. */
export async function findOrder(
  db: Conn,
  vendorId: string,
  orderId: string,
  forUpdate = false,
): Promise<OrderRow | null> {
  const res = await db.execute(sql`
    select ${ORDER_COLUMNS}
    from orders o
    join customers c on c.vendor_id = o.vendor_id and c.id = o.customer_id
    join bots b on b.vendor_id = o.vendor_id and b.id = o.bot_id
    where o.vendor_id = ${vendorId} and o.id = ${orderId}
    ${forUpdate ? sql`for update of o` : sql``}`);
  const row = rowsOf<OrderRow>(res)[0];
  return row ? normalize(row) : null;
}

export type ItemRow = {
  id: string;
  productId: string | null;
  name: string;
  productType: ProductType;
  unitPriceMinor: number;
  quantity: number;
};

export async function orderItems(db: Conn, vendorId: string, orderId: string): Promise<ItemRow[]> {
  const res = await db.execute(sql`
    select id, product_id as "productId", name, product_type as "productType",
      unit_price_minor::int8 as "unitPriceMinor", quantity
    from order_items where vendor_id = ${vendorId} and order_id = ${orderId} order by name, id`);
  return rowsOf<ItemRow>(res).map((r) => ({ ...r, unitPriceMinor: Number(r.unitPriceMinor) }));
}

export type NoteRow = {
  id: string;
  text: string;
  authorKind: 'owner' | 'staff' | 'customer' | 'system';
  authorName: string | null;
  createdAt: Date;
};

export async function orderNotes(db: Conn, vendorId: string, orderId: string): Promise<NoteRow[]> {
  const res = await db.execute(sql`
    select id, text, author_kind as "authorKind", author_name as "authorName", created_at as "createdAt"
    from order_notes where vendor_id = ${vendorId} and order_id = ${orderId} order by created_at desc, id`);
  return rowsOf<NoteRow>(res).map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

export async function insertNote(
  db: Conn,
  n: {
    vendorId: string;
    orderId: string;
    text: string;
    authorKind: NoteRow['authorKind'];
    authorId: string | null;
    authorName: string | null;
    at: Date;
  },
): Promise<NoteRow> {
  const res = await db.execute(sql`
    insert into order_notes (vendor_id, order_id, text, author_kind, author_id, author_name, created_at)
    values (${n.vendorId}, ${n.orderId}, ${n.text}, ${n.authorKind}, ${n.authorId}, ${n.authorName}, ${n.at.toISOString()})
    returning id, text, author_kind as "authorKind", author_name as "authorName", created_at as "createdAt"`);
  const r = rowsOf<NoteRow>(res)[0] as NoteRow;
  return { ...r, createdAt: new Date(r.createdAt) };
}

export type EventRow = {
  id: string;
  type: string;
  actorKind: 'owner' | 'staff' | 'customer' | 'system';
  actorName: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
};

/** The order's events, oldest first (events_subject_idx). */
export async function orderEvents(db: Conn, vendorId: string, orderId: string): Promise<EventRow[]> {
  const res = await db.execute(sql`
    select id, type, actor_kind as "actorKind", actor_name as "actorName", payload, created_at as "createdAt"
    from events where vendor_id = ${vendorId} and subject_kind = 'order' and subject_id = ${orderId}
    order by created_at, type <> 'order.created', id`);
  return rowsOf<EventRow>(res).map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

export async function setStatus(
  db: Conn,
  vendorId: string,
  orderId: string,
  change: { status: OrderStatus; at: Date; trackingNumber?: string },
) {
  const at = change.at.toISOString();
  await db.execute(sql`
    update orders set status = ${change.status}, updated_at = ${at},
      completed_at = case when ${change.status} = 'completed' then ${at}::timestamptz else completed_at end,
      shipping = case when ${change.trackingNumber ?? null}::text is null then shipping
        else coalesce(shipping, '{}'::jsonb) || jsonb_build_object('trackingNumber', ${change.trackingNumber ?? null}::text) end
    where vendor_id = ${vendorId} and id = ${orderId}`);
}

/** Puts reserved stock back: the tracked products' stock gains the order's quantities. */
export async function returnStock(
  db: Conn,
  vendorId: string,
  items: { productId: string | null; quantity: number }[],
) {
  for (const it of items) {
    if (!it.productId) continue;
    await db.execute(sql`
      update products set stock = stock + ${it.quantity}, updated_at = now()
      where vendor_id = ${vendorId} and id = ${it.productId} and track_inventory and product_type = 'physical'`);
  }
}

/** Takes ordered quantities from the tracked products' stock (the reservation cancelling gives back). */
export async function reserveStock(
  db: Conn,
  vendorId: string,
  items: { productId: string | null; quantity: number }[],
) {
  for (const it of items) {
    if (!it.productId) continue;
    await db.execute(sql`
      update products set stock = stock - ${it.quantity}, updated_at = now()
      where vendor_id = ${vendorId} and id = ${it.productId} and track_inventory and product_type = 'physical'`);
  }
}

export type NewOrderRow = {
  vendorId: string;
  botId: string;
  customerId: string;
  status: OrderStatus;
  productType: OrderProductType;
  paymentStatus: PaymentStatus;
  totalMinor: number;
  totalUsdMinor: number;
  currency: string;
  itemCount: number;
  note: string | null;
  shipping: Record<string, unknown> | null;
  digitalInfo: Record<string, unknown> | null;
  serviceInfo: Record<string, unknown> | null;
  createdAt: Date;
  completedAt: Date | null;
};

export async function insertOrder(db: Conn, o: NewOrderRow): Promise<{ id: string; number: number }> {
  const at = o.createdAt.toISOString();
  const res = await db.execute(sql`
    insert into orders (vendor_id, bot_id, customer_id, status, product_type, payment_status, total_minor,
      total_usd_minor, currency, item_count, note, shipping, digital_info, service_info, completed_at, created_at, updated_at)
    values (${o.vendorId}, ${o.botId}, ${o.customerId}, ${o.status}, ${o.productType}, ${o.paymentStatus},
      ${o.totalMinor}, ${o.totalUsdMinor}, ${o.currency}, ${o.itemCount}, ${o.note},
      ${o.shipping ? JSON.stringify(o.shipping) : null}::jsonb, ${o.digitalInfo ? JSON.stringify(o.digitalInfo) : null}::jsonb,
      ${o.serviceInfo ? JSON.stringify(o.serviceInfo) : null}::jsonb, ${o.completedAt?.toISOString() ?? null}::timestamptz, ${at}, ${at})
    returning id, number::int8 as number`);
  const r = rowsOf<{ id: string; number: number }>(res)[0] as { id: string; number: number };
  return { id: r.id, number: Number(r.number) };
}

export async function insertItems(
  db: Conn,
  vendorId: string,
  orderId: string,
  items: Omit<ItemRow, 'id'>[],
): Promise<void> {
  if (items.length === 0) return;
  await db.execute(sql`
    insert into order_items (vendor_id, order_id, product_id, name, product_type, unit_price_minor, quantity)
    values ${sql.join(
      items.map(
        (i) =>
          sql`(${vendorId}, ${orderId}, ${i.productId}, ${i.name}, ${i.productType}, ${i.unitPriceMinor}, ${i.quantity})`,
      ),
      sql`, `,
    )}`);
}

/** The caller's display name for events and notes (their Telegram name in this vendor's account). */
export async function identityName(db: Conn, vendorId: string, telegramId: number): Promise<string | null> {
  const res = await db.execute(sql`
    select first_name as "firstName", last_name as "lastName" from telegram_identities
    where vendor_id = ${vendorId} and telegram_id = ${telegramId}`);
  const r = rowsOf<{ firstName: string; lastName: string | null }>(res)[0];
  return r ? [r.firstName, r.lastName].filter(Boolean).join(' ') : null;
}

/** The customer row's vendor check and name, for order creation. */
export async function customerOf(db: Conn, vendorId: string, customerId: string) {
  const res = await db.execute(sql`
    select first_name as "firstName", last_name as "lastName" from customers where vendor_id = ${vendorId} and id = ${customerId}`);
  return rowsOf<{ firstName: string; lastName: string | null }>(res)[0] ?? null;
}

export async function botOf(db: Conn, vendorId: string, botId: string) {
  const res = await db.execute(sql`
    select username, currency from bots where vendor_id = ${vendorId} and id = ${botId}`);
  return rowsOf<{ username: string; currency: string }>(res)[0] ?? null;
}
