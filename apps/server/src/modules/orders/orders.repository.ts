import type { OrderProductType, OrderStatus, PaymentStatus, ProductType } from '@app/contracts/catalogue';
import type { ActorKind } from '@app/contracts/events';
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
  /** The customers whose orders to list (a search's matches, when few enough to name). */
  customerIds?: string[];
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
      select c.id from customers c where c.vendor_id = ${f.vendorId} and ${customerSearchText} like ${f.customerPattern})`);
  }
  // A literal list: PostgreSQL probes it as a hash table, so the newest orders are read in the index's order and
  // kept when their customer is one of the matches (a join would fetch every order of every match first).
  if (f.customerIds !== undefined) conds.push(sql`${a}.customer_id = any(${uuidArray(f.customerIds)})`);
  return sql.join(conds, sql` and `);
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** What the customer search matches: the expression of customers_search_trgm_idx, so the index serves it. */
const customerSearchText = sql.raw(
  `lower(c.first_name || ' ' || coalesce(c.last_name, '') || ' @' || coalesce(c.username, ''))`,
);

/**
 * The vendor's customers whose name or @username matches (trigram index), at most `max` (the caller asks for one
 * more to know when there are too many to name): their ids, and their non-cancelled orders in all.
 */
export async function matchingCustomers(db: Conn, vendorId: string, pattern: string, max: number) {
  const res = await db.execute(sql`
    select c.id, c.order_count as "orderCount" from customers c
    where c.vendor_id = ${vendorId} and ${customerSearchText} like ${pattern}
    limit ${max}`);
  const rows = rowsOf<{ id: string; orderCount: number }>(res);
  return { ids: rows.map((r) => r.id), orders: rows.reduce((n, r) => n + Number(r.orderCount), 0) };
}

/** What a list row shows (no shipping, digital or service details: the detail reads those). */
const LIST_COLUMNS = `o.id, o.number::int8 as "number", o.status, o.product_type as "productType",
  o.payment_status as "paymentStatus", o.total_minor::int8 as "totalMinor", o.total_usd_minor::int8 as "totalUsdMinor",
  o.currency, o.item_count as "itemCount", o.note, o.created_at as "createdAt", o.updated_at as "updatedAt",
  o.completed_at as "completedAt", c.id as "customerId", c.first_name as "firstName", c.last_name as "lastName",
  c.username, c.telegram_id::int8 as "telegramId", b.id as "botId", b.username as "botUsername", b.name as "botName"`;
const ORDER_COLUMNS = sql.raw(`${LIST_COLUMNS}, o.shipping, o.digital_info as "digitalInfo",
  o.service_info as "serviceInfo"`);

export type OrderListRow = Omit<OrderRow, 'shipping' | 'digitalInfo' | 'serviceInfo'>;

function normalize<R extends OrderListRow>(r: R): R {
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
): Promise<OrderListRow[]> {
  const res = await db.execute(sql`
    with page as (
      -- Narrow rows (id and time, index-only where the index allows), sorted; then the page's 50 rows in full.
      -- Exactly the indexes' order (orders_vendor_*_idx end with "created_at DESC NULLS LAST"), so a page
      -- reads ~limit rows in order; any other order (another key, NULLS FIRST) sorted the whole vendor.
      select o.id, o.created_at from orders o where ${whereOf(f)}
      order by o.created_at desc nulls last
      limit ${limit} offset ${offset}
    )
    select ${sql.raw(LIST_COLUMNS)}
    from page
    join orders o on o.vendor_id = ${f.vendorId} and o.id = page.id
    join customers c on c.vendor_id = o.vendor_id and c.id = o.customer_id
    join bots b on b.vendor_id = o.vendor_id and b.id = o.bot_id
    order by o.created_at desc, o.number desc`);
  return rowsOf<OrderListRow>(res).map(normalize);
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
  status: OrderStatus;
  productType: OrderProductType;
  orders: number;
  revenueUsdMinor: number;
};

const scopeCond = (scope: BotScope, col = 'bot_id'): SQL[] =>
  scope === 'all'
    ? []
    : [
        scope.length === 0
          ? sql`false`
          : sql`${sql.raw(col)} in (${sql.join(
              scope.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      ];

export type OrderFigures = { counts: StatusCount[]; today: { placed: number; completed: number } };

/**
 * The rollups behind the order stats, in one round trip: the orders in each status and product type (the
 * vendor's rows for the whole vendor, else the bots' rows summed), and the orders placed and completed on `day`
 * (likewise).
 */
export async function orderFigures(
  db: Conn,
  vendorId: string,
  scope: BotScope,
  day: string,
  botId?: string,
): Promise<OrderFigures> {
  const conds: SQL[] = [sql`vendor_id = ${vendorId}`, ...scopeCond(scope)];
  if (botId) conds.push(sql`bot_id = ${botId}`);
  const where = sql.join(conds, sql` and `);
  const whole = scope === 'all' && !botId;
  const daily = sql.raw(whole ? 'vendor_daily_stats' : 'bot_daily_stats');
  const counts = sql.raw(whole ? 'vendor_order_status_counts' : 'order_status_counts');
  const res = await db.execute(sql`
    select status, product_type as "productType", sum(orders)::int8 as orders,
      sum(revenue_usd_minor)::int8 as "revenueUsdMinor"
    from ${counts} where ${where}
    group by status, product_type
    union all
    select null, null, coalesce(sum(orders + cancelled_orders), 0)::int8, coalesce(sum(completed_orders), 0)::int8
    from ${daily} where ${where} and day = ${day}`);
  const rows = rowsOf<StatusCount | { status: null; orders: number; revenueUsdMinor: number }>(res);
  const todayRow = rows.find((r) => r.status === null);
  return {
    counts: rows
      .filter((r): r is StatusCount => r.status !== null)
      .map((r) => ({ ...r, orders: Number(r.orders), revenueUsdMinor: Number(r.revenueUsdMinor) })),
    // The day row's two figures ride in the orders and revenue columns.
    today: { placed: Number(todayRow?.orders ?? 0), completed: Number(todayRow?.revenueUsdMinor ?? 0) },
  };
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
  /** The variation value sold, when the product has variations. */
  variationId: string | null;
  name: string;
  productType: ProductType;
  unitPriceMinor: number;
  quantity: number;
  /** The tax rate sold at (null: none), the tax the line carries and what of it was added (order-tax.ts). */
  taxRate: number | null;
  taxMinor: number;
  taxAddedMinor: number;
};

const ITEM_COLUMNS = `id, product_id as "productId", variation_id as "variationId", name, product_type as "productType",
  unit_price_minor::int8 as "unitPriceMinor", quantity, tax_rate as "taxRate", tax_minor::int8 as "taxMinor",
  tax_added_minor::int8 as "taxAddedMinor"`;

/** An item row as the driver hands it back: bigints as numbers. */
const itemOf = (r: ItemRow): ItemRow => ({
  ...r,
  unitPriceMinor: Number(r.unitPriceMinor),
  taxRate: r.taxRate === null ? null : Number(r.taxRate),
  taxMinor: Number(r.taxMinor ?? 0),
  taxAddedMinor: Number(r.taxAddedMinor ?? 0),
});

export async function orderItems(db: Conn, vendorId: string, orderId: string): Promise<ItemRow[]> {
  const res = await db.execute(sql`
    select ${sql.raw(ITEM_COLUMNS)}
    from order_items where vendor_id = ${vendorId} and order_id = ${orderId} order by name, id`);
  return rowsOf<ItemRow>(res).map(itemOf);
}

/** The order an order line belongs to, or null for no such line of the vendor. */
export async function orderIdOfItem(db: Conn, vendorId: string, itemId: string): Promise<string | null> {
  const res = await db.execute(sql`
    select order_id as "orderId" from order_items where vendor_id = ${vendorId} and id = ${itemId}`);
  return rowsOf<{ orderId: string }>(res)[0]?.orderId ?? null;
}

/** The order's physical lines with their product's weight and handling flags (products.details), for the packer. */
export async function packingLines(
  db: Conn,
  vendorId: string,
  orderId: string,
): Promise<
  {
    name: string;
    quantity: number;
    details: Record<string, unknown>;
    variationId: string | null;
    sku: string | null;
  }[]
> {
  const res = await db.execute(sql`
    select i.name, i.quantity, p.details, i.variation_id as "variationId", p.sku
    from order_items i join products p on p.vendor_id = i.vendor_id and p.id = i.product_id
    where i.vendor_id = ${vendorId} and i.order_id = ${orderId} and i.product_type = 'physical'`);
  return rowsOf<{
    name: string;
    quantity: number;
    details: unknown;
    variationId: string | null;
    sku: string | null;
  }>(res).map((r) => ({
    name: r.name,
    quantity: Number(r.quantity),
    variationId: r.variationId,
    sku: r.sku,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<
      string,
      unknown
    >,
  }));
}

export type NoteRow = {
  id: string;
  text: string;
  authorKind: ActorKind;
  authorName: string | null;
  createdAt: Date;
};

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

/**
 * An order's lines (by name), notes (newest first) and events (oldest first, its creation first within a
 * moment; events_subject_idx) in one round trip, each as a JSON array.
 */
export async function orderParts(db: Conn, vendorId: string, orderId: string) {
  const res = await db.execute(sql`
    select
      (select coalesce(json_agg(i order by i.name, i.id), '[]') from (
        select ${sql.raw(ITEM_COLUMNS)} from order_items where vendor_id = ${vendorId} and order_id = ${orderId}
      ) i) as items,
      (select coalesce(json_agg(n order by n."createdAt" desc, n.id), '[]') from (
        select id, text, author_kind as "authorKind", author_name as "authorName", created_at as "createdAt"
        from order_notes where vendor_id = ${vendorId} and order_id = ${orderId}
      ) n) as notes,
      (select coalesce(json_agg(e order by e."createdAt", e.type <> 'order.created', e.id), '[]') from (
        select id, type, actor_kind as "actorKind", actor_name as "actorName", payload, created_at as "createdAt"
        from events where vendor_id = ${vendorId} and subject_kind = 'order' and subject_id = ${orderId}
      ) e) as events`);
  const row = rowsOf<{ items: unknown; notes: unknown; events: unknown }>(res)[0];
  // PGlite hands json back parsed, node-postgres too; a driver that gives text gets parsed here.
  const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as T[];
  return {
    items: json<ItemRow>(row?.items).map(itemOf),
    notes: json<NoteRow>(row?.notes).map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
    events: json<EventRow>(row?.events).map((r) => ({ ...r, createdAt: new Date(r.createdAt) })),
  };
}

/** Whether the bot's shipping settings ask for a tracking number when an order ships (off when never saved). */
export async function trackingRequired(db: Conn, vendorId: string, botId: string): Promise<boolean> {
  const res = await db.execute(sql`
    select tracking_enabled as "trackingEnabled" from bot_settings
    where vendor_id = ${vendorId} and bot_id = ${botId}`);
  return rowsOf<{ trackingEnabled: boolean }>(res)[0]?.trackingEnabled ?? false;
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
  reservedUntil: Date | null;
};

export async function insertOrder(db: Conn, o: NewOrderRow): Promise<{ id: string; number: number }> {
  const at = o.createdAt.toISOString();
  const res = await db.execute(sql`
    insert into orders (vendor_id, bot_id, customer_id, status, product_type, payment_status, total_minor,
      total_usd_minor, currency, item_count, note, shipping, digital_info, service_info, completed_at, reserved_until,
      created_at, updated_at)
    values (${o.vendorId}, ${o.botId}, ${o.customerId}, ${o.status}, ${o.productType}, ${o.paymentStatus},
      ${o.totalMinor}, ${o.totalUsdMinor}, ${o.currency}, ${o.itemCount}, ${o.note},
      ${o.shipping ? JSON.stringify(o.shipping) : null}::jsonb, ${o.digitalInfo ? JSON.stringify(o.digitalInfo) : null}::jsonb,
      ${o.serviceInfo ? JSON.stringify(o.serviceInfo) : null}::jsonb, ${o.completedAt?.toISOString() ?? null}::timestamptz,
      ${o.reservedUntil?.toISOString() ?? null}::timestamptz, ${at}, ${at})
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
    insert into order_items (vendor_id, order_id, product_id, variation_id, name, product_type, unit_price_minor, quantity,
      tax_rate, tax_minor, tax_added_minor)
    values ${sql.join(
      items.map(
        (i) =>
          sql`(${vendorId}, ${orderId}, ${i.productId}, ${i.variationId}, ${i.name}, ${i.productType}, ${i.unitPriceMinor}, ${i.quantity}, ${i.taxRate}, ${i.taxMinor}, ${i.taxAddedMinor})`,
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

// ---------------------------------------------------------------- shop orders: limits and reservations

/**
 * Serialises the order placements of one bot until the transaction ends (an advisory lock keyed by the bot),
 * so a monthly limit is counted and kept exactly. Taken only for bots whose plan has a limit.
 */
export async function lockBotOrders(tx: Conn, botId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`orders:${botId}`}, 0))`);
}

/** Orders placed through the bot since `fromDay` and not cancelled (the daily rollup: a handful of rows). */
export async function liveOrdersSince(db: Conn, vendorId: string, botId: string, fromDay: string) {
  const res = await db.execute(sql`
    select coalesce(sum(orders), 0)::int as n from bot_daily_stats
    where vendor_id = ${vendorId} and bot_id = ${botId} and day >= ${fromDay}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** Shop orders still pending and unpaid whose reservation ended before `at`, oldest first (across vendors). */
export async function dueReservations(db: Conn, at: Date, limit: number) {
  const res = await db.execute(sql`
    select vendor_id as "vendorId", id from orders
    where reserved_until is not null and reserved_until < ${at.toISOString()}::timestamptz
      and status = 'pending' and payment_status = 'pending'
    order by reserved_until limit ${limit}`);
  return rowsOf<{ vendorId: string; id: string }>(res);
}

/** The order's reservation fields, locked for the rest of the transaction; null when it is gone. */
export async function lockReservation(tx: Conn, vendorId: string, orderId: string) {
  const res = await tx.execute(sql`
    select status, payment_status as "paymentStatus", reserved_until as "reservedUntil" from orders
    where vendor_id = ${vendorId} and id = ${orderId} for update`);
  const r = rowsOf<{
    status: OrderStatus;
    paymentStatus: PaymentStatus;
    reservedUntil: Date | string | null;
  }>(res)[0];
  if (!r) return null;
  return { ...r, reservedUntil: r.reservedUntil === null ? null : new Date(r.reservedUntil) };
}

/** Merges keys into an order's digital_info. */
export async function setDigitalInfo(
  db: Conn,
  vendorId: string,
  orderId: string,
  info: Record<string, unknown>,
) {
  await db.execute(sql`
    update orders set digital_info = coalesce(digital_info, '{}'::jsonb) || ${JSON.stringify(info)}::jsonb
    where vendor_id = ${vendorId} and id = ${orderId}`);
}

/** Clears the shipping (address and contact) of every order of a customer. */
/** Erases the shipping of a customer's orders; answers the orders' ids. */
export async function eraseShippingOfCustomer(
  db: Conn,
  vendorId: string,
  customerId: string,
): Promise<string[]> {
  const res = await db.execute<{ id: string }>(
    sql`update orders set shipping = null where vendor_id = ${vendorId} and customer_id = ${customerId}
        returning id`,
  );
  return (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** The pool codes issued to an order, with their product's name, in the order they were issued. */
export async function codesOfOrder(
  conn: Conn,
  vendorId: string,
  orderId: string,
): Promise<Array<{ id: string; code: string; productId: string; productName: string }>> {
  const res = await conn.execute(sql`
    select c.id, c.code, c.product_id as "productId", p.name as "productName"
    from product_codes c join products p on p.vendor_id = c.vendor_id and p.id = c.product_id
    where c.vendor_id = ${vendorId} and c.order_id = ${orderId}
    order by c.issued_at, c.id`);
  return rowsOf<{ id: string; code: string; productId: string; productName: string }>(res);
}
