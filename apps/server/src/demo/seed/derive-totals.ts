import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rebuildOrderRollups, rebuildVendorDailyStats } from '../../modules/orders/orders.service';
import { sqlRandom, sqlUuid, sqlUuidLiteral } from './sql-random';

// What the server keeps incrementally with each order (customer totals, per-bot memberships, daily rollups),
// computed here in a few set-based statements after the bulk insert, from the same rules
// (modules/orders/order-rollups.ts): counts and USD money come from non-cancelled orders, first and last order
// times from orders of any status; the rollups themselves are rebuilt by rebuildOrderRollups, the very function
// the property test checks the incremental updates against.

const S = {
  joinedEarly: 200,
  joinedBot: 201,
  activityOrder: 210,
  activityPayment: 212,
  activityCustomer: 214,
};

/** Fills customers' totals, customer_bots and the order rollups (bot_daily_stats and the rest) from the orders. */
export async function deriveTotals(
  tx: Tx,
  vendorId: string,
  seed: number,
  stepDone: (step: string) => void = () => {},
): Promise<void> {
  await tx.execute(sql`
    create temporary table seed_cb on commit drop as
    select customer_id, bot_id, min(created_at) as first_at, max(created_at) as last_any_at,
      (count(*) filter (where status <> 'cancelled'))::int as cnt,
      coalesce(sum(total_usd_minor) filter (where status <> 'cancelled'), 0)::int8 as spent,
      max(created_at) as last_at
    from orders where vendor_id = ${vendorId}
    group by customer_id, bot_id`);

  // A customer joined up to two days before their first order (never after it), or on their generated date.
  await tx.execute(sql`
    update customers c set
      order_count = a.cnt, total_spent_minor = a.spent, last_order_at = a.last_at, first_order_at = a.first_at,
      created_at = least(c.created_at, date_trunc('second',
        a.first_at - make_interval(secs => 3600 + ${sql.raw(sqlRandom(seed, S.joinedEarly, 'c.telegram_id'))} * 47 * 3600))),
      updated_at = a.last_any_at
    from (
      select customer_id, sum(cnt)::int as cnt, sum(spent)::int8 as spent, max(last_at) as last_at,
        min(first_at) as first_at, max(last_any_at) as last_any_at
      from seed_cb group by customer_id
    ) a
    where c.vendor_id = ${vendorId} and c.id = a.customer_id`);
  stepDone('customer totals');

  await tx.execute(sql`
    insert into customer_bots (vendor_id, customer_id, bot_id, joined_at, order_count, total_spent_minor, last_order_at,
      first_order_at)
    select ${vendorId}::uuid, cb.customer_id, cb.bot_id,
      greatest(c.created_at, b.created_at, date_trunc('second',
        cb.first_at - make_interval(secs => ${sql.raw(sqlRandom(seed, S.joinedBot, 'c.telegram_id'))} * 1800))),
      cb.cnt, cb.spent, cb.last_at, cb.first_at
    from seed_cb cb
    join customers c on c.vendor_id = ${vendorId} and c.id = cb.customer_id
    join bots b on b.vendor_id = ${vendorId} and b.id = cb.bot_id
    -- In the primary key's order: each row goes to the end of the index, not to a random page of it.
    order by cb.customer_id, cb.bot_id`);

  // Customers who have not bought yet still started one of the running bots.
  await tx.execute(sql`
    insert into customer_bots (vendor_id, customer_id, bot_id, joined_at)
    select ${vendorId}::uuid, c.id, b.id, greatest(c.created_at, b.created_at)
    from customers c
    cross join (
      select array_agg(id order by telegram_bot_id) as ids from bots
      where vendor_id = ${vendorId} and is_active and deleted_at is null
    ) running
    join bots b on b.vendor_id = ${vendorId}
      and b.id = running.ids[1 + (c.telegram_id % cardinality(running.ids))::int]
    where c.vendor_id = ${vendorId} and c.order_count = 0
      and not exists (select 1 from seed_cb cb where cb.customer_id = c.id)`);
  stepDone('memberships');

  await rebuildOrderRollups(tx, vendorId, { members: false });
  stepDone('order rollups');

  // The shop's funnel (the shop runtime records it live): every order came from a checkout, a cart and visits;
  // about a tenth of checkouts fail, about half of carts are abandoned, and 12–21 visits make one order.
  await tx.execute(sql`
    update bot_daily_stats set
      checkouts = (orders + cancelled_orders) + (orders + cancelled_orders + 9) / 10,
      carts = 2 * (orders + cancelled_orders) + abs(hashtext(bot_id::text || day::text)) % 5,
      views = (orders + cancelled_orders) * (12 + abs(hashtext(day::text || bot_id::text)) % 10) + 5
    where vendor_id = ${vendorId}`);
  // The vendor's days sum the bots' days, funnel included.
  await rebuildVendorDailyStats(tx, vendorId);
  stepDone('funnel');
}

