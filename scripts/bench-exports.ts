/**
 * The data export's figures (issue 23), for `npm run bench` (with the developer surface's): BENCH_EXPORT_ORDERS
 * (1,000,000) orders of one vendor, seeded with one generate_series insert, exported as CSV and as XLSX by the
 * export job's own code (modules/exports runExport: keyset pages of 1,000 streamed into the local storage
 * driver), in this process: wall time, and this process's peak RSS growth over its RSS just before the run
 * (sampled every 50 ms). On PGlite (in this process, so its memory counts too) and on PostgreSQL when a URL is
 * given (the database is re-created by the caller). BENCH_EXPORT_ORDERS=0 skips it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

type Report = (name: string, value: string) => void;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export async function benchExports(report: Report, databaseUrl?: string): Promise<void> {
  const count = Number(process.env.BENCH_EXPORT_ORDERS ?? 1_000_000);
  if (count <= 0) return;
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { sql } = await import('drizzle-orm');
  const { createLocalStorage } = await import('../apps/server/src/modules/media/storage');
  const { createExportsService } = await import('../apps/server/src/modules/exports/exports.service');
  const repo = await import('../apps/server/src/modules/exports/exports.repository');
  const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const dir = mkdtempSync(join(tmpdir(), 'bench-exports-'));
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir: null } : { dataDir: dir });
  try {
    await database.migrate();
    const db = database.db;
    const seedStarted = performance.now();
    const vendorRows = (await db.execute(
      sql`insert into vendors (store_name) values ('Bench exports') returning id`,
    )) as unknown as { rows: { id: string }[] };
    const vendorId = vendorRows.rows[0]?.id as string;
    const botRows =
      (await db.execute(sql`insert into bots (vendor_id, telegram_bot_id, username, name, token_ciphertext, token_hash)
      values (${vendorId}, 900000001, 'bench_export_bot', 'Bench', 'x', ${`bench-${vendorId}`}) returning id`)) as unknown as {
        rows: { id: string }[];
      };
    const botId = botRows.rows[0]?.id as string;
    await db.execute(sql`insert into customers (vendor_id, telegram_id, first_name, username)
      select ${vendorId}, 800000000 + g, 'Customer ' || g, 'cust' || g from generate_series(1, 1000) g`);
    await db.execute(sql`
      with c as (select array_agg(id) ids from customers where vendor_id = ${vendorId})
      insert into orders (vendor_id, bot_id, customer_id, status, product_type, payment_status, total_minor, currency,
        item_count, note, total_usd_minor, created_at, updated_at)
      select ${vendorId}, ${botId}, c.ids[1 + g % 1000],
        (array['pending','processing','shipped','delivered','completed','cancelled'])[1 + g % 6],
        (array['physical','digital','service'])[1 + g % 3],
        'completed', 500 + (g * 37) % 20000, 'USD', 1 + g % 4,
        case when g % 10 = 0 then 'Leave at the door, please' end,
        500 + (g * 37) % 20000,
        now() - (g % 730) * interval '1 day', now()
      from c, generate_series(1, ${count}) g`);
    await db.execute(sql`analyze orders`);
    report(
      `export bench: seed of ${count.toLocaleString('en')} orders with generate_series (${label})`,
      `${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const storageDir = join(dir, 'exports');
    const exportsService = createExportsService({
      db,
      storage: createLocalStorage(storageDir),
      linkKey: new Uint8Array(32),
    });
    for (const format of ['csv', 'xlsx'] as const) {
      const row = await repo.insertExport(db, {
        vendorId,
        types: ['orders'],
        range: 'all',
        fromDay: null,
        toDay: null,
        format,
        requestedBy: null,
        createdAt: new Date(),
      });
      (globalThis as { gc?: () => void }).gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      await exportsService.run(vendorId, row.id);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const done = await repo.findExport(db, vendorId, row.id);
      report(
        `export of ${count.toLocaleString('en')} orders as ${format.toUpperCase()} (${label})`,
        `${seconds.toFixed(1)} s, peak RSS growth ${mb(peak - base)} (RSS before ${mb(base)}), file ${mb(done?.sizeBytes ?? 0)}, status ${done?.status}`,
      );
      rmSync(storageDir, { recursive: true, force: true });
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
