import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import type { Config } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { type InitDataUser, signInitData } from '../src/lib/telegram/init-data';
import { listEvents } from '../src/modules/events/events.repository';

/** The platform bot token of the tests (the public example of SECURITY.md). */
export const TEST_BOT_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    demo: false,
    platformBotToken: TEST_BOT_TOKEN,
    telegramApiRoot: 'http://127.0.0.1:9/unused',
    publicUrl: 'https://shop.example.test',
    appSecret: 'test-app-secret-that-is-long-enough-0123456789',
    initDataMaxAgeS: 86_400,
    logLevel: 'silent',
    corsOrigins: [],
    trustProxy: false,
    rateLimitPerMinute: 600,
    starsPerUsd: 77,
    // Tests see every catalogue change at once; the cache has tests of its own.
    shopCatalogueCacheMs: 0,
    // Likewise every change reaches the next read; the read cache has tests of its own.
    readCacheMs: 0,
    // No pacing of the shop's messages: tests send bursts to one chat (the throttle has tests of its own; a
    // process-wide pace also carried from one test to the next).
    shopThrottle: false,
    // Telegram's failures are tried again after 10 ms, not seconds (the retry has tests of its own): the outage
    // tests let a call fail through every try.
    telegramRetry: { delaysMs: [10, 10], maxRetryAfterS: 10 },
    // Like production: webhooks reach public addresses only (tests that deliver to a local receiver turn it on).
    webhooksAllowPrivate: false,
    // Rate limits count in memory (the Redis store has tests of its own).
    redisUrl: undefined,
    s3: null,
    nowPayments: {
      apiUrl: 'http://127.0.0.1:9/unused-nowpayments',
      apiKey: 'test-nowpayments-key',
      ipnSecret: 'test-nowpayments-ipn-secret',
    },
    // No e-mail unless a test starts a catcher (fakes/mail-catcher.ts) and passes its URL.
    smtpUrl: null,
    mailFrom: 'Bot Shop <test@localhost>',
    // No card provider unless a test starts the fake one (test/billing.ts).
    cardProvider: null,
    ...overrides,
  };
}

let shared: Promise<Database> | undefined;

/**
 * One database per test worker (test files share a worker's modules: vitest.config.ts has isolate off): in
 * memory by default, or a PostgreSQL database of its own per worker when TEST_DATABASE_URL is set. Tests call
 * resetDatabase() between them (createTestApp does).
 */
export function getTestDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return openEmbeddedTestDatabase();
    const database = await openDatabase({ databaseUrl: await workerDatabase(url), dataDir: null });
    await database.migrate();
    return database;
  })();
  return shared;
}

/** A new migrated PGlite in memory, loaded from the run's template (global-setup.ts) when there is one. */
export async function openEmbeddedTestDatabase(): Promise<Database> {
  const template = inject('pgliteTemplate');
  const database = await openDatabase({ dataDir: null, ...(template ? { template } : {}) });
  // The template was migrated by this run's global setup.
  if (!template) await database.migrate();
  return database;
}

async function workerDatabase(baseUrl: string): Promise<string> {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || 'test'}_w${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

const tablesOf = new WeakMap<Database, Promise<string[]>>();

/**
 * Empties every table of the public schema (the migrations' bookkeeping lives in its own schema). A test fills
 * a handful of the schema's tables, and truncating one costs about a millisecond whether it holds rows or not:
 * one query finds the tables with rows, and only those are truncated (with what references them).
 */
export async function resetDatabase(database: Database): Promise<void> {
  let tables = tablesOf.get(database);
  if (!tables) {
    tables = rowsOf<{ tablename: string }>(
      database,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    ).then((rows) => rows.map((r) => `"${r.tablename}"`));
    tablesOf.set(database, tables);
  }
  const all = await tables;
  if (all.length === 0) return;
  const probe = all.map((t) => `select '${t}' as t where exists (select from ${t})`).join(' union all ');
  const filled = (await rowsOf<{ t: string }>(database, sql.raw(probe))).map((r) => r.t);
  if (filled.length > 0) await database.db.execute(sql.raw(`truncate ${filled.join(', ')} cascade`));
}

async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type TestApp = { app: FastifyInstance; database: Database; config: Config };

export async function createTestApp(
  opts: {
    config?: Partial<Config>;
    /** Registers test-only routes before the app is ready. */
    extend?: (app: FastifyInstance) => Promise<void>;
  } & Pick<
    AppDeps,
    | 'now'
    | 'findStaffGrant'
    | 'onRoute'
    | 'botApi'
    | 'storage'
    | 'rateLimitStore'
    | 'enqueueDelivery'
    | 'exportStorage'
    | 'telegramThrottle'
    | 'mailer'
    | 'vapid'
  > = {},
): Promise<TestApp> {
  const database = await getTestDatabase();
  await resetDatabase(database);
  const { config: overrides, extend, ...deps } = opts;
  const config = testConfig(overrides);
  const app = await buildApp({ ...deps, config, database, webDistDir: null });
  if (deps.now) appClocks.set(app, deps.now);
  await extend?.(app);
  await app.ready();
  return { app, database, config };
}

// An app built with an injected clock: its callers sign their init data at that clock's time, as a real
// client's is signed at the server's "now" (the server refuses init data from the future or too old).
const appClocks = new WeakMap<FastifyInstance, () => Date>();

let nextTelegramId = 1_000_000;

export function telegramUser(overrides: Partial<InitDataUser> = {}): InitDataUser {
  nextTelegramId += 1;
  return {
    id: nextTelegramId,
    first_name: 'Test',
    last_name: 'Vendor',
    username: `vendor${nextTelegramId}`,
    ...overrides,
  };
}

/** Signs in a new Telegram user and answers their tokens and vendor. */
export async function signIn(app: FastifyInstance, user: InitDataUser = telegramUser()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/telegram',
    payload: {
      init_data: signInitData(user, TEST_BOT_TOKEN, { authDate: appClocks.get(app)?.() ?? new Date() }),
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { user, ...(res.json() as import('@app/contracts/auth').LoginResponse) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A bot's domain events, newest first (the audit trail), for tests that check what a change recorded. */
export async function eventsOf(database: Database, vendorId: string, botId: string) {
  return listEvents(database.db, vendorId, { botIds: 'all', botId, limit: 50 });
}
