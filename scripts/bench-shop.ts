/**
 * The shop runtime in `npm run bench` (issue 11, "Performance"): updates handled per second by the webhook route
 * for catalogue browsing. The demo server (demo mode: its shop bots' webhooks are set on the in-process fake Bot
 * API, which the bots call for every answer) takes callback queries — the catalogue, a category page, a product
 * card, in turn — from `clients` keep-alive connections (Telegram's default max_connections is 40) posting to
 * one shop bot's webhook as Telegram does, with its secret header. Reports updates/s, p50 and p99, the
 * server's event-loop delay, and on PostgreSQL the statements per update (transactions counted by
 * pg_stat_database: each statement outside a transaction is one; the job queue's polling adds a few). The server
 * runs with SHOP_THROTTLE=off: Telegram's pace would cap one bot at about 30 answers a second, far below what the
 * runtime itself takes.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { markLoadStart, readEventLoopDelay, signInDemo, startLoadServer } from './bench-load';
import type { ShopLoadInput, ShopLoadOutput } from './bench-shop-clients';

/** The demo shop the bench browses (a PRO bot with an active subscription, see the demo seed). */
const SHOP = 'urban_threads_bot';
/** Telegram's default max_connections: at most this many updates of one bot in flight at once. */
export const SHOP_CLIENTS = 40;

export type ShopFigures = {
  load: ShopLoadOutput;
  taps: number;
  statementsPerUpdate: number | null;
  /** The server process's CPU time (user + system) per update: what the load costs it, whatever else runs. */
  serverCpuMsPerUpdate: number | null;
  eventLoop: { p50: number; p99: number; max: number } | null;
};

type Transcript = { entries: { type: string; from?: string; message?: { reply_markup?: unknown } }[] };

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The shop bot's webhook, as the in-process fake Telegram holds it. */
async function shopWebhook(base: string): Promise<{ path: string; secret: string }> {
  const { bots } = await json<{
    bots: { username: string; webhook: { url: string; secret_token: string | null } | null }[];
  }>(await fetch(`${base}/fake-telegram/__control/bots`));
  const webhook = bots.find((b) => b.username === SHOP)?.webhook;
  if (!webhook?.secret_token) throw new Error(`@${SHOP} has no webhook: is the server in demo mode?`);
  return { path: new URL(webhook.url).pathname, secret: webhook.secret_token };
}

/**
 * What a customer taps, found by browsing once as one (through the fake's control routes): the catalogue, then
 * for each category its page and its first products' cards.
 */
