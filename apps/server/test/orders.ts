import type { Bot } from '@app/contracts/bots';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import type { Conn } from '../src/db/types';
import { type FakeBotApi, startFakeBotApi } from '../src/fakes/bot-api/server';
import type { StaffGrant } from '../src/modules/auth/actor-resolver';
import { type TestClock, testClock } from './clock';
import { createBot, fakeBot, signInStaff, type Vendor, vendor } from './factories';
import { createTestApp, type TestApp, telegramUser } from './harness';

export type ShopTest = { t: TestApp; v: Vendor; clock: TestClock };

/**
 * What the orders, customers and analytics tests share. Called once at the top of a test file, it starts the fake
 * Bot API for the file and closes each test's app after the test. `start()` builds a fresh app on a test clock and
 * signs a vendor in; `grant` is what the staff member Sam Staff may do in that vendor (nothing until a test sets
 * it), and `signInStaff()` signs Sam in as staff of the vendor.
 */
export function shopTestEnv() {
  let fake: FakeBotApi | undefined;
  let current: ShopTest | undefined;
  const staffUser = telegramUser({ first_name: 'Sam', last_name: 'Staff' });
  const now = () => {
    if (!current) throw new Error('call start() first');
    return current;
  };

  beforeAll(async () => {
    fake = await startFakeBotApi();
  });
  afterAll(() => fake?.close());
  afterEach(async () => {
    fake?.state.reset();
    await current?.t.app.close();
    current = undefined;
  });

  const env = {
    grant: null as StaffGrant | null,

    /** `config` changes the test configuration (say, a read cache that keeps answers). */
    async start(config: Partial<Config> = {}): Promise<ShopTest> {
      if (!fake) throw new Error('the fake Bot API is not running');
      const clock = testClock();
      env.grant = null;
      const t = await createTestApp({
        config: { telegramApiRoot: fake.url, ...config },
        now: clock.now,
        findStaffGrant: async (vendorId, telegramId) =>
          vendorId === current?.v.vendorId && telegramId === staffUser.id ? env.grant : null,
      });
      current = { t, v: await vendor(t.app), clock };
      return current;
    },

    /** GET a path of the vendor (or of `of`), as that vendor's caller. */
    async get<T>(path: string, of?: Vendor) {
      const { t, v } = now();
      const caller = of ?? v;
      const res = await t.app.inject({ method: 'GET', url: `${caller.base}${path}`, headers: caller.auth });
      return { status: res.statusCode, body: res.json() as T };
    },

    /** A bot of the vendor, its token known to the fake Bot API. */
    addBot(botName: string, body: Record<string, unknown> = {}): Promise<Bot> {
      const { t, v } = now();
      return createBot(t.app, v, { botToken: fakeBot(fake as FakeBotApi).token, botName, ...body });
    },

    /** Sam Staff, staff of the vendor: signed in, with what `grant` allows. */
    signInStaff(): Promise<Vendor> {
      const { t, v } = now();
      return signInStaff(t, v, staffUser);
    },
  };
  return env;
}

/** A percentage with one decimal, as the API rounds them. */
export const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/**
 * Every order-derived rollup row of a vendor (daily per bot and for the vendor, with the shop's funnel; status
 * counts; per product and day, per bot and for the vendor; customers' and memberships' figures), as sorted comparable text: what rebuildOrderRollups must reproduce.
 * Rows that hold nothing are left out: an incremental update can leave a row at zero where a recomputation
 * leaves none. Read through `conn`, so a caller can compare inside a transaction it rolls back.
 */
export async function rollupSnapshot(conn: Pick<Conn, 'execute'>, vendorId: string) {
  const q = async (query: SQL) =>
    ((await conn.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows
      .map((r) => JSON.stringify(r))
      .sort();
  return {
    daily: await q(sql`
      select bot_id, day::text, orders, revenue_minor::text, revenue_usd_minor::text, cancelled_orders,
        completed_orders, active_customers, new_customers, views, carts, checkouts
      from bot_daily_stats where vendor_id = ${vendorId}
        and (orders, revenue_minor, revenue_usd_minor, cancelled_orders, completed_orders, active_customers,
          new_customers, views, carts, checkouts) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`),
    vendorDaily: await q(sql`
      select day::text, orders, revenue_minor::text, revenue_usd_minor::text, cancelled_orders, completed_orders,
        active_customers, new_customers, views, carts, checkouts
      from vendor_daily_stats where vendor_id = ${vendorId}
        and (orders, revenue_minor, revenue_usd_minor, cancelled_orders, completed_orders, active_customers,
          new_customers, views, carts, checkouts) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`),
    status: await q(sql`
      select bot_id, status, product_type, orders, revenue_usd_minor::text from order_status_counts
      where vendor_id = ${vendorId} and orders <> 0`),
    vendorStatus: await q(sql`
      select status, product_type, orders, revenue_usd_minor::text from vendor_order_status_counts
      where vendor_id = ${vendorId} and orders <> 0`),
    products: await q(sql`
      select product_id, bot_id, day::text, units, orders, revenue_usd_minor::text
      from product_daily_stats where vendor_id = ${vendorId} and (units, orders, revenue_usd_minor) <> (0, 0, 0)`),
    vendorProducts: await q(sql`
      select product_id, day::text, units, orders, revenue_usd_minor::text
      from vendor_product_daily_stats where vendor_id = ${vendorId} and (units, orders, revenue_usd_minor) <> (0, 0, 0)`),
    customers: await q(sql`
      select id, order_count, total_spent_minor::text, first_order_at::text, last_order_at::text
      from customers where vendor_id = ${vendorId}`),
    members: await q(sql`
      select customer_id, bot_id, order_count, total_spent_minor::text, first_order_at::text, last_order_at::text,
        joined_at::text
      from customer_bots where vendor_id = ${vendorId}`),
  };
}
