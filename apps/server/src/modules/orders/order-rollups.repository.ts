import type { OrderProductType, OrderStatus } from '@app/contracts/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dayOf } from '../../lib/days';
import { sqlUsdMinor, usdMinor } from '../../lib/usd-rates';

/**
 * The rollups every figure of Home, the order stats and analytics is read from, kept in the transaction of the
 * order change that moves them, so each endpoint costs the same at a hundred orders and at a million:
 *
 * - bot_daily_stats (vendor, bot, UTC day the order was placed): orders, revenue (order currency and USD) of
 *   non-cancelled orders; cancelled_orders; completed_orders (by the day of completion); active_customers
 *   (distinct customers who placed an order of any status that day); new_customers (customers whose first
 *   order through the bot, any status, was that day). views / carts / checkouts are the shop's funnel.
 * - order_status_counts (vendor, bot, status, product type): orders now in each status, with their USD value.
 * - product_daily_stats (vendor, product, bot, day placed): units, order lines (an order lists a product once)
 *   and USD revenue (each line converted on its own) of non-cancelled orders.
 * - customers and customer_bots: order_count and total_spent_minor (USD) of non-cancelled orders,
 *   first_order_at / last_order_at over orders of any status.
 * - vendor_daily_stats, vendor_order_status_counts and vendor_product_daily_stats: the per-bot rollups summed
 *   over the vendor's bots, moved by the same calls, so the whole vendor's figures cost days, not days × bots.
 *
 * `rebuildOrderRollups` computes all of them from the orders by the same rules (the seed uses it; the property
 * test checks the incremental updates against it).
 */
export type RollupOrder = {
  vendorId: string;
  id: string;
  botId: string;
  customerId: string;
  status: OrderStatus;
  productType: OrderProductType;
  totalMinor: number;
  totalUsdMinor: number;
  currency: string;
  createdAt: Date;
  completedAt: Date | null;
};

export type RollupItem = { productId: string | null; unitPriceMinor: number; quantity: number };

type DailyDelta = Partial<{
  orders: number;
  revenueMinor: number;
  revenueUsdMinor: number;
  cancelledOrders: number;
  completedOrders: number;
  activeCustomers: number;
  newCustomers: number;
  views: number;
  carts: number;
  checkouts: number;
}>;

const DAILY_COLUMNS = [
  ['orders', 'orders'],
  ['revenueMinor', 'revenue_minor'],
  ['revenueUsdMinor', 'revenue_usd_minor'],
  ['cancelledOrders', 'cancelled_orders'],
  ['completedOrders', 'completed_orders'],
  ['activeCustomers', 'active_customers'],
  ['newCustomers', 'new_customers'],
  ['views', 'views'],
  ['carts', 'carts'],
  ['checkouts', 'checkouts'],
] as const;

/** Adds `delta` to one bot's day and to the vendor's (creating the rows). */
export async function bumpDaily(tx: Tx, vendorId: string, botId: string, day: string, delta: DailyDelta) {
  const cols = DAILY_COLUMNS.filter(([k]) => (delta[k] ?? 0) !== 0);
  if (cols.length === 0) return;
  const names = sql.raw(cols.map(([, c]) => c).join(', '));
  const values = sql.join(
    cols.map(([k]) => sql`${delta[k] ?? 0}`),
    sql`, `,
  );
  const sets = (table: string) =>
    sql.raw(cols.map(([, c]) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));
  await tx.execute(sql`
    insert into bot_daily_stats (vendor_id, bot_id, day, ${names})
    values (${vendorId}, ${botId}, ${day}, ${values})
    on conflict (vendor_id, bot_id, day) do update set ${sets('bot_daily_stats')}`);
  await tx.execute(sql`
    insert into vendor_daily_stats (vendor_id, day, ${names})
    values (${vendorId}, ${day}, ${values})
    on conflict (vendor_id, day) do update set ${sets('vendor_daily_stats')}`);
}

