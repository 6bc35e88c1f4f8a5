/**
 * Campaigns in `npm run bench` (issue 20, "Performance"): one campaign to BENCH_CAMPAIGN_CUSTOMERS (10,000)
 * customers of one bot, sent through the in-process fake Bot API, which enforces BENCH_CAMPAIGN_RATE (30)
 * messages a second for the bot (429 with retry_after beyond it) and answers a 429 (retry_after 1) about once a
 * minute besides. Half-way the run is killed (aborted mid-flight, leaving its in-flight messages claimed) and a
 * fresh app on the same database resumes it, as the job's retry would after a crash. Reports the wall time
 * against the floor (customers / rate), the CPU of this process per message (server and fake together: they
 * share the process), and from the fake's transcript: customers messaged twice, customers missed.
 * On PGlite (a temporary data folder); run alone (`node --import tsx scripts/bench-campaigns.ts`), on PostgreSQL when
 * BENCH_DATABASE_URL is set (the database is used as is: give it an empty one). BENCH_CAMPAIGN_RATE shortens the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import type { Config } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { customerBots, customers } from '../apps/server/src/db/schema/index';
import { startFakeBotApi } from '../apps/server/src/fakes/bot-api/server';
import { signInitData } from '../apps/server/src/lib/telegram/init-data';
import { TELEGRAM_RETRY } from '../apps/server/src/lib/telegram/retry';
import { botPace, createTelegramThrottle, TELEGRAM_LIMITS } from '../apps/server/src/lib/telegram/throttle';

const PLATFORM_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const SHOP_TOKEN = '7300000001:AAbenchcampaignsxxxxxxxxxxxxxxxxxxx';

export type CampaignFigures = {
  customers: number;
  ratePerSecond: number;
  floorS: number;
  wallS: number;
  overFloorPct: number;
  cpuMsPerMessage: number;
  refused429: number;
  interruptedInFlight: number;
  duplicates: number;
  missed: number;
  database: string;
};

function configOf(apiRoot: string, databaseUrl: string | undefined): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl,
    demo: false,
    platformBotToken: PLATFORM_TOKEN,
    telegramApiRoot: apiRoot,
    publicUrl: 'https://shop.example.test',
    appSecret: 'bench-app-secret-that-is-long-enough-0123456789',
    initDataMaxAgeS: 86_400,
    logLevel: 'silent',
    corsOrigins: [],
    trustProxy: false,
    rateLimitPerMinute: 100_000,
    starsPerUsd: 77,
    shopCatalogueCacheMs: 0,
    readCacheMs: 0,
    shopThrottle: true,
    telegramRetry: TELEGRAM_RETRY,
    webhooksAllowPrivate: false,
    redisUrl: undefined,
    s3: null,
    nowPayments: null,
    smtpUrl: null,
    mailFrom: 'Bench <bench@localhost>',
    cardProvider: null,
  } as unknown as Config;
}

export async function benchCampaigns(
  report: (line: string) => void = console.log,
  options: { databaseUrl?: string } = {
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  },
): Promise<CampaignFigures> {
  const n = Number(process.env.BENCH_CAMPAIGN_CUSTOMERS ?? 10_000);
  const rate = Number(process.env.BENCH_CAMPAIGN_RATE ?? 30);
  const fake = await startFakeBotApi();
  fake.state.registerBot({ token: PLATFORM_TOKEN, username: 'bench_platform_bot', firstName: 'Platform' });
  fake.state.registerBot({ token: SHOP_TOKEN, username: 'bench_campaign_bot', firstName: 'Shop' });
  const databaseUrl = options.databaseUrl;
  const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'bench-campaigns-'));
  const database = await openDatabase({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  await database.migrate();
  const config = configOf(fake.url, databaseUrl);
  // Telegram's limits, with the bot's pace at the rate measured.
  const throttleAt = () => createTelegramThrottle({ ...TELEGRAM_LIMITS, bot: botPace(rate) });
  const build = () => buildApp({ config, database, webDistDir: null, telegramThrottle: throttleAt() });
  let app = await build();
  await app.ready();

  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/telegram',
    payload: { init_data: signInitData({ id: 900_000_001, first_name: 'Bench' }, PLATFORM_TOKEN) },
  });
  const { accessToken, vendor } = signIn.json() as { accessToken: string; vendor: { id: string } };
  const headers = { authorization: `Bearer ${accessToken}` };
  const base = `/api/v1/vendors/${vendor.id}`;
  const created = await app.inject({
    method: 'POST',
    url: `${base}/bots`,
    headers,
    payload: { botToken: SHOP_TOKEN, botName: 'Bench Shop', plan: 'PRO' },
  });
  if (created.statusCode !== 201) throw new Error(`bot: ${created.statusCode} ${created.body}`);
  const botId = (created.json() as { id: string }).id;

  // The customers, straight into the tables (the seed is not what is measured).
  for (let i = 0; i < n; i += 1000) {
    const rows = await database.db
      .insert(customers)
      .values(
        Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
          vendorId: vendor.id,
          telegramId: 500_000_000 + i + k,
          firstName: `Customer ${i + k}`,
        })),
      )
      .returning({ id: customers.id });
    await database.db
      .insert(customerBots)
      .values(rows.map((r) => ({ vendorId: vendor.id, customerId: r.id, botId })));
  }

  const res = await app.inject({
    method: 'POST',
    url: `${base}/campaigns`,
    headers,
    payload: {
      botId,
      text: '<b>Bench sale</b>: everything 20% off this week',
      buttons: [{ kind: 'shop', text: 'Open the shop' }],
      segment: 'all',
    },
  });
  if (res.statusCode !== 201) throw new Error(`campaign: ${res.statusCode} ${res.body}`);
  const campaignId = (res.json() as { id: string }).id;

  fake.state.limitFlood({ perSecond: rate, token: SHOP_TOKEN, retryAfter: 1 });
  let injected = 0;
  const chaos = setInterval(() => {
    injected += 1;
    fake.state.failCalls({
      method: 'sendMessage',
      token: SHOP_TOKEN,
      times: 1,
      errorCode: 429,
      retryAfter: 1,
    });
  }, 60_000);

  const cpu0 = process.cpuUsage();
  const started = performance.now();
  // The kill: half-way, the run stops dead (what it had claimed stays claimed), and a new app resumes.
  const kill = new AbortController();
  const killAt = setInterval(() => {
    if (fake.state.messages.length >= n / 2) kill.abort();
  }, 100);
  await app.runCampaign(vendor.id, campaignId, { signal: kill.signal, sliceMs: 3_600_000 });
  clearInterval(killAt);
  report(
    `  campaign killed after ${fake.state.messages.length} messages, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await app.close();
  app = await build();
  await app.ready();
  for (;;) {
    const { done } = await app.runCampaign(vendor.id, campaignId);
    if (done) break;
  }
  const wallS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(chaos);

  const perChat = new Map<number, number>();
  for (const m of fake.state.messages) {
    if (m.token !== SHOP_TOKEN) continue;
    const chatId = Number(m.message.chat.id);
    perChat.set(chatId, (perChat.get(chatId) ?? 0) + 1);
  }
  let duplicates = 0;
  let missed = 0;
  for (let i = 0; i < n; i++) {
    const got = perChat.get(500_000_000 + i) ?? 0;
    if (got > 1) duplicates += 1;
    if (got === 0) missed += 1;
  }
  const progress = await app.inject({ method: 'GET', url: `${base}/campaigns/${campaignId}`, headers });
  const states = await database.db.execute(
    (await import('drizzle-orm'))
      .sql`select state, count(*)::int as n from campaign_recipients group by state`,
  );
  report(`  recipients by state: ${JSON.stringify((states as unknown as { rows: unknown[] }).rows)}`);
  report(`  progress: ${progress.body}`);
  const interrupted = (states as unknown as { rows: { state: string; n: number }[] }).rows.find(
    (r) => r.state === 'unknown',
  );
  const floorS = (n - Math.min(rate, 30)) / rate;
  const figures: CampaignFigures = {
    customers: n,
    ratePerSecond: rate,
    floorS,
    wallS,
    overFloorPct: ((wallS - floorS) / floorS) * 100,
    cpuMsPerMessage: (cpu.user + cpu.system) / 1000 / n,
    refused429: fake.state.floodRefusals + injected,
    interruptedInFlight: Number(interrupted?.n ?? 0),
    duplicates,
    missed,
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
  };
  report(
    `campaign to ${n} customers at ${rate}/s on ${figures.database}: ${wallS.toFixed(1)} s (floor ${floorS.toFixed(1)} s, ` +
      `${figures.overFloorPct.toFixed(1)}% over), CPU ${figures.cpuMsPerMessage.toFixed(2)} ms/message (server + fake), ` +
      `429s ${figures.refused429} (flood ${fake.state.floodRefusals}, injected ${injected}), killed+resumed with ` +
      `${figures.interruptedInFlight} in flight, duplicates ${duplicates}, missed ${missed}`,
  );
  await app.close();
  await database.close();
  await fake.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchCampaigns();
}
