import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import { rollupSnapshot } from '../../../test/orders';
import type { Database } from '../../db/client';
import { createSecrets } from '../../lib/secrets';
import { rebuildOrderRollups } from '../../modules/orders/order-rollups.repository';
import { type SeedResult, seedDemoVendor } from './seed';

// The benchmark's seed (`--customers`, `--bots`: 200,000 customers and 100 bots for a million orders) at a small
// scale, on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the bulk path loads without
// secondary indexes and foreign-key triggers and derives every rollup in set-based statements at the end.

const NOW = new Date('2026-03-18T12:00:00Z');
const ORDERS = 4000;
const CUSTOMERS = 1500;
const BOTS = 24;
const secrets = createSecrets('seed-test-secret-at-least-32-characters');

let database: Database;
let seeded: SeedResult;
let indexesBefore: string[];

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const indexNames = async () =>
  (
    await rows<{ name: string }>(sql`
      select indexname as name from pg_indexes where schemaname = current_schema() order by 1`)
  ).map((r) => r.name);

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  indexesBefore = await indexNames();
  seeded = await seedDemoVendor(database.db, {
    orders: ORDERS,
    customers: CUSTOMERS,
    bots: BOTS,
    seed: 11,
    secrets,
    now: NOW,
  });
}, 120_000);

afterAll(async () => {
  await resetDatabase(database);
});

describe('the bulk seed (many customers and bots)', () => {
  it('creates the orders, customers and bots asked for, the generated bots running and selling', async () => {
    const [counts] = await rows<Record<string, number>>(sql`
      select
        (select count(*) from orders where vendor_id = ${seeded.vendorId})::int as orders,
        (select count(*) from customers where vendor_id = ${seeded.vendorId})::int as customers,
        (select count(*) from bots where vendor_id = ${seeded.vendorId})::int as bots,
        (select count(distinct bot_id) from orders where vendor_id = ${seeded.vendorId})::int as "botsWithOrders",
        (select count(*) from bots b where b.vendor_id = ${seeded.vendorId} and b.is_active and exists (
          select 1 from bot_subscriptions s where s.vendor_id = b.vendor_id and s.bot_id = b.id
            and s.status in ('active', 'trial') and s.ends_at > ${NOW.toISOString()}::timestamptz))::int as "running"`);
    expect(counts).toMatchObject({ orders: ORDERS, customers: CUSTOMERS, bots: BOTS });
    // Of the six demo bots, three are not running on a paid plan or trial (the free one, an expired and a stopped).
    expect(counts?.running).toBe(BOTS - 3);
    expect(counts?.botsWithOrders).toBeGreaterThanOrEqual(BOTS - 1);
  });

  it('leaves every rollup, customer and membership figure equal to a full recomputation', async () => {
    const before = await rollupSnapshot(database.db, seeded.vendorId);
    expect(before.daily.length).toBeGreaterThan(1000);
    expect(before.members.length).toBeGreaterThan(CUSTOMERS);
    await database.db
      .transaction(async (tx) => {
        await rebuildOrderRollups(tx, seeded.vendorId);
        expect(await rollupSnapshot(tx, seeded.vendorId)).toEqual(before);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message.includes('Rollback'))) throw err;
      });
  });

  it('puts back every index it loaded without', async () => {
    expect(await indexNames()).toEqual(indexesBefore);
  });
});
