// `npm run seed -- --orders 1000000 --seed 42`: (re-)creates the demo vendor in the configured database
// (DATABASE_URL, else PGlite in DATA_DIR). PGlite allows one process per data folder: stop the server first.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createSecrets } from '../../lib/secrets';
import { seedDemoVendor } from './seed';

const USAGE = 'Usage: npm run seed -- [--orders 2000] [--seed 1] [--customers N] [--bots 6..]';

function readOptions(): { orders: number; seed: number; customers?: number; bots?: number } {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '1' },
      customers: { type: 'string' },
      bots: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const orders = Number(values.orders.replaceAll('_', ''));
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(orders) || orders < 0)
    throw new UsageError(`--orders must be a whole number: ${values.orders}`);
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 2 ** 31) {
    throw new UsageError(`--seed must be a whole number up to 2^31: ${values.seed}`);
  }
  const count = (name: string, raw: string | undefined, min: number) => {
    if (raw === undefined) return {};
    const n = Number(raw.replaceAll('_', ''));
    if (!Number.isSafeInteger(n) || n < min)
      throw new UsageError(`--${name} must be a whole number ≥ ${min}: ${raw}`);
    return { [name]: n };
  };
  return { orders, seed, ...count('customers', values.customers, 20), ...count('bots', values.bots, 6) };
}

class UsageError extends Error {}

async function main() {
  const options = readOptions();
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(
    `Seeding the demo vendor into ${where}: ${options.orders.toLocaleString('en-US')} orders, seed ${options.seed}` +
      (options.customers ? `, ${options.customers.toLocaleString('en-US')} customers` : '') +
      (options.bots ? `, ${options.bots} bots` : ''),
  );

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    let lastReport = 0;
    const result = await seedDemoVendor(database.db, {
      ...options,
      secrets: createSecrets(config.appSecret),
      onProgress: (done, total) => {
        if (done === total || performance.now() - lastReport > 2000) {
          lastReport = performance.now();
          console.log(`  orders ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
        }
      },
      onStep: (step, ms) => console.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`),
    });
    // Visibility maps for index-only scans (order lists and counts read only their indexes), outside the seed's
    // transaction as VACUUM must be.
    const vacuumStart = performance.now();
    await database.db.execute(
      sql`vacuum analyze orders, order_items, customers, customer_bots, bot_daily_stats, product_daily_stats`,
    );
    const vacuumMs = performance.now() - vacuumStart;
    console.log(`  vacuum: ${(vacuumMs / 1000).toFixed(1)} s`);
    const counts = await countRows(database.db, result.vendorId);
    console.log(
      `Done in ${((result.ms + vacuumMs) / 1000).toFixed(1)} s (seed ${(result.ms / 1000).toFixed(1)} s, vacuum ${(vacuumMs / 1000).toFixed(1)} s). Demo vendor ${result.vendorId}:`,
    );
    for (const [table, count] of Object.entries(counts)) {
      console.log(`  ${table.padEnd(18)} ${count.toLocaleString('en-US').padStart(12)}`);
    }
  } finally {
    await database.close();
  }
}

async function countRows(db: Parameters<typeof seedDemoVendor>[0], vendorId: string) {
  const tables = [
    'bots',
    'bot_subscriptions',
    'categories',
    'subcategories',
    'products',
    'product_codes',
    'customers',
    'customer_bots',
    'orders',
    'order_items',
    'bot_daily_stats',
    'vendor_daily_stats',
    'product_daily_stats',
    'vendor_product_daily_stats',
    'activity_log',
    'events',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where vendor_id = ${vendorId}`,
    )) as unknown as { rows: { n: number }[] };
    counts[table] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

try {
  await main();
} catch (err) {
  if (err instanceof ConfigError || err instanceof UsageError) {
    console.error(err.message);
    if (err instanceof UsageError) console.error(USAGE);
    process.exit(1);
  }
  throw err;
}