async function browsingTaps(base: string): Promise<string[]> {
  const control = `${base}/fake-telegram/__control`;
  const user = { id: 799_999_999, first_name: 'Bench' };
  const post = (path: string, body: object) =>
    fetch(`${control}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot: SHOP, user, ...body }),
    }).then((r) => json<object>(r));
  const lastKeyboard = async () => {
    const chat = await json<Transcript>(await fetch(`${control}/chat?bot=${SHOP}&userId=${user.id}`));
    const last = chat.entries.findLast((e) => e.type === 'message' && e.from === 'bot');
    const rows = (last?.message?.reply_markup as { inline_keyboard?: { callback_data?: string }[][] })
      ?.inline_keyboard;
    return (rows ?? []).flat().flatMap((b) => (b.callback_data ? [b.callback_data] : []));
  };
  await post('chat/send', { text: '/catalogue' });
  const categories = (await lastKeyboard()).filter((d) => d.startsWith('cat:'));
  const taps: string[] = [];
  for (const category of categories) {
    await post('chat/tap', { data: category });
    const products = (await lastKeyboard()).filter((d) => d.startsWith('product:')).slice(0, 3);
    for (const product of products) taps.push('catalogue', category, product);
    // Browsing happens in one message: back to the categories for the next one.
    await post('chat/tap', { data: 'catalogue' });
  }
  if (taps.length === 0) throw new Error(`@${SHOP} shows no products to browse`);
  return taps;
}

async function transactions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    const { rows } = await client.query<{ n: string }>(
      'select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = $1',
      [name],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** CPU time (user + system, ms) the process has used, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Runs the clients in a worker; `onMeasuring` is called when their warm-up is over. */
function runClients(input: ShopLoadInput, onMeasuring: () => void): Promise<ShopLoadOutput> {
  const worker = new Worker(new URL('./bench-shop-clients.ts', import.meta.url), { workerData: input });
  return new Promise((resolve, reject) => {
    worker.on('message', (message: ShopLoadOutput | 'measuring') => {
      if (message === 'measuring') onMeasuring();
      else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`shop load worker exited with ${code}`)));
  });
}

/** The demo server on a new data dir (or the database given, which must be empty) under catalogue browsing. */
export async function benchShop(opts: {
  serverDir: string;
  port: number;
  /** DATABASE_URL for PostgreSQL; PGlite in a new data dir otherwise. */
  databaseUrl?: string;
  clients?: number;
  seconds?: number;
  waitReady: (url: string, child: ChildProcess) => Promise<void>;
  cpuProfDir?: string;
}): Promise<ShopFigures> {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-shop-'));
  const server = startLoadServer({
    serverDir: opts.serverDir,
    workDir,
    port: opts.port,
    env: {
      DATA_DIR: workDir,
      LOG_LEVEL: 'warn',
      // The runtime's own capacity: Telegram's pace (30 messages a second a bot, one a second a chat) would cap
      // one bot's browsing far below it, and is measured by the burst below instead.
      SHOP_THROTTLE: 'off',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    cpuProfDir: opts.cpuProfDir,
  });
  try {
    await opts.waitReady(`http://127.0.0.1:${opts.port}/readyz`, server.child);
    const base = `http://127.0.0.1:${opts.port}`;
    const webhook = await shopWebhook(base);
    const taps = await browsingTaps(base);
    const input: ShopLoadInput = {
      port: opts.port,
      path: webhook.path,
      secret: webhook.secret,
      taps,
      customers: 1000,
      clients: opts.clients ?? SHOP_CLIENTS,
      warmupMs: 3000,
      durationMs: (opts.seconds ?? 15) * 1000,
    };
    // PostgreSQL's statistics reach pg_stat_database within a second of each transaction.
    await new Promise((r) => setTimeout(r, 1500));
    const before = opts.databaseUrl ? await transactions(opts.databaseUrl) : null;
    const cpu: { before: number | null; after: number | null } = { before: null, after: null };
    const output = await runClients(input, () => {
      markLoadStart(server);
      cpu.before = cpuMs(server.child.pid);
    });
    cpu.after = cpuMs(server.child.pid);
    await new Promise((r) => setTimeout(r, 1500));
    const after = opts.databaseUrl ? await transactions(opts.databaseUrl) : null;
    await server.stop();
    const eventLoop = readEventLoopDelay(server);
    return {
      load: output,
      taps: taps.length,
      statementsPerUpdate:
        before === null || after === null
          ? null
          : Math.round(((after - before) / (output.updates + output.warmupUpdates)) * 10) / 10,
      serverCpuMsPerUpdate:
        cpu.before === null || cpu.after === null
          ? null
          : Math.round(((cpu.after - cpu.before) / output.updates) * 100) / 100,
      eventLoop: eventLoop && { p50: eventLoop.p50, p99: eventLoop.p99, max: eventLoop.max },
    };
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

// --- The burst: 200 customers checking out the same 100-code pool at once -------------------------------------
// Each customer opens the product, adds one to the cart, checks out (checkout claims a code into the order, or
// says it sold out) and pays the Stars invoice; the codes their chats received are counted.

/** The buttons a customer taps, in order, from the product card to the invoice (the cart and checkout features'). */
const CHECKOUT_TAPS: { text?: string; data?: string }[] = [
  { text: '🛒 Add to cart' },
  { text: '🛒 View cart' },
  { text: '✅ Checkout' },
];

export type BurstFigures = {
  customers: number;
  codes: number;
  paid: number;
  /** Customers the checkout told the product had sold out. */
  refused: number;
  /** Customers the shop never sent an invoice (the refused, and any other failure). */
  withoutInvoice: number;
  /** Codes delivered in the chats, and how many of them were delivered twice (must be 0). */
  delivered: number;
  duplicates: number;
  seconds: number;
};

/**
 * On a running demo server: a digital product with `codes` codes in the demo shop, then `customers` customers at
 * once open it, check out and pay; the codes their chats received are counted. Expected: `codes` paid and
 * delivered, the others refused, no code twice.
 */
export async function shopBurst(port: number, customers = 200, codes = 100): Promise<BurstFigures> {
  const base = `http://127.0.0.1:${port}`;
  const control = `${base}/fake-telegram/__control`;
  const { token, vendorId } = await signInDemo(port);
  const api = (path: string, body?: object) =>
    fetch(`${base}/api/v1/vendors/${vendorId}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    }).then((r) => json<Record<string, unknown>>(r));
  const { bots } = (await api('/bots')) as { bots: { id: string; username: string }[] };
  const shopId = bots.find((b) => b.username === SHOP)?.id;
  const { categories } = (await api('/categories')) as { categories: { id: string }[] };
  const pool = Array.from({ length: codes }, (_, i) => `BURST-${String(i + 1).padStart(4, '0')}`);
  const product = (await api('/products', {
    name: 'Burst gift card',
    price: 500,
    categoryId: categories[0]?.id,
    productType: 'digital',
    digital: { digitalType: 'product_key', keyType: 'gift_card' },
    codes: pool,
    botIds: [shopId],
  })) as { id: string };

  const post = (path: string, body: object) =>
    fetch(`${control}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot: SHOP, ...body }),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: customers }, async (_, i) => {
      const user = { id: 810_000_000 + i, first_name: `Burst ${i}` };
      await post('chat/send', { user, text: `/start product_${product.id}` });
      for (const tap of CHECKOUT_TAPS) await post('chat/tap', { user, ...tap });
      // The bot's messages keep Telegram's pace (about 30 a second per bot), so in a burst the invoice or the
      // sold-out line may come a while after the tap: wait for one of them, as a customer would.
      const botTexts = async () => {
        const chat = await json<Transcript>(await fetch(`${control}/chat?bot=${SHOP}&userId=${user.id}`));
        return JSON.stringify(chat.entries.filter((e) => e.type === 'message' && e.from === 'bot'));
      };
      const waitUntil = Date.now() + 120_000;
      while (Date.now() < waitUntil) {
        const texts = await botTexts();
        if (texts.includes('"invoice"') || texts.includes('just sold out')) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const paid = await post('chat/pay', { user, answerTimeoutMs: 10_000 });
      // Delivery follows the payment at the same pace.
      let texts = await botTexts();
      while (paid.paid === true && !pool.some((code) => texts.includes(code)) && Date.now() < waitUntil) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        texts = await botTexts();
      }
      return {
        paid: paid.paid === true,
        invoiced: paid.paid === true || paid.stage === 'pre_checkout',
        soldOut: texts.includes('just sold out'),
        codes: pool.filter((code) => texts.includes(code)),
      };
    }),
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const delivered = outcomes.flatMap((o) => o.codes);
  return {
    customers,
    codes,
    paid: outcomes.filter((o) => o.paid).length,
    refused: outcomes.filter((o) => o.soldOut).length,
    withoutInvoice: outcomes.filter((o) => !o.invoiced).length,
    delivered: delivered.length,
    duplicates: delivered.length - new Set(delivered).size,
    seconds,
  };
}

/** shopBurst on a new demo server (PGlite in a new data dir, or the empty PostgreSQL database given). */
export async function benchShopBurst(opts: {
  serverDir: string;
  port: number;
  databaseUrl?: string;
  waitReady: (url: string, child: ChildProcess) => Promise<void>;
}): Promise<BurstFigures> {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-burst-'));
  const server = startLoadServer({
    serverDir: opts.serverDir,
    workDir,
    port: opts.port,
    env: {
      DATA_DIR: workDir,
      LOG_LEVEL: 'warn',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
  });
  try {
    await opts.waitReady(`http://127.0.0.1:${opts.port}/readyz`, server.child);
    return await shopBurst(opts.port);
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