const fullName = (alias: string) => `${alias}.first_name || coalesce(' ' || ${alias}.last_name, '')`;

/**
 * Recent history as domain events (about 20): the newest orders, payments and customers. The activity feed
 * is projected from them by its consumer, as for live events.
 */
export async function insertOrderEvents(
  tx: Tx,
  vendorId: string,
  seed: number,
  nowSec: number,
): Promise<void> {
  const vendor = sqlUuidLiteral(vendorId);
  await tx.execute(
    sql.raw(`
    insert into events (vendor_id, id, bot_id, type, actor_kind, actor_id, actor_name, subject_kind, subject_id, payload, created_at)
    select ${vendor}, ${sqlUuid(seed, S.activityOrder, 'o.rn')}, o.bot_id, 'order.created',
      'customer', c.id::text, ${fullName('c')}, 'order', o.id::text,
      jsonb_build_object('orderNumber', o.number, 'totalMinor', o.total_minor, 'currency', o.currency,
        'itemCount', o.item_count, 'customerName', ${fullName('c')}, 'botUsername', b.username),
      o.created_at
    from (
      select *, row_number() over (order by created_at desc, number desc) as rn
      from (select * from orders where vendor_id = ${vendor} order by created_at desc, number desc limit 12) newest
    ) o
    join customers c on c.vendor_id = o.vendor_id and c.id = o.customer_id
    join bots b on b.vendor_id = o.vendor_id and b.id = o.bot_id`),
  );

  // Payments: the newest paid orders and the newest refund, a few minutes after the order.
  await tx.execute(
    sql.raw(`
    insert into events (vendor_id, id, bot_id, type, actor_kind, actor_id, actor_name, subject_kind, subject_id, payload, created_at)
    select ${vendor}, ${sqlUuid(seed, S.activityPayment, 'p.rn')}, p.bot_id,
      case when p.payment_status = 'refunded' then 'refund.created' else 'payment.received' end,
      'system', null, null, 'order', p.id::text,
      jsonb_build_object('orderNumber', p.number, 'amountMinor', p.total_minor, 'currency', p.currency),
      least(to_timestamp(${nowSec}), p.created_at + interval '3 minutes')
    from (
      select *, row_number() over (order by created_at desc) as rn from (
        (select * from orders where vendor_id = ${vendor} and payment_status = 'paid' order by created_at desc limit 6)
        union all
        (select * from orders where vendor_id = ${vendor} and payment_status = 'refunded' order by created_at desc limit 1)
      ) picked
    ) p`),
  );

  await tx.execute(
    sql.raw(`
    insert into events (vendor_id, id, bot_id, type, actor_kind, actor_id, actor_name, subject_kind, subject_id, payload, created_at)
    select ${vendor}, ${sqlUuid(seed, S.activityCustomer, 'n.rn')}, cb.bot_id, 'customer.created',
      'customer', n.id::text, ${fullName('n')}, 'customer', n.id::text,
      jsonb_build_object('customerName', ${fullName('n')}, 'username', n.username, 'botUsername', b.username),
      n.created_at
    from (
      select *, row_number() over (order by created_at desc, telegram_id) as rn
      from customers where vendor_id = ${vendor} order by created_at desc, telegram_id limit 5
    ) n
    cross join lateral (
      select bot_id from customer_bots cb
      where cb.vendor_id = n.vendor_id and cb.customer_id = n.id order by joined_at limit 1
    ) cb
    join bots b on b.vendor_id = n.vendor_id and b.id = cb.bot_id`),
  );
}
