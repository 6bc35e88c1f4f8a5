/**
 * `npm run bench`: the figures the issues ask for, measured on this machine.
 *   - start-up to ready (cold: empty data dir, migrations and demo seed; warm: existing data dir)
 *   - server RSS when idle after start-up
 *   - gzip size of the JS the shell + Home load, and the shop's Mini App (scripts/bundle-size.ts)
 *   - the seed's time for BENCH_ORDERS orders (default 1,000,000) on PGlite, and on PostgreSQL when
 *     BENCH_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/bench; the database is re-created)
 *   - under load (scripts/bench-load.ts): BENCH_LOAD_CLIENTS (200) keep-alive clients reading the API as the
 *     demo vendor for BENCH_LOAD_SECONDS (20; `npm run bench:load` runs 60 s of it alone): requests/s, latency and
 *     every answer counted by status code (a 4xx or 5xx under load shows there); a fresh connection every 50 ms timed
 *     to its first byte; the server's event-loop delay. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL
 *     is set. BENCH_CPU_PROF=<dir> writes a --cpu-prof profile of the loaded server there.
 *   - upload of a 5 MB image: time from sending it to the answer, by which its thumbnail and medium size are
 *     stored (BENCH_UPLOADS, default 10, one after another), on the demo server
 *   - the products list with 10,000 products (search + filter) next to a static route (scripts/bench-products.ts)
 *   - the shop runtime (scripts/bench-shop.ts): updates handled per second by a shop bot's webhook for catalogue
 *     browsing (callback queries: catalogue, category page, product card), the bot's answers going to the
 *     in-process fake Bot API; 40 connections (BENCH_SHOP_CLIENTS) for BENCH_SHOP_SECONDS (15). On PGlite, and on
 *     PostgreSQL when BENCH_DATABASE_URL is set (re-created).
 * Options: --skip-seed skips the seed, --skip-load the load, --only-load measures only the load,
 * --skip-upload skips the upload, --only-upload measures only the upload, --skip-products the products list,
 * --only-products measures only the products list (on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set;
 * BENCH_CPU_PROF=<dir> profiles its server too).
 * --skip-shop the shop runtime (browsing throughput and the code-pool burst), --only-shop only it; --shop-burst only 200 customers
 * checking out one 100-code pool at once (scripts/bench-shop.ts).
 * --orders-load runs only issue 8's load (scripts/bench-orders.ts): seeds BENCH_ORDERS orders from BENCH_CUSTOMERS
 * (200,000) customers through BENCH_BOTS (100) bots on PostgreSQL (BENCH_DATABASE_URL, when set) and on PGlite,
 * then 50 clients (BENCH_ORDERS_CLIENTS) read each orders /
 * customers / analytics endpoint for BENCH_ORDERS_SECONDS (5), alternating with the static /healthz route.
 * --only-developer: only the developer surface (scripts/bench-developer.ts: the API key limiter's cost per request,
 * signed webhook deliveries to a local receiver with a probe route's p99, the export of BENCH_EXPORT_ORDERS
 * (1,000,000) orders as CSV and XLSX on PGlite and PostgreSQL); it runs by default too (a few minutes).
 * --only-campaigns: only the campaign bench (scripts/bench-campaigns.ts: 10,000 customers of one bot at 30 messages/s
 * against the in-process fake, with 429s, killed half-way and resumed; about 6 min); --skip-campaigns leaves it out.
 * BENCH_CAMPAIGN_CUSTOMERS and BENCH_CAMPAIGN_RATE change its size and pace. On PGlite.
 * --two-processes runs only the read mix through one server process and then two (PostgreSQL + Redis).
 * Servers listen on 127.0.0.1, ports BENCH_PORT (3901) to BENCH_PORT + 9.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchCampaigns } from './bench-campaigns';
import { benchDeveloper } from './bench-developer';
import {
  markLoadStart,
  PROBE_TIMEOUT_MS,
  readEventLoopDelay,
  readMix,
  runLoad,
  signInDemo,
  startLoadServer,
} from './bench-load';
import { ordersLoad } from './bench-orders';
import { benchProducts } from './bench-products';
import { benchShop, benchShopBurst, SHOP_CLIENTS } from './bench-shop';
import { BUNDLE_BUDGET_KIB, kib, measureBundles, readManifest } from './bundle-size';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'apps/server');
const onlyDeveloper = process.argv.includes('--only-developer');
const onlyShop = process.argv.includes('--only-shop');
const onlyCampaigns = process.argv.includes('--only-campaigns');
const shopBurstOnly = process.argv.includes('--shop-burst');
const onlyUpload = process.argv.includes('--only-upload');
const onlyProducts = process.argv.includes('--only-products');
const ordersOnly = process.argv.includes('--orders-load');
const twoProcessesOnly = process.argv.includes('--two-processes');
const onlyLoad = process.argv.includes('--only-load') || onlyUpload || onlyShop || shopBurstOnly;
const skipSeed =
  onlyLoad || ordersOnly || twoProcessesOnly || onlyProducts || process.argv.includes('--skip-seed');
const skipLoad =
  onlyUpload ||
  onlyShop ||
  shopBurstOnly ||
  ordersOnly ||
  twoProcessesOnly ||
  onlyProducts ||
  process.argv.includes('--skip-load');
const skipUpload =
  (onlyLoad && !onlyUpload) ||
  onlyShop ||
  ordersOnly ||
  twoProcessesOnly ||
  onlyProducts ||
  process.argv.includes('--skip-upload');
const skipShop =
  (onlyLoad && !onlyShop) ||
  shopBurstOnly ||
  ordersOnly ||
  twoProcessesOnly ||
  onlyProducts ||
  process.argv.includes('--skip-shop');
const uploads = Number(process.env.BENCH_UPLOADS ?? 10);
const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const basePort = Number(process.env.BENCH_PORT ?? 3901);
const loadClients = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const readySeconds = Number(process.env.BENCH_READY_SECONDS ?? 120);
const pgUrl = process.env.BENCH_DATABASE_URL;
// Issue 8's volume for --orders-load: a million orders from 200,000 customers through 100 bots.
const ordersCustomers = Number(process.env.BENCH_CUSTOMERS ?? 200_000);
const ordersBots = Number(process.env.BENCH_BOTS ?? 100);

type Row = [string, string];
const rows: Row[] = [];
const report = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`${name}: ${value}`);
};

async function waitReady(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not ready after ${timeoutMs} ms`);
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Starts the server as `npm start` runs it (its bundle) and measures it. */
async function startServer(dataDir: string, port: number): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', '--max-semi-space-size=4', 'dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitReady(`http://127.0.0.1:${port}/readyz`, child);
    const ms = Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, 3000));
    return { ms, rss: rssMiB(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

function bundleSizes() {
  if (!readManifest()) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  return measureBundles();
}

function seed(env: Record<string, string>, extra: string[] = []): number {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/demo/seed/cli.ts', '--orders', String(orders), '--seed', '42', ...extra],
    { cwd: serverDir, env: { ...process.env, ...env }, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`seed failed with ${run.status}`);
  return Math.round((performance.now() - started) / 100) / 10;
}

function recreateDatabase(databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  spawnSync('psql', [admin.toString(), '-qc', `drop database if exists "${name}" with (force)`], {
    stdio: 'inherit',
  });
  spawnSync('psql', [admin.toString(), '-qc', `create database "${name}"`], { stdio: 'inherit' });
}

/** The demo server on a new data dir (or database) under load; see scripts/bench-load.ts. */
async function loadBench(label: string, port: number, env: Record<string, string>) {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const server = startLoadServer({
    serverDir,
    workDir,
    port,
    env: { DATA_DIR: workDir, ...env },
    cpuProfDir: process.env.BENCH_CPU_PROF,
  });
  try {
    // A cold start seeds the demo first: on a busy machine that can take minutes (BENCH_READY_SECONDS).
    await waitReady(`http://127.0.0.1:${port}/readyz`, server.child, readySeconds * 1000);
    const { token, vendorId, botIds } = await signInDemo(port);
    markLoadStart(server);
    const { load, probe } = await runLoad({
      port,
      token,
      paths: readMix(vendorId, botIds),
      clients: loadClients,
      durationMs: loadSeconds * 1000,
    });
    await server.stop();
    const eventLoop = readEventLoopDelay(server);
    const total = Object.values(load.statuses).reduce((a, b) => a + b, 0);
    const statuses = Object.entries(load.statuses)
      .map(([code, n]) => `${n} × ${code}`)
      .join(', ');
    const what = `${label}, ${loadClients} clients, ${loadSeconds} s`;
    report(
      `API reads under load (${what})`,
      `${Math.round(total / load.seconds)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, max ${load.max} ms (${statuses})`,
    );
    report(
      `fresh connection → first byte of /healthz under load (${what})`,
      `p50 ${probe.firstByteP50} ms, p99 ${probe.firstByteP99} ms, max ${probe.firstByteMax} ms (TCP connect p50 ${probe.connectP50} ms, p99 ${probe.connectP99} ms; ${probe.count} probes, ${probe.failed} failed${probe.failed ? ` and counted as ${PROBE_TIMEOUT_MS} ms` : ''})`,
    );
    if (eventLoop) {
      report(
        `server event-loop delay under load (${what})`,
        `p50 ${eventLoop.p50} ms, p99 ${eventLoop.p99} ms, max ${eventLoop.max} ms`,
      );
    }
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Catalogue browsing through a shop bot's webhook; see scripts/bench-shop.ts. */
async function shopBench(label: string, port: number, databaseUrl?: string) {
  const clients = Number(process.env.BENCH_SHOP_CLIENTS ?? SHOP_CLIENTS);
  const seconds = Number(process.env.BENCH_SHOP_SECONDS ?? 15);
  const figures = await benchShop({
    serverDir,
    port,
    ...(databaseUrl ? { databaseUrl } : {}),
    clients,
    seconds,
    waitReady,
    ...(process.env.BENCH_CPU_PROF ? { cpuProfDir: process.env.BENCH_CPU_PROF } : {}),
  });
  const { load } = figures;
  const statuses = Object.entries(load.statuses)
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ');
  const statements =
    figures.statementsPerUpdate === null ? '' : `, ${figures.statementsPerUpdate} SQL statements per update`;
  const cpu =
    figures.serverCpuMsPerUpdate === null ? '' : `; server CPU ${figures.serverCpuMsPerUpdate} ms per update`;
  const eventLoop = figures.eventLoop
    ? `; event-loop delay p50 ${figures.eventLoop.p50} ms, p99 ${figures.eventLoop.p99} ms`
    : '';
  report(
    `shop bot webhook, catalogue browsing (${label}, ${clients} connections, ${seconds} s)`,
    `${Math.round(load.updates / load.seconds)} updates/s, p50 ${load.p50} ms, p99 ${load.p99} ms, max ${load.max} ms (${statuses}${statements})${cpu}${eventLoop}`,
  );
}

/** A JPEG of random noise just under the 5 MB image limit (noise compresses badly, like a real photo). */
async function fiveMegabyteJpeg(): Promise<{ bytes: Buffer; width: number }> {
  const { default: sharp } = await import('sharp');
  const { randomBytes } = await import('node:crypto');
  let side = 2100;
  for (;;) {
    const raw = randomBytes(side * side * 3);
    const bytes = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    if (bytes.length <= 5 * 1024 * 1024) {
      if (bytes.length > 4.7 * 1024 * 1024) return { bytes, width: side };
      side += 60;
    } else {
      side -= 40;
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Uploads a 5 MB image BENCH_UPLOADS times to the demo server: the answer comes once every size is stored. */
async function uploadBench(port: number) {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  const server = startLoadServer({ serverDir, workDir, port, env: { DATA_DIR: workDir } });
  try {
    await waitReady(`http://127.0.0.1:${port}/readyz`, server.child);
    const { token, vendorId } = await signInDemo(port);
    const image = await fiveMegabyteJpeg();
    const times: number[] = [];
    for (let i = 0; i < uploads; i++) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(image.bytes)], { type: 'image/jpeg' }), 'photo.jpg');
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/vendors/${vendorId}/upload/image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await res.json()) as { thumbnailUrl?: string };
      times.push(performance.now() - started);
      if (res.status !== 201 || !body.thumbnailUrl) throw new Error(`upload failed: ${res.status}`);
      const thumb = await fetch(`http://127.0.0.1:${port}${body.thumbnailUrl}`);
      if (!thumb.ok) throw new Error(`thumbnail missing: ${thumb.status}`);
      await thumb.arrayBuffer();
    }
    times.sort((a, b) => a - b);
    const mb = (image.bytes.length / 1024 / 1024).toFixed(2);
    report(
      `upload of a 5 MB image, time to thumbnails (${mb} MB JPEG, ${image.width}×${image.width} px, ${uploads} uploads)`,
      `p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms, max ${Math.round(times.at(-1) ?? 0)} ms`,
    );
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** 200 customers checking out one 100-code pool at once: 100 codes issued, 100 refusals, no code twice. */
async function shopBurstBench() {
  if (pgUrl) recreateDatabase(pgUrl);
  const burst = await benchShopBurst({
    serverDir,
    port: basePort + 6,
    ...(pgUrl ? { databaseUrl: pgUrl } : {}),
    waitReady,
  });
  report(
    `burst: ${burst.customers} customers checking out one ${burst.codes}-code pool at once (${pgUrl ? 'PostgreSQL' : 'PGlite'})`,
    `${burst.paid} paid, ${burst.refused} told it sold out, ${burst.withoutInvoice} without an invoice, ${burst.delivered} codes delivered, ${burst.duplicates} delivered twice, in ${burst.seconds} s`,
  );
}

// The campaign bench runs in process (server, queue-free runner and fake Bot API): with the default run, or alone.
if (
  onlyCampaigns ||
  (!process.argv.includes('--skip-campaigns') && !onlyLoad && !ordersOnly && !onlyProducts && !onlyDeveloper)
) {
  const c = await benchCampaigns((line) => console.log(line), {});
  report(
    `campaign to ${c.customers.toLocaleString('en-US')} customers at ${c.ratePerSecond}/s (${c.database})`,
    `${c.wallS.toFixed(1)} s vs floor ${c.floorS.toFixed(1)} s (${c.overFloorPct.toFixed(1)}% over), ${c.cpuMsPerMessage.toFixed(2)} ms CPU/message, ${c.refused429} 429s, killed+resumed (${c.interruptedInFlight} in flight), ${c.duplicates} twice, ${c.missed} missed`,
  );
  if (onlyCampaigns) {
    console.log('\n| measure | figure |\n|---|---|');
    for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
    process.exit(0);
  }
}

// The developer surface's figures take a few seconds in process: with the default run, or alone.
// The export part seeds 1,000,000 orders (BENCH_EXPORT_ORDERS; 0 skips it) on PGlite and, with
// BENCH_DATABASE_URL, on PostgreSQL (re-created): a few minutes.
if (onlyDeveloper || (!onlyLoad && !ordersOnly && !onlyProducts)) {
  await benchDeveloper(report, {
    exportsDatabaseUrl: () => {
      if (pgUrl) recreateDatabase(pgUrl);
      return pgUrl;
    },
  });
}
if (onlyDeveloper) {
  console.log('\n| measure | figure |\n|---|---|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
  process.exit(0);
}

/**
 * `--two-processes`: the read mix through one server process, then through two on the same PostgreSQL
 * (BENCH_DATABASE_URL, re-created) and Redis (BENCH_REDIS_URL, default 127.0.0.1:6379), the clients split
 * between them: requests/s of each. On this 2-core machine two processes share the same cores, so the gain
 * is bounded by what one process leaves idle (waiting on the database).
 */
async function twoProcessesBench() {
  if (!pgUrl) throw new Error('--two-processes needs BENCH_DATABASE_URL (several processes need PostgreSQL)');
  recreateDatabase(pgUrl);
  const workDir = mkdtempSync(join(tmpdir(), 'bench-two-'));
  const env = {
    DATABASE_URL: pgUrl,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    // One key for both, so a token signed by one is good at the other.
    APP_SECRET: 'bench-two-processes-secret-0123456789abcdef',
  };
  const servers: ReturnType<typeof startLoadServer>[] = [];
  try {
    // One after the other: the first migrates and seeds the demo data.
    for (const port of [basePort + 8, basePort + 9]) {
      const server = startLoadServer({
        serverDir,
        workDir,
        port,
        env: { ...env, DATA_DIR: join(workDir, String(port)) },
      });
      servers.push(server);
      await waitReady(`http://127.0.0.1:${port}/readyz`, server.child);
    }
    const first = servers[0] as (typeof servers)[number];
    const { token, vendorId, botIds } = await signInDemo(first.port);
    const paths = readMix(vendorId, botIds);
    const rate = (load: { statuses: Record<string, number>; seconds: number }) =>
      Object.values(load.statuses).reduce((a, b) => a + b, 0) / load.seconds;
    const one = await runLoad({
      port: first.port,
      token,
      paths,
      clients: loadClients,
      durationMs: loadSeconds * 1000,
    });
    const both = await Promise.all(
      servers.map((server) =>
        runLoad({
          port: server.port,
          token,
          paths,
          clients: Math.ceil(loadClients / 2),
          durationMs: loadSeconds * 1000,
        }),
      ),
    );
    const what = `${loadClients} clients, ${loadSeconds} s, PostgreSQL + Redis`;
    report(
      `API reads through one process (${what})`,
      `${Math.round(rate(one.load))} req/s, p99 ${one.load.p99} ms`,
    );
    report(
      `API reads through two processes (${what})`,
      `${Math.round(both.reduce((sum, b) => sum + rate(b.load), 0))} req/s, p99 ${Math.max(...both.map((b) => b.load.p99))} ms`,
    );
  } finally {
    for (const server of servers) await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
try {
  if (twoProcessesOnly) {
    await twoProcessesBench();
  } else if (shopBurstOnly) {
    await shopBurstBench();
  } else if (ordersOnly) {
    const clients = Number(process.env.BENCH_ORDERS_CLIENTS ?? 50);
    const seconds = Number(process.env.BENCH_ORDERS_SECONDS ?? 5);
    const targets: [string, Record<string, string>][] = [];
    if (pgUrl) targets.push(['PostgreSQL', { DATABASE_URL: pgUrl }]);
    targets.push(['PGlite', { DATA_DIR: join(dataDir, 'orders-load') }]);
    for (const [label, env] of targets) {
      if (env.DATABASE_URL) recreateDatabase(env.DATABASE_URL);
      const volume = ['--customers', String(ordersCustomers), '--bots', String(ordersBots)];
      report(
        `seed ${orders.toLocaleString('en')} orders, ${ordersCustomers.toLocaleString('en')} customers, ${ordersBots} bots, ${label}`,
        `${seed(env, volume)} s`,
      );
      // Twice: as served (repeated reads answered from the read cache until the data changes) and with every
      // read computed from the database, the cost of the first read after a change.
      for (const [cache, readCacheMs] of [
        ['read cache on', '5000'],
        ['read cache off', '0'],
      ] as const) {
        const figures = await ordersLoad({
          serverDir,
          workDir: dataDir,
          port: basePort + 4,
          env: { ...env, READ_CACHE_MS: readCacheMs },
          clients,
          seconds,
          waitReady,
        });
        for (const f of figures) {
          report(
            `${f.name} (${label}, ${cache}, ${clients} clients)`,
            `${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms; ${Math.round((f.rps / f.staticRps) * 100)}% of static (${f.staticRps} req/s, p99 ${f.staticP99} ms)`,
          );
        }
      }
    }
  } else if (!onlyLoad && !onlyProducts) {
    // The bundle of this checkout's sources, as `npm start` builds it.
    spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
    const cold = await startServer(dataDir, basePort);
    report('start-up to ready, cold (new data dir: migrations + demo seed)', `${cold.ms} ms`);
    const warm = await startServer(dataDir, basePort + 1);
    report('start-up to ready, warm (existing data dir)', `${warm.ms} ms`);
    report('server RSS, idle after start-up (PGlite in process)', `${warm.rss} MiB`);

    const bundles = bundleSizes();
    for (const [page, label] of [
      ['backOffice', 'JS for shell + Home'],
      ['shop', "JS for the shop's Mini App"],
    ] as const) {
      const size = bundles[page];
      report(
        label,
        `${kib(size.gz)} KiB gzip (${kib(size.raw)} KiB raw) in ${size.files.length} files (goal ${BUNDLE_BUDGET_KIB[page].goal} KiB)`,
      );
    }
  }

  if (!skipLoad) {
    await loadBench('PGlite', basePort + 2, {});
    if (pgUrl) {
      recreateDatabase(pgUrl);
      await loadBench('PostgreSQL', basePort + 3, { DATABASE_URL: pgUrl });
    }
  }

  if (!skipShop) {
    if (pgUrl) {
      recreateDatabase(pgUrl);
      await shopBench('PostgreSQL', basePort + 6, pgUrl);
    }
    await shopBench('PGlite', basePort + 6);
    await shopBurstBench();
  }

  if (!skipUpload) await uploadBench(basePort + 4);
  if (
    onlyProducts ||
    (!onlyLoad && !ordersOnly && !twoProcessesOnly && !process.argv.includes('--skip-products'))
  ) {
    // The catalogue: the products list at 10,000 products next to a static route (scripts/bench-products.ts).
    const targets: [string, Record<string, string>][] = [['PGlite', {}]];
    if (pgUrl && onlyProducts) targets.push(['PostgreSQL', { DATABASE_URL: pgUrl }]);
    for (const [label, env] of targets) {
      if (env.DATABASE_URL) recreateDatabase(env.DATABASE_URL);
      const catalogue = await benchProducts({
        port: basePort + 5,
        env,
        cpuProfDir: process.env.BENCH_CPU_PROF,
      });
      for (const r of catalogue.rows) {
        report(
          `${r.name}, ${catalogue.products.toLocaleString('en')} products, 16 clients, ${label}`,
          `p50 ${r.p50} ms, p95 ${r.p95} ms, ${r.rps} req/s${r.errors ? `, ${r.errors} errors` : ''}`,
        );
      }
    }
  }

  if (!skipSeed) {
    const seedDir = mkdtempSync(join(tmpdir(), 'bench-seed-'));
    try {
      report(`seed ${orders.toLocaleString('en')} orders, PGlite`, `${seed({ DATA_DIR: seedDir })} s`);
    } finally {
      rmSync(seedDir, { recursive: true, force: true });
    }
    if (pgUrl) {
      recreateDatabase(pgUrl);
      report(`seed ${orders.toLocaleString('en')} orders, PostgreSQL`, `${seed({ DATABASE_URL: pgUrl })} s`);
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n| measure | figure |\n|---|---|');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
