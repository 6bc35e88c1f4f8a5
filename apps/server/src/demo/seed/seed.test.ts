import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedTestDatabase } from '../../../test/harness';
import { rollupSnapshot } from '../../../test/orders';
import type { Database } from '../../db/client';
import { createSecrets } from '../../lib/secrets';
import { rebuildOrderRollups } from '../../modules/orders/order-rollups.repository';
import { DEMO_BOTS, demoShopWebhooks, type SeedResult, seedDemoVendor } from './seed';

const NOW = new Date('2026-03-18T12:00:00Z');
const DAY = 86_400_000;
const ORDERS = 3000;
const secrets = createSecrets('seed-test-secret-at-least-32-characters');

let database: Database;
let first: SeedResult;

async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What a seed produced, independent of the order numbers (which keep counting up across seeds). */
async function orderSignature(vendorId: string) {
  const [row] = await rows<{ n: number; total: string; digest: string }>(sql`
    select count(*)::int as n, sum(total_minor)::text as total,
      md5(string_agg(id::text || customer_id::text || status || total_minor::text || created_at::text, ',' order by id))
        as digest
    from orders where vendor_id = ${vendorId}`);
  return row;
}

beforeAll(async () => {
  database = await openEmbeddedTestDatabase();
  first = await seedDemoVendor(database.db, { orders: ORDERS, seed: 7, secrets, now: NOW });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('seedDemoVendor', () => {
  it('creates the demo vendor owned by the demo user', async () => {
    expect(first).toMatchObject({ created: true, orders: ORDERS });
    const [vendor] = await rows<{ is_demo: boolean; role: string }>(sql`
      select v.is_demo, i.role from vendors v join telegram_identities i on i.vendor_id = v.id
      where v.id = ${first.vendorId}`);
    expect(vendor).toEqual({ is_demo: true, role: 'VENDOR' });
  });

  it('creates bots in every subscription state', async () => {
    const bots = await rows<{
      username: string;
      is_active: boolean;
      plan: string | null;
      status: string | null;
      ends: string | null;
    }>(sql`
      select b.username, b.is_active, s.plan, s.status, s.ends_at::text as ends
      from bots b
      left join lateral (
        select plan, status, ends_at from bot_subscriptions s
        where s.vendor_id = b.vendor_id and s.bot_id = b.id order by created_at desc limit 1
      ) s on true
      where b.vendor_id = ${first.vendorId}`);
    const byState = (state: string) => {
      const demo = DEMO_BOTS.find((b) => b.state === state);
      return bots.find((b) => b.username === demo?.username);
    };
    expect(bots).toHaveLength(DEMO_BOTS.length);
    expect(byState('free')).toMatchObject({ is_active: true, plan: null });
    expect(
      bots
        .filter((b) => b.is_active && b.status === 'active')
        .map((b) => b.plan)
        .sort(),
    ).toEqual(['BASIC', 'PRO']);
    const trial = byState('trial');
    expect(trial).toMatchObject({ is_active: true, status: 'trial' });
    expect(new Date(trial?.ends ?? 0).getTime() - NOW.getTime()).toBeGreaterThan(DAY);
    const expired = byState('expired');
    expect(expired).toMatchObject({ is_active: false, status: 'expired' });
    expect(new Date(expired?.ends ?? 0).getUTCMonth()).toBe((NOW.getUTCMonth() + 11) % 12);
    expect(byState('inactive')).toMatchObject({ is_active: false, status: 'active' });
  });

  it('stores each bot token encrypted and hashed, never in plain text', async () => {
    const bots = await rows<{ telegram_bot_id: string; token_ciphertext: string; token_hash: string }>(sql`
      select telegram_bot_id::text, token_ciphertext, token_hash from bots where vendor_id = ${first.vendorId}`);
    for (const demo of DEMO_BOTS) {
      expect(demo.token).toMatch(/^\d{8,10}:[A-Za-z0-9_-]{35}$/);
      expect(demo.token.split(':')[0]).toBe(String(demo.telegramBotId));
      const row = bots.find((b) => b.telegram_bot_id === String(demo.telegramBotId));
      expect(row?.token_ciphertext).not.toContain(demo.token);
      expect(secrets.decrypt(row?.token_ciphertext ?? '')).toBe(demo.token);
    }
  });

  it('creates products of all three types, stock in every band, some sold through specific bots only', async () => {
    const [p] = await rows<Record<string, number>>(sql`
      select count(*) filter (where product_type = 'physical')::int as physical,
        count(*) filter (where product_type = 'digital')::int as digital,
        count(*) filter (where product_type = 'service')::int as service,
        count(*) filter (where product_type = 'physical' and stock > 20)::int as plenty,
        count(*) filter (where product_type = 'physical' and stock between 6 and 20)::int as some,
        count(*) filter (where product_type = 'physical' and stock between 1 and 5)::int as low,
        count(*) filter (where product_type = 'physical' and stock = 0)::int as out,
        count(*) filter (where not all_bots)::int as assigned,
        (select count(*) from product_bots where vendor_id = ${first.vendorId})::int as assignments
      from products where vendor_id = ${first.vendorId}`);
    for (const key of ['physical', 'digital', 'service', 'plenty', 'some', 'low', 'out', 'assigned']) {
      expect(p?.[key], key).toBeGreaterThan(0);
    }
    expect(p?.assignments).toBeGreaterThanOrEqual(p?.assigned ?? 0);
  });

  it('gives every running demo shop active products of each type, and a digital one with codes to deliver', async () => {
    const shops = await rows<Record<string, number | string>>(sql`
      select b.username,
        count(*) filter (where p.product_type = 'physical')::int as physical,
        count(*) filter (where p.product_type = 'digital')::int as digital,
        count(*) filter (where p.product_type = 'service')::int as service,
        count(*) filter (where p.product_type = 'digital' and exists (
          select 1 from product_codes c
          where c.vendor_id = p.vendor_id and c.product_id = p.id and c.issued_at is null))::int as with_codes
      from bots b
      join products p on p.vendor_id = b.vendor_id and p.status = 'active' and (p.all_bots or exists (
        select 1 from product_bots pb where pb.vendor_id = p.vendor_id and pb.product_id = p.id and pb.bot_id = b.id))
      where b.vendor_id = ${first.vendorId} and b.is_active and b.deleted_at is null
      group by b.username`);
    expect(shops.length).toBeGreaterThan(0);
    for (const shop of shops) {
      for (const key of ['physical', 'digital', 'service', 'with_codes']) {
        expect(shop[key], `${shop.username} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('lets every shop that sells physical goods take payment for them and ship them (Stars alone cannot)', async () => {
    const shops = await rows<{ id: string; username: string }>(sql`
      select b.id, b.username from bots b
      where b.vendor_id = ${first.vendorId} and b.is_active and b.deleted_at is null and exists (
        select 1 from products p where p.vendor_id = b.vendor_id and p.status = 'active'
          and p.product_type = 'physical' and (p.all_bots or exists (
            select 1 from product_bots pb where pb.vendor_id = p.vendor_id and pb.product_id = p.id and pb.bot_id = b.id)))`);
    expect(shops.length).toBeGreaterThan(0);
    for (const shop of shops) {
      const rails = await rows<{ provider: string; secrets: string | null }>(sql`
        select provider, secrets_ciphertext as secrets from bot_payment_providers
        where bot_id = ${shop.id} and enabled and configured and currencies ? 'USD' order by provider`);
      expect(
        rails.map((r) => r.provider),
        shop.username,
      ).toEqual(['card', 'cash_on_delivery']);
      const card = rails.find((r) => r.provider === 'card');
      expect(JSON.parse(secrets.decrypt(card?.secrets ?? '')).providerToken).toMatch(/:TEST:/);
      const methods = await rows<{ regions: string[] }>(sql`
        select regions from bot_shipping_methods where bot_id = ${shop.id} and enabled`);
      expect(
        methods.flatMap((m) => m.regions),
        shop.username,
      ).toEqual(expect.arrayContaining(['US', 'EU']));
    }
  });

  it('gives each running demo shop a webhook on this server with a secret kept across starts', async () => {
    const publicUrl = 'http://localhost:3000';
    const hooks = await demoShopWebhooks(database.db, { vendorId: first.vendorId, secrets, publicUrl });
    const running = await rows<{ username: string }>(sql`
      select username from bots where vendor_id = ${first.vendorId} and is_active and deleted_at is null`);
    expect(hooks.map((h) => h.username).sort()).toEqual(running.map((r) => r.username).sort());
    expect(hooks[0]?.url).toBe(`${publicUrl}/telegram/webhook/${hooks[0]?.botId}`);
    const again = await demoShopWebhooks(database.db, { vendorId: first.vendorId, secrets, publicUrl });
    expect(again.map((h) => h.secret)).toEqual(hooks.map((h) => h.secret));
  });

  it('creates customers in all four segments', async () => {
    const segments = await rows<{ segment: string; n: number }>(sql`
      with c as (
        select *, avg(order_count) over () as avg_orders from customers where vendor_id = ${first.vendorId}
      )
      select case
          when created_at >= ${new Date(NOW.getTime() - 30 * DAY).toISOString()}::timestamptz then 'New'
          when last_order_at < ${new Date(NOW.getTime() - 90 * DAY).toISOString()}::timestamptz then 'Inactive'
          when order_count >= 3 * avg_orders then 'VIP'
          else 'Regular' end as segment,
        count(*)::int as n
      from c group by 1`);
    expect(segments.map((s) => s.segment).sort()).toEqual(['Inactive', 'New', 'Regular', 'VIP']);
  });

  it('spreads orders over the last 12 months, more in recent months, with orders today', async () => {
    const months = await rows<{ month: string; n: number }>(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
      from orders where vendor_id = ${first.vendorId} group by 1 order by 1`);
    const [range] = await rows<{ oldest: string; newest: string; today: number }>(sql`
      select min(created_at)::text as oldest, max(created_at)::text as newest,
        (count(*) filter (where created_at >= ${'2026-03-18T00:00:00Z'}::timestamptz))::int as today
      from orders where vendor_id = ${first.vendorId}`);
    expect(new Date(range?.oldest ?? 0).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 366 * DAY);
    expect(new Date(range?.newest ?? 0).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(range?.today).toBeGreaterThan(0);
    expect(months.length).toBeGreaterThanOrEqual(12);
    const full = months.slice(1, -1);
    expect(full.at(-1)?.n).toBeGreaterThan(full[0]?.n ?? 0);
  });

  it('uses only the statuses of each product type, and all of them', async () => {
    const found = await rows<{ product_type: string; statuses: string[] }>(sql`
      select product_type, array_agg(distinct status order by status) as statuses
      from orders where vendor_id = ${first.vendorId} group by 1`);
    const allowed: Record<string, string[]> = {
      physical: ['cancelled', 'completed', 'delivered', 'pending', 'processing', 'shipped'],
      mixed: ['cancelled', 'completed', 'delivered', 'pending', 'processing', 'shipped'],
      digital: ['cancelled', 'completed', 'pending', 'processing'],
      service: ['cancelled', 'completed', 'in_progress', 'pending', 'scheduled'],
    };
    for (const { product_type, statuses } of found) {
      expect(allowed[product_type], product_type).toEqual(expect.arrayContaining(statuses));
    }
    expect([...new Set(found.flatMap((f) => f.statuses))].sort()).toEqual([
      'cancelled',
      'completed',
      'delivered',
      'in_progress',
      'pending',
      'processing',
      'scheduled',
      'shipped',
    ]);
  });

  it('makes each order total the sum of its items, and its type theirs or mixed', async () => {
    const [check] = await rows<{ wrong_total: number; wrong_type: number; no_items: number }>(sql`
      select count(*) filter (where o.total_minor <> i.total or o.item_count <> i.units)::int as wrong_total,
        count(*) filter (where (i.types = 1 and o.product_type <> i.one_type) or (i.types > 1 and o.product_type <> 'mixed'))::int
          as wrong_type,
        count(*) filter (where i.order_id is null)::int as no_items
      from orders o
      left join (
        select order_id, sum(unit_price_minor * quantity) as total, sum(quantity) as units,
          count(distinct product_type) as types, min(product_type) as one_type
        from order_items where vendor_id = ${first.vendorId} group by order_id
      ) i on i.order_id = o.id
      where o.vendor_id = ${first.vendorId}`);
    expect(check).toEqual({ wrong_total: 0, wrong_type: 0, no_items: 0 });
  });

  it('keeps the daily rollups equal to the non-cancelled orders', async () => {
    const [check] = await rows<Record<string, string>>(sql`
      select
        (select sum(orders)::text from bot_daily_stats where vendor_id = ${first.vendorId}) as rollup_orders,
        (select count(*)::text from orders where vendor_id = ${first.vendorId} and status <> 'cancelled') as orders,
        (select sum(revenue_minor)::text from bot_daily_stats where vendor_id = ${first.vendorId}) as rollup_revenue,
        (select sum(total_minor)::text from orders where vendor_id = ${first.vendorId} and status <> 'cancelled') as revenue,
        (select sum(new_customers)::text from bot_daily_stats where vendor_id = ${first.vendorId}) as rollup_new,
        (select count(*)::text from (select distinct customer_id, bot_id from orders where vendor_id = ${first.vendorId}) x)
          as first_orders`);
    expect(check?.rollup_orders).toBe(check?.orders);
    expect(check?.rollup_revenue).toBe(check?.revenue);
    expect(check?.rollup_new).toBe(check?.first_orders);
  });

  it('leaves every order rollup, customer and membership figure equal to a full recomputation', async () => {
    // Read through the given connection: PGlite has one, and the recomputation holds it in its transaction.
    const snapshot = (conn: Pick<Database['db'], 'execute'> = database.db) =>
      rollupSnapshot(conn, first.vendorId);
    const seeded = await snapshot();
    expect(seeded.products.length).toBeGreaterThan(0);
    await database.db
      .transaction(async (tx) => {
        await rebuildOrderRollups(tx, first.vendorId);
        expect(await snapshot(tx)).toEqual(seeded);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message.includes('Rollback'))) throw err;
      });
  });

  it('keeps customer totals and memberships equal to their non-cancelled orders', async () => {
    const [check] = await rows<{ customers: number; memberships: number; joined_late: number }>(sql`
      with t as (
        select customer_id, bot_id, count(*) filter (where status <> 'cancelled') as n,
          coalesce(sum(total_minor) filter (where status <> 'cancelled'), 0) as spent, min(created_at) as first_at
        from orders where vendor_id = ${first.vendorId} group by 1, 2
      )
      select
        (select count(*) from customers c left join (select customer_id, sum(n) as n, sum(spent) as spent from t group by 1) a
          on a.customer_id = c.id
          where c.vendor_id = ${first.vendorId}
            and (c.order_count <> coalesce(a.n, 0) or c.total_spent_minor <> coalesce(a.spent, 0)))::int as customers,
        (select count(*) from t left join customer_bots cb on cb.vendor_id = ${first.vendorId}
          and cb.customer_id = t.customer_id and cb.bot_id = t.bot_id
          where cb.order_count is distinct from t.n::int or cb.total_spent_minor is distinct from t.spent)::int as memberships,
        (select count(*) from t join customer_bots cb on cb.vendor_id = ${first.vendorId}
          and cb.customer_id = t.customer_id and cb.bot_id = t.bot_id
          join customers c on c.vendor_id = cb.vendor_id and c.id = cb.customer_id
          where cb.joined_at > t.first_at or c.created_at > cb.joined_at)::int as joined_late`);
    expect(check).toEqual({ customers: 0, memberships: 0, joined_late: 0 });
  });

  it('writes recent history as events of every kind, and projects them into the activity feed', async () => {
    const events = await rows<{
      type: string;
      subject_kind: string;
      subject_id: string;
      created_at: string;
    }>(sql`
      select type, subject_kind, subject_id, created_at::text from events where vendor_id = ${first.vendorId}`);
    expect(events.length).toBeGreaterThanOrEqual(25);
    expect(events.filter((e) => e.type === 'order.created').every((e) => e.subject_kind === 'order')).toBe(
      true,
    );
    expect(events.every((e) => new Date(e.created_at).getTime() <= NOW.getTime())).toBe(true);
    const feed = await rows<{ category: string; event_id: string }>(sql`
      select category, event_id from activity_log where vendor_id = ${first.vendorId}`);
    expect(feed).toHaveLength(events.length);
    expect([...new Set(feed.map((a) => a.category))].sort()).toEqual([
      'bot',
      'customer',
      'order',
      'payment',
      'product',
    ]);
  });

  it('accrues the plan fee of every seeded paid order, as live sales do', async () => {
    const [paid] = await rows<{ n: number }>(sql`
      select count(*)::int as n from events where vendor_id = ${first.vendorId} and type = 'payment.received'`);
    const [fees] = await rows<{ n: number; positive: boolean }>(sql`
      select count(*)::int as n, bool_and(amount_minor > 0) as positive from plan_fees
      where vendor_id = ${first.vendorId} and kind = 'accrual'`);
    expect(paid?.n).toBeGreaterThan(0);
    expect(fees).toEqual({ n: paid?.n, positive: true });
  });

  it('re-creates the same data for the same seed, and other data for another seed', async () => {
    const before = await orderSignature(first.vendorId);
    const again = await seedDemoVendor(database.db, { orders: ORDERS, seed: 7, secrets, now: NOW });
    expect(again).toMatchObject({ created: true, vendorId: first.vendorId });
    expect(await orderSignature(first.vendorId)).toEqual(before);
    const [{ vendors } = { vendors: 0 }] = await rows<{ vendors: number }>(
      sql`select count(*)::int as vendors from vendors where is_demo`,
    );
    expect(vendors).toBe(1);

    await seedDemoVendor(database.db, { orders: ORDERS, seed: 8, secrets, now: NOW });
    expect((await orderSignature(first.vendorId))?.digest).not.toBe(before?.digest);
    await seedDemoVendor(database.db, { orders: ORDERS, seed: 7, secrets, now: NOW });
  }, 60_000);

  it("re-creates the demo vendor without touching another vendor's data", async () => {
    const before = await orderSignature(first.vendorId);
    await database.db.execute(sql`
      insert into vendors (id, store_name) values ('5b0f1c52-3c1e-4d7a-9a51-0c6f2f0e9a11', 'Another Shop')`);
    await database.db.execute(sql`
      insert into customers (vendor_id, telegram_id, first_name)
      values ('5b0f1c52-3c1e-4d7a-9a51-0c6f2f0e9a11', 123456789, 'Dana')`);
    await seedDemoVendor(database.db, { orders: ORDERS, seed: 7, secrets, now: NOW });
    expect(await orderSignature(first.vendorId)).toEqual(before);
    const [other] = await rows<{ customers: number }>(sql`
      select count(*)::int as customers from customers where vendor_id = '5b0f1c52-3c1e-4d7a-9a51-0c6f2f0e9a11'`);
    expect(other?.customers).toBe(1);
  }, 60_000);

  it('does nothing when the demo vendor exists and onlyIfMissing is set', async () => {
    const before = await orderSignature(first.vendorId);
    const result = await seedDemoVendor(database.db, {
      orders: 50,
      seed: 99,
      secrets,
      now: NOW,
      onlyIfMissing: true,
    });
    expect(result).toMatchObject({ created: false, vendorId: first.vendorId, orders: 0 });
    expect(await orderSignature(first.vendorId)).toEqual(before);
  });
});