async function bumpStatus(tx: Tx, o: RollupOrder, status: OrderStatus, sign: 1 | -1) {
  await tx.execute(sql`
    insert into order_status_counts (vendor_id, bot_id, status, product_type, orders, revenue_usd_minor)
    values (${o.vendorId}, ${o.botId}, ${status}, ${o.productType}, ${sign}, ${sign * o.totalUsdMinor})
    on conflict (vendor_id, bot_id, status, product_type) do update set
      orders = order_status_counts.orders + excluded.orders,
      revenue_usd_minor = order_status_counts.revenue_usd_minor + excluded.revenue_usd_minor`);
  await tx.execute(sql`
    insert into vendor_order_status_counts (vendor_id, status, product_type, orders, revenue_usd_minor)
    values (${o.vendorId}, ${status}, ${o.productType}, ${sign}, ${sign * o.totalUsdMinor})
    on conflict (vendor_id, status, product_type) do update set
      orders = vendor_order_status_counts.orders + excluded.orders,
      revenue_usd_minor = vendor_order_status_counts.revenue_usd_minor + excluded.revenue_usd_minor`);
}

/** Per product: units, lines and USD revenue of the order's lines (each line converted on its own). */
function byProduct(items: RollupItem[], currency: string) {
  const sums = new Map<string, { units: number; lines: number; usd: number }>();
  for (const it of items) {
    if (!it.productId) continue;
    const s = sums.get(it.productId) ?? { units: 0, lines: 0, usd: 0 };
    s.units += it.quantity;
    s.lines += 1;
    s.usd += usdMinor(it.unitPriceMinor * it.quantity, currency);
    sums.set(it.productId, s);
  }
  return [...sums].map(([productId, s]) => ({ productId, ...s }));
}

