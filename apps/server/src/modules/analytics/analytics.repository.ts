import { type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/types';
import type { BotScope } from '../../lib/actor';

// Analytics reads the rollups only, never the orders: for the whole vendor its days (vendor_daily_stats,
// vendor_product_daily_stats), so the cost follows the number of days; for some bots those bots' days
// (bot_daily_stats, product_daily_stats).

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export type Slice = { vendorId: string; scope: BotScope; botId?: string };

/** Every bot of the vendor: the vendor-wide rollups answer. */
const wholeVendor = (s: Slice) => s.scope === 'all' && !s.botId;
const dailyTable = (s: Slice) => sql.raw(wholeVendor(s) ? 'vendor_daily_stats' : 'bot_daily_stats');
const productTable = (s: Slice) =>
  sql.raw(wholeVendor(s) ? 'vendor_product_daily_stats' : 'product_daily_stats');

function botWhere(s: Slice, col = 'bot_id'): SQL {
  const c = sql.raw(col);
  const conds: SQL[] = [];
  if (s.scope !== 'all') {
    conds.push(
      s.scope.length === 0
        ? sql`false`
        : sql`${c} in (${sql.join(
            s.scope.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
  }
  if (s.botId) conds.push(sql`${c} = ${s.botId}::uuid`);
  return conds.length ? sql` and ${sql.join(conds, sql` and `)}` : sql``;
}

export type Totals = {
  revenue: number;
  orders: number;
  placed: number;
  active: number;
  fresh: number;
  views: number;
  carts: number;
  checkouts: number;
};

const TOTAL_KEYS = ['revenue', 'orders', 'placed', 'active', 'fresh', 'views', 'carts', 'checkouts'] as const;
const TOTAL_EXPRS: Record<(typeof TOTAL_KEYS)[number], string> = {
  revenue: 'revenue_usd_minor',
  orders: 'orders',
  placed: 'orders + cancelled_orders',
  active: 'active_customers',
  fresh: 'new_customers',
  views: 'views',
  carts: 'carts',
  checkouts: 'checkouts',
};

/** The sums of Totals over the rows matching `cond`, as columns `<prefix>_<key>`. */
const TOTALS = (cond: string, prefix: string) =>
  sql.raw(
    TOTAL_KEYS.map(
      (k) => `coalesce(sum(${TOTAL_EXPRS[k]}) filter (where ${cond}), 0)::int8 as ${prefix}_${k}`,
    ).join(',\n  '),
  );

const toTotals = (row: Record<string, unknown>, prefix: string): Totals =>
  Object.fromEntries(TOTAL_KEYS.map((k) => [k, Number(row[`${prefix}_${k}`] ?? 0)])) as Totals;

/** Totals of the current window (from `from`) and the previous one (`prevFrom` ≤ day < `from`), one pass. */
export async function windowTotals(db: Conn, s: Slice, prevFrom: string, from: string) {
  const res = await db.execute(sql`
    select ${TOTALS(`day >= '${from}'`, 'cur')}, ${TOTALS(`day < '${from}'`, 'prev')}
    from ${dailyTable(s)} where vendor_id = ${s.vendorId} and day >= ${prevFrom}${botWhere(s)}`);
  const row = rowsOf<Record<string, unknown>>(res)[0] ?? {};
  return { current: toTotals(row, 'cur'), previous: toTotals(row, 'prev') };
}

/** Since the first day: revenue and bot memberships with an order (for the lifetime value). */
export async function allTimeTotals(db: Conn, s: Slice) {
  const res = await db.execute(sql`
    select coalesce(sum(revenue_usd_minor), 0)::int8 as revenue, coalesce(sum(new_customers), 0)::int8 as customers
    from ${dailyTable(s)} where vendor_id = ${s.vendorId}${botWhere(s)}`);
  const r = rowsOf<{ revenue: number; customers: number }>(res)[0];
  return { revenue: Number(r?.revenue ?? 0), customers: Number(r?.customers ?? 0) };
}

export type DayRow = { day: string; revenue: number; orders: number; customers: number; active: number };

export async function dailySeries(db: Conn, s: Slice, from: string): Promise<DayRow[]> {
  const res = await db.execute(sql`
    select day::text as day, sum(revenue_usd_minor)::int8 as revenue, sum(orders)::int8 as orders,
      sum(new_customers)::int8 as customers, sum(active_customers)::int8 as active
    from ${dailyTable(s)} where vendor_id = ${s.vendorId} and day >= ${from}${botWhere(s)}
    group by day order by day`);
  return rowsOf<DayRow>(res).map((r) => ({
    day: r.day,
    revenue: Number(r.revenue),
    orders: Number(r.orders),
    customers: Number(r.customers),
    active: Number(r.active),
  }));
}

export type TopProductRow = {
  id: string;
  name: string | null;
  units: number;
  revenue: number;
  previous: number;
  botId: string | null;
  botUsername: string | null;
};

export async function topProducts(db: Conn, s: Slice, prevFrom: string, from: string, limit: number) {
  const res = await db.execute(sql`
    with cur as (
      select product_id, sum(units)::int8 as units, sum(revenue_usd_minor)::int8 as revenue
      from ${productTable(s)} where vendor_id = ${s.vendorId} and day >= ${from}${botWhere(s)}
      group by product_id order by revenue desc, product_id limit ${limit}
    ), prev as (
      select product_id, sum(revenue_usd_minor)::int8 as revenue
      from ${productTable(s)} where vendor_id = ${s.vendorId} and day >= ${prevFrom} and day < ${from}${botWhere(s)}
        and product_id in (select product_id from cur)
      group by product_id
    )
    select cur.product_id as id, p.name, cur.units, cur.revenue, coalesce(prev.revenue, 0) as previous,
      tb.bot_id as "botId", b.username as "botUsername"
    from cur
    left join prev on prev.product_id = cur.product_id
    left join products p on p.vendor_id = ${s.vendorId} and p.id = cur.product_id
    left join lateral (
      select bot_id from product_daily_stats x
      where x.vendor_id = ${s.vendorId} and x.product_id = cur.product_id and x.day >= ${from}${botWhere(s, 'x.bot_id')}
      group by bot_id order by sum(revenue_usd_minor) desc, bot_id limit 1
    ) tb on true
    left join bots b on b.vendor_id = ${s.vendorId} and b.id = tb.bot_id
    order by cur.revenue desc, cur.product_id`);
  return rowsOf<TopProductRow>(res).map((r) => ({
    ...r,
    units: Number(r.units),
    revenue: Number(r.revenue),
    previous: Number(r.previous),
  }));
}

export type CategoryRow = {
  id: string | null;
  name: string | null;
  icon: string | null;
  revenue: number;
  units: number;
  products: number;
};

/** Revenue per category in the window: the product rollup grouped by the products' current category. */
export async function categoryPerformance(db: Conn, s: Slice, from: string, limit: number) {
  const res = await db.execute(sql`
    with sold as (
      select p.category_id, sum(x.revenue_usd_minor)::int8 as revenue, sum(x.units)::int8 as units
      from ${productTable(s)} x
      join products p on p.vendor_id = x.vendor_id and p.id = x.product_id
      where x.vendor_id = ${s.vendorId} and x.day >= ${from}${botWhere(s, 'x.bot_id')}
      group by p.category_id
    ), counts as (
      select category_id, count(*)::int as n from products where vendor_id = ${s.vendorId} group by category_id
    )
    select sold.category_id as id, c.name, c.icon, sold.revenue, sold.units, coalesce(counts.n, 0) as products
    from sold
    left join categories c on c.vendor_id = ${s.vendorId} and c.id = sold.category_id
    left join counts on counts.category_id is not distinct from sold.category_id
    order by sold.revenue desc, c.name limit ${limit}`);
  return rowsOf<CategoryRow>(res).map((r) => ({
    ...r,
    revenue: Number(r.revenue),
    units: Number(r.units),
    products: Number(r.products),
  }));
}

export type BotWindowRow = {
  botId: string;
  username: string;
  name: string;
  isActive: boolean;
  current: Totals;
  previous: Totals;
  topCategory: string | null;
};

/** Per bot in the slice: current and previous window totals, and the category that sold most. */
export async function botWindows(
  db: Conn,
  s: Slice,
  prevFrom: string,
  from: string,
): Promise<BotWindowRow[]> {
  const res = await db.execute(sql`
    with t as (
      select bot_id, ${TOTALS(`day >= '${from}'`, 'cur')}, ${TOTALS(`day < '${from}'`, 'prev')}
      from bot_daily_stats where vendor_id = ${s.vendorId} and day >= ${prevFrom}${botWhere(s)}
      group by bot_id
    ), cat as (
      select distinct on (x.bot_id) x.bot_id, c.name
      from product_daily_stats x
      join products p on p.vendor_id = x.vendor_id and p.id = x.product_id
      join categories c on c.vendor_id = p.vendor_id and c.id = p.category_id
      where x.vendor_id = ${s.vendorId} and x.day >= ${from}${botWhere(s, 'x.bot_id')}
      group by x.bot_id, c.name
      order by x.bot_id, sum(x.revenue_usd_minor) desc, c.name
    )
    select b.id as "botId", b.username, b.name, b.is_active as "isActive", cat.name as "topCategory", t.*
    from bots b
    left join t on t.bot_id = b.id
    left join cat on cat.bot_id = b.id
    where b.vendor_id = ${s.vendorId} and b.deleted_at is null${botWhere(s, 'b.id')}
    order by b.created_at desc, b.id`);
  return rowsOf<Record<string, unknown>>(res).map((r) => {
    return {
      botId: r.botId as string,
      username: r.username as string,
      name: r.name as string,
      isActive: Boolean(r.isActive),
      topCategory: (r.topCategory as string | null) ?? null,
      current: toTotals(r, 'cur'),
      previous: toTotals(r, 'prev'),
    };
  });
}

export type ProductDayRow = { day: string; views: number; units: number; revenue: number };

/** One product's days from `from` (product_daily_stats, summed over the slice's bots). */
export async function productDays(
  db: Conn,
  s: Slice,
  productId: string,
  from: string,
): Promise<ProductDayRow[]> {
  const res = await db.execute(sql`
    select day::text as day, sum(views)::int8 as views, sum(units)::int8 as units,
      sum(revenue_usd_minor)::int8 as revenue
    from product_daily_stats
    where vendor_id = ${s.vendorId} and product_id = ${productId} and day >= ${from}${botWhere(s)}
    group by day order by day`);
  return rowsOf<ProductDayRow>(res).map((r) => ({
    day: r.day,
    views: Number(r.views),
    units: Number(r.units),
    revenue: Number(r.revenue),
  }));
}
