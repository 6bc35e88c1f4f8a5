/**
 * The catalogue part of `npm run bench`: the products list with BENCH_PRODUCTS (10,000) products for the demo
 * vendor, searched and filtered, against a static route (GET /healthz) measured in the same run by the same
 * clients: p50/p95 latency and requests/s. Run alone: `node --import tsx scripts/bench-products.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { signInDemo, startLoadServer } from './bench-load';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'apps/server');

export type ProductsBenchFigures = {
  products: number;
  rows: Array<{ name: string; p50: number; p95: number; rps: number; errors: number }>;
};

async function waitReady(url: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not ready after ${timeoutMs} ms`);
}

/** Adds `count` products to the demo vendor straight in its data dir (the server is stopped meanwhile). */
async function addProducts(dataDir: string, count: number, databaseUrl?: string) {
  const { openDatabase } = await import('../apps/server/src/db/client');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir: null } : { dataDir });
  try {
    await database.db.execute(sql`
      with v as (select vendor_id, id as category_id from categories order by sort_order limit 1)
      insert into products (vendor_id, name, sku, product_type, price_minor, category_id, stock, min_stock, tags, details, digital_type)
      select v.vendor_id,
        (array['Classic','Organic','Premium','Travel','Smart','Vintage','Urban','Eco'])[1 + g % 8] || ' ' ||
        (array['Tee','Hoodie','Mug','Lamp','Backpack','Candle','Speaker','Notebook','Bottle','Scarf'])[1 + (g / 8) % 10] ||
        ' ' || g,
        'BENCH-' || lpad(g::text, 6, '0'),
        (array['physical','digital','service'])[1 + g % 3],
        500 + (g * 37) % 20000,
        v.category_id,
        g % 40,
        5,
        '{}'::text[],
        case g % 3 when 1 then '{"digitalType":"downloadable","downloadUrl":"https://downloads.example.com/x"}'::jsonb
          when 2 then '{"duration":1,"durationUnit":"hours"}'::jsonb else '{}'::jsonb end,
        case g % 3 when 1 then 'downloadable' end
      from v, generate_series(1, ${count}) g
    `);
    await database.db.execute(sql`analyze products`);
  } finally {
    await database.close();
  }
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);

/** `clients` keep-alive clients requesting the paths in turn for `ms`: latency percentiles and requests/s. */
async function measure(base: string, token: string, paths: string[], clients: number, ms: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      let i = c;
      while (performance.now() < end) {
        const path = paths[i++ % paths.length] as string;
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    rps: Math.round(latencies.length / seconds),
    errors,
  };
}

export async function benchProducts(opts: {
  port: number;
  products?: number;
  clients?: number;
  seconds?: number;
  env?: Record<string, string>;
  /** Where to write a --cpu-prof profile of the measured server (scripts/profile-top.ts reads it). */
  cpuProfDir?: string | undefined;
}): Promise<ProductsBenchFigures> {
  const count = opts.products ?? 10_000;
  const clients = opts.clients ?? 16;
  const ms = (opts.seconds ?? 10) * 1000;
  const workDir = mkdtempSync(join(tmpdir(), 'bench-products-'));
  const env = { DATA_DIR: workDir, LOG_LEVEL: 'warn', ...(opts.env ?? {}) };
  try {
    // First start seeds the demo vendor; then the products go in while the server is down; then measure.
    let server = startLoadServer({ serverDir, workDir, port: opts.port, env });
    await waitReady(`http://127.0.0.1:${opts.port}/readyz`);
    await server.stop();
    await addProducts(workDir, count, opts.env?.DATABASE_URL);
    server = startLoadServer({ serverDir, workDir, port: opts.port, env, cpuProfDir: opts.cpuProfDir });
    try {
      await waitReady(`http://127.0.0.1:${opts.port}/readyz`);
      const { token, vendorId, botIds } = await signInDemo(opts.port);
      const base = `http://127.0.0.1:${opts.port}`;
      const v = `/api/v1/vendors/${vendorId}/products`;
      const list = [`${v}?page=1&limit=50`, `${v}?page=20&limit=50`];
      const search = [
        `${v}?search=hoodie`,
        `${v}?search=BENCH-0042`,
        `${v}?search=eco%20lamp`,
        `${v}?search=zz-none`,
      ];
      const filter = [
        `${v}?productType=digital&limit=50`,
        `${v}?productType=physical&status=active&page=3`,
        ...(botIds[0] ? [`${v}?botId=${botIds[0]}&productType=service`] : []),
        `${v}?search=tee&productType=physical`,
      ];
      // Warm-up: JIT and the database's caches.
      await measure(base, token, [...list, ...search, ...filter], 4, 1500);
      const rows: ProductsBenchFigures['rows'] = [];
      for (const [name, paths] of [
        ['GET /healthz (static route)', ['/healthz']],
        ['products list, page 1 and 20', list],
        ['products search (name or SKU)', search],
        ['products filter (type, status, bot; with search)', filter],
      ] as const) {
        rows.push({ name, ...(await measure(base, token, [...paths], clients, ms)) });
      }
      return { products: count, rows };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchProducts({
    port: Number(process.env.BENCH_PORT ?? 3911),
    products: Number(process.env.BENCH_PRODUCTS ?? 10_000),
    seconds: Number(process.env.BENCH_PRODUCTS_SECONDS ?? 10),
    // An empty PostgreSQL database (it is seeded like a new data dir), or PGlite when unset.
    ...(process.env.BENCH_DATABASE_URL ? { env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } } : {}),
    cpuProfDir: process.env.BENCH_CPU_PROF,
  });
  console.log(
    `\nproducts list with ${figures.products.toLocaleString('en')} products (16 clients, keep-alive)`,
  );
  console.log('| request | p50 | p95 | req/s | errors |\n|---|---|---|---|---|');
  for (const r of figures.rows)
    console.log(`| ${r.name} | ${r.p50} ms | ${r.p95} ms | ${r.rps} | ${r.errors} |`);
}
