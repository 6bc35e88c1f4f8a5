import { performance } from 'node:perf_hooks';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bots, vendors } from '../../db/schema/index';
import { randomToken, type Secrets, sha256Hex } from '../../lib/secrets';
import { DEMO_BOTS, seedBots } from './demo-bots';
import { insertCatalogue } from './seed-catalogue';
import { insertHistory } from './seed-history';
import { insertCustomersAndOrders } from './seed-orders';
import { insertRailsAndShipping } from './seed-rails';
import { insertStarPayments } from './seed-stars';
import { deleteVendorData, insertBots, insertVendor } from './seed-vendor';
import { seededUuid } from './sql-random';

// Demo mode (demo-data.ts) takes the bots from here, with the entry points.
export { DEMO_BOTS } from './demo-bots';

export type SeedOptions = {
  orders: number;
  seed: number;
  /** Customers to create; by default a few thousand for a million orders (planCustomerGroups). */
  customers?: number;
  /**
   * Bots in all (default and minimum: the six demo bots). Beyond them come generated running shops, each selling
   * one demo bot's catalogue (demo-bots.ts): the 1M-order benchmark asks for 100.
   */
  bots?: number;
  /** With a demo vendor already present, return at once (first start of demo mode). */
  onlyIfMissing?: boolean;
  secrets: Secrets;
  /** Dates are relative to it. Default: today at 12:00 UTC, or the current hour if that is still ahead. */
  now?: Date;
  onProgress?: (ordersDone: number, ordersTotal: number) => void;
  /** Called after each step of the seed with its duration (the CLI prints them: where the time goes). */
  onStep?: (step: string, ms: number) => void;
};

export type SeedResult = { created: boolean; vendorId: string; orders: number; ms: number };

// Serialises concurrent seeds (two server processes starting at once): the second one then finds the vendor.
const SEED_LOCK = 7_004_221_901;
const DEMO_VENDOR_ID = seededUuid(0, 'demo-vendor');

/**
 * Creates (or re-creates) the demo vendor with bots in every subscription state, a catalogue, customers in every
 * segment and `orders` orders over the last twelve months, with customer totals and daily rollups consistent
 * with the orders. The same seed and `now` give the same data. All in one transaction: a failed seed leaves
 * nothing behind. `orders` in the result is the number created (0 when onlyIfMissing found a vendor).
 */
export async function seedDemoVendor(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  if (!Number.isSafeInteger(opts.orders) || opts.orders < 0)
    throw new Error('orders must be a non-negative integer');
  if (!Number.isSafeInteger(opts.seed) || opts.seed < 0 || opts.seed > 2 ** 31) {
    throw new Error('seed must be an integer between 0 and 2^31');
  }
  if (opts.customers !== undefined && (!Number.isSafeInteger(opts.customers) || opts.customers < 20)) {
    throw new Error('customers must be an integer of at least 20');
  }
  if (opts.bots !== undefined && (!Number.isSafeInteger(opts.bots) || opts.bots < DEMO_BOTS.length)) {
    throw new Error(`bots must be an integer of at least ${DEMO_BOTS.length}`);
  }
  const now = opts.now ?? defaultNow();
  const ms = () => Math.round(performance.now() - started);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.isDemo, true))
      .orderBy(asc(vendors.createdAt))
      .limit(1);
    if (existing && opts.onlyIfMissing) return { created: false, vendorId: existing.id, orders: 0, ms: ms() };
    // Keeping the id keeps a signed-in demo session pointing at the new data.
    const vendorId = existing?.id ?? DEMO_VENDOR_ID;
    if (existing) await deleteVendorData(tx, vendorId);

    // Room for the batches' intermediate rows and the index builds' sorts; commit durability is not needed for
    // demo data; and no JIT, whose compilation of the generator's large expressions costs PostgreSQL more than it
    // saves (a third per batch).
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local synchronous_commit = off`);
    await insertDemoData(tx, vendorId, now, opts);
    return { created: true, vendorId, orders: opts.orders, ms: ms() };
  });
}

export type DemoShopWebhook = {
  botId: string;
  token: string;
  username: string;
  language: string;
  url: string;
  secret: string;
};

/**
 * The webhooks of the demo vendor's running bots, as Telegram is to be told them: each gets a webhook secret on
 * first use, kept (encrypted) across restarts, and its webhook URL on this server. Stopped bots get none (a
 * stopped bot's secret is forgotten, so Telegram's updates for it are refused).
 */
export async function demoShopWebhooks(
  db: Db,
  opts: { vendorId: string; secrets: Secrets; publicUrl: string },
): Promise<DemoShopWebhook[]> {
  const tokenByHash = new Map(DEMO_BOTS.map((bot) => [sha256Hex(bot.token), bot.token]));
  const rows = await db
    .select()
    .from(bots)
    .where(and(eq(bots.vendorId, opts.vendorId), eq(bots.isActive, true), isNull(bots.deletedAt)));
  const webhooks: DemoShopWebhook[] = [];
  for (const row of rows) {
    const token = tokenByHash.get(row.tokenHash);
    if (!token) continue;
    const url = `${opts.publicUrl}/telegram/webhook/${row.id}`;
    const secret = row.webhookSecretCiphertext
      ? opts.secrets.decrypt(row.webhookSecretCiphertext)
      : randomToken(32);
    if (!row.webhookSecretCiphertext || row.webhookUrl !== url) {
      await db
        .update(bots)
        .set({ webhookUrl: url, webhookSecretCiphertext: opts.secrets.encrypt(secret) })
        .where(and(eq(bots.vendorId, opts.vendorId), eq(bots.id, row.id)));
    }
    webhooks.push({ botId: row.id, token, username: row.username, language: row.language, url, secret });
  }
  return webhooks;
}

/** Today at 12:00 UTC, so a day's seeds agree; before noon, the current hour (orders never lie in the future). */
function defaultNow(): Date {
  const current = new Date();
  const noon = new Date(current);
  noon.setUTCHours(12, 0, 0, 0);
  const hour = new Date(current);
  hour.setUTCMinutes(0, 0, 0);
  return noon <= current ? noon : hour;
}

/** The seed's steps, in order: each reports its end to `opts.onStep` with its duration. */
async function insertDemoData(tx: Tx, vendorId: string, now: Date, opts: SeedOptions): Promise<void> {
  const { seed, secrets } = opts;
  let stepStart = performance.now();
  const stepDone = (name: string) => {
    const at = performance.now();
    opts.onStep?.(name, Math.round(at - stepStart));
    stepStart = at;
  };
  await insertVendor(tx, vendorId, now);
  const seeded = await insertBots(tx, vendorId, seed, now, secrets, seedBots(opts.bots ?? DEMO_BOTS.length));
  const catalogue = await insertCatalogue(tx, vendorId, seed, now, seeded);
  await insertRailsAndShipping(tx, vendorId, seed, now, secrets, seeded);
  stepDone('vendor, bots and catalogue');
  await insertCustomersAndOrders(tx, vendorId, now, opts, seeded, catalogue.picks, stepDone);
  await insertHistory(tx, vendorId, seed, now, catalogue.products, seeded);
  await insertStarPayments(tx, vendorId, seeded);
  stepDone('events and activity');
  await tx.execute(
    sql`analyze customers, customer_bots, bot_daily_stats, vendor_daily_stats, product_daily_stats,
      vendor_product_daily_stats, order_status_counts, vendor_order_status_counts, events, activity_log, products,
      bots`,
  );
  stepDone('analyze');
}