async function bumpProducts(tx: Tx, o: RollupOrder, items: RollupItem[], sign: 1 | -1) {
  const rows = byProduct(items, o.currency);
  if (rows.length === 0) return;
  const day = dayOf(o.createdAt);
  const values = sql.join(
    rows.map(
      (
        r,
      ) => sql`(${o.vendorId}::uuid, ${r.productId}::uuid, ${o.botId}::uuid, ${day}::date, ${sign * r.units}::int,
        ${sign}::int, ${sign * r.usd}::int8)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into product_daily_stats (vendor_id, product_id, bot_id, day, units, orders, revenue_usd_minor)
    values ${values}
    on conflict (vendor_id, day, product_id, bot_id) do update set
      units = product_daily_stats.units + excluded.units,
      orders = product_daily_stats.orders + excluded.orders,
      revenue_usd_minor = product_daily_stats.revenue_usd_minor + excluded.revenue_usd_minor`);
  const vendorValues = sql.join(
    rows.map(
      (
        r,
      ) => sql`(${o.vendorId}::uuid, ${day}::date, ${r.productId}::uuid, ${sign * r.units}::int, ${sign}::int,
        ${sign * r.usd}::int8)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into vendor_product_daily_stats (vendor_id, day, product_id, units, orders, revenue_usd_minor)
    values ${vendorValues}
    on conflict (vendor_id, day, product_id) do update set
      units = vendor_product_daily_stats.units + excluded.units,
      orders = vendor_product_daily_stats.orders + excluded.orders,
      revenue_usd_minor = vendor_product_daily_stats.revenue_usd_minor + excluded.revenue_usd_minor`);
}

/** Adds a non-cancelled order's count and USD value to its customer and membership (sign -1 takes it away). */
async function bumpCustomerTotals(tx: Tx, o: RollupOrder, sign: 1 | -1) {
  await tx.execute(sql`
    update customers set order_count = order_count + ${sign}, total_spent_minor = total_spent_minor + ${sign * o.totalUsdMinor}
    where vendor_id = ${o.vendorId} and id = ${o.customerId}`);
  await tx.execute(sql`
    update customer_bots set order_count = order_count + ${sign}, total_spent_minor = total_spent_minor + ${sign * o.totalUsdMinor}
    where vendor_id = ${o.vendorId} and customer_id = ${o.customerId} and bot_id = ${o.botId}`);
}

/** Everything a newly inserted order adds to the rollups. The order row and its items exist already. */
export async function rollUpNewOrder(tx: Tx, o: RollupOrder, items: RollupItem[]): Promise<void> {
  const day = dayOf(o.createdAt);
  const at = o.createdAt.toISOString();
  const live = o.status !== 'cancelled';

  // The membership: created on the first order through the bot; its first order time decides new customers.
  const prev = await tx.execute<{ first_order_at: string | Date | null }>(sql`
    select first_order_at from customer_bots
    where vendor_id = ${o.vendorId} and customer_id = ${o.customerId} and bot_id = ${o.botId} for update`);
  const prevRows = (prev as unknown as { rows: { first_order_at: string | Date | null }[] }).rows;
  const prevFirst = prevRows[0]?.first_order_at ? new Date(prevRows[0].first_order_at) : null;
  await tx.execute(sql`
    insert into customer_bots (vendor_id, customer_id, bot_id, joined_at, first_order_at, last_order_at)
    values (${o.vendorId}, ${o.customerId}, ${o.botId}, ${at}, ${at}, ${at})
    on conflict (vendor_id, customer_id, bot_id) do update set
      first_order_at = least(customer_bots.first_order_at, excluded.first_order_at),
      last_order_at = greatest(customer_bots.last_order_at, excluded.last_order_at),
      joined_at = least(customer_bots.joined_at, excluded.joined_at)`);
  await tx.execute(sql`
    update customers set first_order_at = least(first_order_at, ${at}::timestamptz),
      last_order_at = greatest(last_order_at, ${at}::timestamptz)
    where vendor_id = ${o.vendorId} and id = ${o.customerId}`);
  if (live) await bumpCustomerTotals(tx, o, 1);

  if (!prevFirst) {
    await bumpDaily(tx, o.vendorId, o.botId, day, { newCustomers: 1 });
  } else if (o.createdAt < prevFirst) {
    await bumpDaily(tx, o.vendorId, o.botId, dayOf(prevFirst), { newCustomers: -1 });
    await bumpDaily(tx, o.vendorId, o.botId, day, { newCustomers: 1 });
  }

  // Active that day unless another order of theirs through the bot was placed the same day.
  const dayStart = `${day}T00:00:00.000Z`;
  const sameDay = await tx.execute(sql`
    select 1 from orders
    where vendor_id = ${o.vendorId} and customer_id = ${o.customerId} and bot_id = ${o.botId} and id <> ${o.id}
      and created_at >= ${dayStart}::timestamptz and created_at < ${dayStart}::timestamptz + interval '1 day'
    limit 1`);
  const activeAlready = (sameDay as unknown as { rows: unknown[] }).rows.length > 0;

  await bumpDaily(tx, o.vendorId, o.botId, day, {
    orders: live ? 1 : 0,
    revenueMinor: live ? o.totalMinor : 0,
    revenueUsdMinor: live ? o.totalUsdMinor : 0,
    cancelledOrders: live ? 0 : 1,
    activeCustomers: activeAlready ? 0 : 1,
  });
  if (o.status === 'completed' && o.completedAt) {
    await bumpDaily(tx, o.vendorId, o.botId, dayOf(o.completedAt), { completedOrders: 1 });
  }
  await bumpStatus(tx, o, o.status, 1);
  if (live) await bumpProducts(tx, o, items, 1);
}

/** What a status move changes in the rollups. `o` is the order before the move; `at` the time of the move. */
export async function rollUpStatusMove(
  tx: Tx,
  o: RollupOrder,
  items: RollupItem[],
  to: OrderStatus,
  at: Date,
): Promise<void> {
  await bumpStatus(tx, o, o.status, -1);
  await bumpStatus(tx, o, to, 1);
  if (to === 'cancelled' && o.status !== 'cancelled') {
    await bumpDaily(tx, o.vendorId, o.botId, dayOf(o.createdAt), {
      orders: -1,
      revenueMinor: -o.totalMinor,
      revenueUsdMinor: -o.totalUsdMinor,
      cancelledOrders: 1,
    });
    await bumpProducts(tx, o, items, -1);
    await bumpCustomerTotals(tx, o, -1);
  }
  if (to === 'completed') {
    await bumpDaily(tx, o.vendorId, o.botId, dayOf(at), { completedOrders: 1 });
  }
  // Only a refund leaves completed (it cancels the order): the day it completed no longer counts it.
  if (o.status === 'completed' && to !== 'completed' && o.completedAt) {
    await bumpDaily(tx, o.vendorId, o.botId, dayOf(o.completedAt), { completedOrders: -1 });
  }
}

/**
 * What a change of an order's total (shipping added at payment) moves: its day's revenue, its status count's
 * value and its customer's spend, by the difference. Cancelled orders count in none of them. Product figures
 * stay: they are the lines' own amounts, which do not change. `o` is the order before the change.
 */
export async function rollUpTotalChange(
  tx: Tx,
  o: RollupOrder,
  totalMinor: number,
  totalUsdMinor: number,
): Promise<void> {
  if (o.status === 'cancelled') return;
  const minor = totalMinor - o.totalMinor;
  const usd = totalUsdMinor - o.totalUsdMinor;
  await bumpDaily(tx, o.vendorId, o.botId, dayOf(o.createdAt), { revenueMinor: minor, revenueUsdMinor: usd });
  if (usd === 0) return;
  await tx.execute(sql`
    update order_status_counts set revenue_usd_minor = revenue_usd_minor + ${usd}
    where vendor_id = ${o.vendorId} and bot_id = ${o.botId} and status = ${o.status} and product_type = ${o.productType}`);
  await tx.execute(sql`
    update customers set total_spent_minor = total_spent_minor + ${usd}
    where vendor_id = ${o.vendorId} and id = ${o.customerId}`);
  await tx.execute(sql`
    update customer_bots set total_spent_minor = total_spent_minor + ${usd}
    where vendor_id = ${o.vendorId} and customer_id = ${o.customerId} and bot_id = ${o.botId}`);
}

/** The shop's funnel (the shop runtime records visits, carts and checkouts of a bot as they happen). */
export async function recordShopFunnel(
  tx: Tx,
  f: { vendorId: string; botId: string; at: Date; views?: number; carts?: number; checkouts?: number },
) {
  await bumpDaily(tx, f.vendorId, f.botId, dayOf(f.at), {
    views: f.views ?? 0,
    carts: f.carts ?? 0,
    checkouts: f.checkouts ?? 0,
  });
}

/** Adds shop views of a product to its figures of that day in that bot (the product page's analytics). */
export async function recordProductViews(
  tx: Tx,
  f: { vendorId: string; botId: string; productId: string; at: Date; views: number },
) {
  await tx.execute(sql`
    insert into product_daily_stats (vendor_id, product_id, bot_id, day, views)
    values (${f.vendorId}::uuid, ${f.productId}::uuid, ${f.botId}::uuid, ${dayOf(f.at)}::date, ${f.views}::int)
    on conflict (vendor_id, day, product_id, bot_id) do update set views = product_daily_stats.views + excluded.views`);
}

const utcDay = (col: string) => `(${col} at time zone 'UTC')::date`;

/**
 * Recomputes every order-derived rollup of a vendor from its orders (the rules above), in set-based
 * statements. The funnel columns and memberships' join dates stay. Used by the seed after its bulk insert, and
 * by the tests as the full recomputation the incremental updates must equal.
 */
export async function rebuildOrderRollups(
  tx: Tx,
  vendorId: string,
  opts: {
    /** Also customers' and memberships' figures (the seed derives those itself). */ members?: boolean;
  } = {},
): Promise<void> {
  const v = sql`${vendorId}::uuid`;
  const run = (q: SQL) => tx.execute(q);

  await run(sql`delete from order_status_counts where vendor_id = ${v}`);
  await run(sql`
    insert into order_status_counts (vendor_id, bot_id, status, product_type, orders, revenue_usd_minor)
    select vendor_id, bot_id, status, product_type, count(*)::int, sum(total_usd_minor)::int8
    from orders where vendor_id = ${v} group by vendor_id, bot_id, status, product_type`);

  // The shop's views of each product stay (they come from no order): only the order figures are recomputed.
  await run(sql`delete from product_daily_stats where vendor_id = ${v} and views = 0`);
  await run(sql`
    update product_daily_stats set units = 0, orders = 0, revenue_usd_minor = 0 where vendor_id = ${v}`);
  await run(sql`
    insert into product_daily_stats (vendor_id, product_id, bot_id, day, units, orders, revenue_usd_minor)
    select ${v}, i.product_id, o.bot_id, ${sql.raw(utcDay('o.created_at'))}, sum(i.quantity)::int, count(*)::int,
      sum(${sql.raw(sqlUsdMinor('i.unit_price_minor * i.quantity', 'o.currency'))})::int8
    from order_items i
    join orders o on o.vendor_id = i.vendor_id and o.id = i.order_id
    where i.vendor_id = ${v} and o.status <> 'cancelled' and i.product_id is not null
    group by i.product_id, o.bot_id, ${sql.raw(utcDay('o.created_at'))}
    -- The primary key's order: at a million orders, rows in hash order would land on random index pages.
    order by 4, 2, 3
    on conflict (vendor_id, day, product_id, bot_id) do update set units = excluded.units,
      orders = excluded.orders, revenue_usd_minor = excluded.revenue_usd_minor`);

  await run(sql`
    update bot_daily_stats set orders = 0, revenue_minor = 0, revenue_usd_minor = 0, cancelled_orders = 0,
      completed_orders = 0, active_customers = 0, new_customers = 0
    where vendor_id = ${v}`);
  await run(sql`
    insert into bot_daily_stats (vendor_id, bot_id, day, orders, revenue_minor, revenue_usd_minor,
      cancelled_orders, completed_orders, active_customers, new_customers)
    select ${v}, bot_id, day, sum(orders)::int, sum(revenue)::int8, sum(usd)::int8, sum(cancelled)::int,
      sum(completed)::int, sum(active)::int, sum(fresh)::int
    from (
      select bot_id, ${sql.raw(utcDay('created_at'))} as day,
        count(*) filter (where status <> 'cancelled') as orders,
        coalesce(sum(total_minor) filter (where status <> 'cancelled'), 0) as revenue,
        coalesce(sum(total_usd_minor) filter (where status <> 'cancelled'), 0) as usd,
        count(*) filter (where status = 'cancelled') as cancelled,
        0 as completed, count(distinct customer_id) as active, 0 as fresh
      from orders where vendor_id = ${v} group by 1, 2
      union all
      select bot_id, ${sql.raw(utcDay('completed_at'))}, 0, 0, 0, 0, count(*), 0, 0
      from orders where vendor_id = ${v} and status = 'completed' and completed_at is not null group by 1, 2
      union all
      select bot_id, ${sql.raw(utcDay('first_at'))}, 0, 0, 0, 0, 0, 0, count(*)
      from (select customer_id, bot_id, min(created_at) as first_at from orders where vendor_id = ${v} group by 1, 2) f
      group by 1, 2
    ) x
    group by bot_id, day
    on conflict (vendor_id, bot_id, day) do update set orders = excluded.orders,
      revenue_minor = excluded.revenue_minor, revenue_usd_minor = excluded.revenue_usd_minor,
      cancelled_orders = excluded.cancelled_orders, completed_orders = excluded.completed_orders,
      active_customers = excluded.active_customers, new_customers = excluded.new_customers`);
  await rebuildVendorDailyStats(tx, vendorId);
  await rebuildVendorProductStats(tx, vendorId);

  if (opts.members === false) return;
  await run(sql`
    create temporary table rollup_cb on commit drop as
    select customer_id, bot_id, min(created_at) as first_at, max(created_at) as last_at,
      (count(*) filter (where status <> 'cancelled'))::int as cnt,
      coalesce(sum(total_usd_minor) filter (where status <> 'cancelled'), 0)::int8 as spent
    from orders where vendor_id = ${v} group by customer_id, bot_id`);
  await run(sql`
    update customer_bots set order_count = 0, total_spent_minor = 0, first_order_at = null, last_order_at = null
    where vendor_id = ${v} and (order_count <> 0 or first_order_at is not null)`);
  await run(sql`
    insert into customer_bots (vendor_id, customer_id, bot_id, joined_at, order_count, total_spent_minor,
      first_order_at, last_order_at)
    select ${v}, customer_id, bot_id, first_at, cnt, spent, first_at, last_at from rollup_cb
    on conflict (vendor_id, customer_id, bot_id) do update set order_count = excluded.order_count,
      total_spent_minor = excluded.total_spent_minor, first_order_at = excluded.first_order_at,
      last_order_at = excluded.last_order_at, joined_at = least(customer_bots.joined_at, excluded.joined_at)`);
  await run(sql`
    update customers set order_count = 0, total_spent_minor = 0, first_order_at = null, last_order_at = null
    where vendor_id = ${v} and (order_count <> 0 or first_order_at is not null)`);
  await run(sql`
    update customers c set order_count = a.cnt, total_spent_minor = a.spent, first_order_at = a.first_at,
      last_order_at = a.last_at
    from (
      select customer_id, sum(cnt)::int as cnt, sum(spent)::int8 as spent, min(first_at) as first_at,
        max(last_at) as last_at
      from rollup_cb group by customer_id
    ) a
    where c.vendor_id = ${v} and c.id = a.customer_id`);
  await run(sql`drop table rollup_cb`);
}

/**
 * vendor_daily_stats as the sums of the bots' days, funnel included: rebuildOrderRollups ends with it, and a bulk
 * writer of bot_daily_stats (the seed's funnel) calls it again.
 */
export async function rebuildVendorDailyStats(tx: Tx, vendorId: string): Promise<void> {
  const v = sql`${vendorId}::uuid`;
  await tx.execute(sql`delete from vendor_daily_stats where vendor_id = ${v}`);
  await tx.execute(sql`
    insert into vendor_daily_stats (vendor_id, day, ${sql.raw(DAILY_COLUMNS.map(([, c]) => c).join(', '))})
    select ${v}, day, ${sql.raw(DAILY_COLUMNS.map(([, c]) => `sum(${c})`).join(', '))}
    from bot_daily_stats where vendor_id = ${v} group by day`);
}

/** vendor_product_daily_stats and vendor_order_status_counts as the sums of the per-bot rows. */
async function rebuildVendorProductStats(tx: Tx, vendorId: string): Promise<void> {
  const v = sql`${vendorId}::uuid`;
  await tx.execute(sql`delete from vendor_order_status_counts where vendor_id = ${v}`);
  await tx.execute(sql`
    insert into vendor_order_status_counts (vendor_id, status, product_type, orders, revenue_usd_minor)
    select ${v}, status, product_type, sum(orders), sum(revenue_usd_minor)
    from order_status_counts where vendor_id = ${v} group by status, product_type`);
  await tx.execute(sql`delete from vendor_product_daily_stats where vendor_id = ${v}`);
  await tx.execute(sql`
    insert into vendor_product_daily_stats (vendor_id, day, product_id, units, orders, revenue_usd_minor)
    select ${v}, day, product_id, sum(units), sum(orders), sum(revenue_usd_minor)
    from product_daily_stats where vendor_id = ${v} group by day, product_id
    order by day, product_id`);
}

/** The USD total of an order in SQL (for bulk inserts that set orders.total_usd_minor). */
export const sqlOrderUsd = (minor = 'total_minor', currency = 'currency') => sqlUsdMinor(minor, currency);
