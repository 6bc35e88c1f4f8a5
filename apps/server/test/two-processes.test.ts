import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from './local-s3';
import { makeImage, multipartBody } from './media';
import { TEST_REDIS_URL } from './redis-proxy';
import { waitFor } from './wait-for';

/**
 * Two server processes on one PostgreSQL and one Redis, behind no proxy, as several processes behind a load
 * balancer would run (README "Scaling"): they behave as one server. Demo mode, so the demo vendor is there to
 * sign in as; each process has its own in-process fake Bot API.
 */
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `two_processes_${process.pid}_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();
const RATE_LIMIT = 40;
const children: ChildProcess[] = [];
let s3: Awaited<ReturnType<typeof startLocalS3>>;
const dirs: string[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A port free now (demo mode's fake Bot API is served at the server's own PORT, so it cannot be 0). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts a server process and answers its base URL once it is ready. */
async function startServer(): Promise<string> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'two-processes-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      // The same key material in both: a token one signs is good at the other, as behind a load balancer.
      APP_SECRET: 'two-processes-test-secret-0123456789abcdef',
      // Kept answers would hide a change made through the other process for a minute without the notices.
      READ_CACHE_MS: '60000',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      // Each request names its own client address, so the rate-limit part starts from a fresh count.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`not ready within 90 s: ${seen.slice(-2000)}`)), 90_000);
    const read = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('is ready in')) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${seen.slice(-2000)}`)));
  });
}

let one: string;
let other: string;
let auth: { token: string; vendorId: string };
let clientAddress = 0;
/** The bot the first test stops. */
let stoppedBotId = '';

/** A call as the demo vendor from its own client address (X-Forwarded-For; TRUST_PROXY is on). */
async function call(base: string, method: string, path: string, body?: unknown, address = 'one') {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${auth.token}`,
      'x-forwarded-for': address === 'one' ? '10.0.0.1' : address,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

beforeAll(async () => {
  await admin(`create database ${database}`);
  s3 = await startLocalS3();
  // One after the other: the first migrates and seeds the demo vendor, the second finds them there.
  one = await startServer();
  other = await startServer();
  const { initData } = (await (await fetch(`${one}/api/v1/demo/init-data`)).json()) as { initData: string };
  const login = (await (
    await fetch(`${one}/api/v1/auth/telegram`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ init_data: initData }),
    })
  ).json()) as { accessToken: string; vendor: { id: string } };
  auth = { token: login.accessToken, vendorId: login.vendor.id };
}, 200_000);

afterAll(async () => {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await admin(`drop database if exists ${database} with (force)`);
  await s3?.close();
}, 60_000);

describe('two server processes on one PostgreSQL and Redis', () => {
  it("a change through one is seen by the other's next read, though that read was kept", async () => {
    const vendor = `/vendors/${auth.vendorId}`;
    const before = await call(other, 'GET', `${vendor}/dashboard/bots`);
    expect(before.status).toBe(200);
    const bots = before.body.bots as { id: string; isActive: boolean }[];
    const running = bots.find((b) => b.isActive);
    if (!running) throw new Error('the demo vendor has no running bot');

    stoppedBotId = running.id;
    const stopped = await call(one, 'POST', `${vendor}/bots/${running.id}/stop`, {});
    expect(stopped.status).toBe(200);

    const after = await call(other, 'GET', `${vendor}/dashboard/bots`);
    expect(after.body.online).toBe((before.body.online as number) - 1);
    const bot = (after.body.bots as { id: string; isActive: boolean }[]).find((b) => b.id === running.id);
    expect(bot?.isActive).toBe(false);
  });

  it("the change's job runs once: one activity item for the stop, whichever process dispatched it", async () => {
    const vendor = `/vendors/${auth.vendorId}`;
    const stops = async (base: string) => {
      const feed = await call(base, 'GET', `${vendor}/dashboard/activity?limit=50`);
      const items = feed.body as unknown as { event: string; botId: string | null }[];
      return items.filter((i) => i.event === 'bot.stopped' && i.botId === stoppedBotId).length;
    };
    await waitFor('the stop in the activity feed', async () => (await stops(one)) > 0);
    // Both processes work the queue; give a second dispatch the time it would take, then count.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await stops(one)).toBe(1);
    expect(await stops(other)).toBe(1);
  });

  it('an image uploaded through one is served by the other (S3-compatible storage)', async () => {
    const image = await makeImage('png');
    const body = multipartBody({ name: 'shared.png', data: image, type: 'image/png' });
    const res = await fetch(`${one}/api/v1/vendors/${auth.vendorId}/upload/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth.token}`, 'x-forwarded-for': '10.0.0.1', ...body.headers },
      body: body.payload,
    });
    expect(res.status).toBe(201);
    const { url, thumbnailUrl } = (await res.json()) as { url: string; thumbnailUrl: string };
    for (const path of [url, thumbnailUrl]) {
      const served = await fetch(new URL(path, other));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
    }
    const original = await fetch(new URL(url, other));
    expect(Buffer.from(await original.arrayBuffer()).length).toBe(image.length);
  });

  it('a rate limit counts one address across both', async () => {
    // A fresh address; away from the end of the minute, whose window would start the count again.
    clientAddress += 1;
    const address = `10.1.0.${clientAddress}`;
    const secondOfMinute = new Date().getSeconds();
    if (secondOfMinute > 50) await new Promise((r) => setTimeout(r, (61 - secondOfMinute) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 1; i += 1) {
      const res = await call(i % 2 === 0 ? one : other, 'GET', '/auth/verify', undefined, address);
      statuses.push(res.status);
    }
    // Each process alone would allow RATE_LIMIT; together they allow RATE_LIMIT in all.
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s !== 429)).toBe(true);
    expect(statuses[RATE_LIMIT]).toBe(429);
  });
});
