import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { OrderPendingDelivery } from '@app/contracts/orders';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { createPgVendorChanges } from './db/vendor-change-notices';
import { DEMO_SHOP_USERNAME, ensureDemoData } from './demo/demo-data';
import { EVENT_CONSUMERS } from './event-consumers';
import { createFakeBotApiState } from './fakes/bot-api/state';
import { createFakeCardProviderState } from './fakes/card-provider';
import { createFakeNowPaymentsState } from './fakes/nowpayments';
import { createEventDispatchRequester, type RequestEventDispatch } from './jobs/events-dispatch';
import { createJobQueue } from './jobs/job-queue';
import { type JobData, jobKinds } from './jobs/job-types';
import { pendingDeliveryOf } from './jobs/pending-delivery';
import { registerWorkers } from './jobs/workers';
import { createCardProvider } from './lib/card-provider';
import { startExitWatchdog } from './lib/exit-watchdog';
import { createNowPayments, createNowPaymentsPayouts } from './lib/nowpayments';
import { createMemoryRateLimitStore } from './lib/rate-limit-store';
import type { connectRedis } from './lib/redis';
import { createRedisRateLimitStore } from './lib/redis-rate-limit-store';
import { createSecrets } from './lib/secrets';
import { createBotApi } from './lib/telegram/bot-api';
import { setPlatformWebhook } from './lib/telegram/platform-webhook';
import { dispatchPendingEvents } from './modules/events/events.dispatcher';
import { exportReadyNotice } from './modules/exports/export-notice';
import { createExportsService } from './modules/exports/exports.service';
import { createLocalStorage } from './modules/media/storage';
import { createProductsService } from './modules/products/products.service';
import { createProductsCsvService } from './modules/products/products-csv.service';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { webhookDisabledNotice } from './modules/webhooks/webhook-notice';
import { createWebhookRuns } from './modules/webhooks/webhooks.service';

/** On SIGTERM, running jobs get this long to finish; those still running then are retried elsewhere. */
const JOB_GRACE_MS = 10_000;
/** Whatever hangs during shutdown (a job, a socket, the logger), the process is gone this long after the signal. */
const SHUTDOWN_DEADLINE_MS = 15_000;
/** Once everything is closed, the process normally ends by itself; after this long it is told to. */
const EXIT_GRACE_MS = 1_000;

/** Starts the product: config, database and migrations, job queue, demo data in demo mode, then listen. */
async function main() {
  const started = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // A first start takes a while (the database created, the demo data seeded): say what is happening.
  const progress = (line: string) => console.log(`  … ${line}`);
  progress('opening the database and bringing its schema up to date');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // A demo runs for days: the fake keeps the newest calls and chat lines only.
  const fakeBotApi = config.demo ? createFakeBotApiState([], { calls: 5000, chatEntries: 500 }) : undefined;
  // Demo mode: the platform bot exists in the fake Bot API (it sells plans for Stars), and a fake crypto
  // provider answers Litecoin payments.
  fakeBotApi?.registerBot({
    token: config.platformBotToken,
    username: 'demo_platform_bot',
    firstName: 'Platform',
  });
  const fakeNowPayments = config.demo ? createFakeNowPaymentsState() : undefined;
  // E-mail: SMTP_URL, or in demo mode an in-process catcher whose mailbox page shows what was sent.
  // Loaded only when used: the SMTP libraries are not small, and start-up time counts.
  const mailCatcher =
    config.demo && !config.smtpUrl
      ? await (await import('./fakes/mail-catcher')).startMailCatcher()
      : undefined;
  const smtpUrl = config.smtpUrl ?? mailCatcher?.url;
  const mailer = smtpUrl
    ? (await import('./lib/mailer')).createMailer({ smtpUrl, from: config.mailFrom })
    : undefined;
  // Web Push: the VAPID keys kept in DATA_DIR (made on first start), and the sender of the notifications job.
  const webPush = await import('./lib/web-push');
  const vapid = webPush.readOrCreateVapidKeys(config.dataDir);
  const pushSender = webPush.createPushSender({
    vapid,
    subject: config.publicUrl.startsWith('https:') ? config.publicUrl : 'mailto:push@example.invalid',
    allowPrivate: config.webhooksAllowPrivate,
  });
  // Demo mode without a card provider configured: a fake one, served in process (fakes/card-provider.ts).
  const fakeCardProvider =
    config.demo && config.cardProvider?.browserUrl === '/fake-card-provider'
      ? createFakeCardProviderState()
      : undefined;
  // One set of keys and one Bot API client, shared by the API, the demo seed and the jobs.
  const secrets = createSecrets(config.appSecret);
  const botApi = createBotApi({ apiRoot: config.telegramApiRoot });
  // Uploads in the S3-compatible bucket when configured (several processes serve each other's), else the folder.
  // The S3 client and the Redis client are loaded only when configured (some 55 MiB an embedded setup never uses).
  const storage = config.s3
    ? (await import('./modules/media/s3-storage')).createS3Storage(config.s3)
    : createLocalStorage(join(config.dataDir, 'media'));
  // Several processes share rate limits through Redis when it is configured (README "Scaling"). Its outages are
  // logged through the app's logger once there is one.
  let log: Parameters<typeof connectRedis>[1] = {
    warn: (obj, msg) => console.warn(msg, obj),
    info: (msg) => console.log(msg),
  };
  const logThrough: typeof log = { warn: (obj, msg) => log.warn(obj, msg), info: (msg) => log.info(msg) };
  const redis = config.redisUrl
    ? (await import('./lib/redis')).connectRedis(config.redisUrl, logThrough)
    : null;
  const rateLimitStore = redis
    ? createRedisRateLimitStore({ redis, fallback: createMemoryRateLimitStore() })
    : createMemoryRateLimitStore();
  // On PostgreSQL several processes may serve the API: a change made through one drops the kept reads of all.
  const vendorChanges = config.databaseUrl
    ? await createPgVendorChanges(config.databaseUrl, logThrough)
    : undefined;
  // The queue starts after the app is built (it logs through it), so requests reach it through this binding.
  let requestEventDispatch: RequestEventDispatch = () => {};
  let enqueueProductImport = (_vendorId: string, _importId: string) => {};
  let enqueueBotResume = async (_vendorId: string, _botId: string): Promise<unknown> => undefined;
  let enqueueWebhookRun = async (_run: { vendorId: string; webhookId: string }): Promise<unknown> =>
    undefined;
  let enqueueDelivery = async (_owed: JobData['shop.deliver']): Promise<unknown> => undefined;
  let pendingDelivery = async (_orderId: string): Promise<OrderPendingDelivery | null> => null;
  let enqueueExportRun = async (_run: { vendorId: string; exportId: string }): Promise<unknown> => undefined;
  let enqueueCampaignRun = async (
    _run: { vendorId: string; campaignId: string },
    _startAfter?: Date,
  ): Promise<unknown> => undefined;
  const app = await buildApp({
    config,
    database,
    secrets,
    botApi,
    storage,
    rateLimitStore,
    mailer,
    vapid,
    ...(vendorChanges ? { vendorChanges } : {}),
    requestEventDispatch: () => requestEventDispatch(),
    enqueueProductImport: (vendorId, importId) => enqueueProductImport(vendorId, importId),
    enqueueBotResume: (vendorId, botId) => enqueueBotResume(vendorId, botId),
    enqueueWebhookRun: (run) => enqueueWebhookRun(run),
    enqueueDelivery: (owed) => enqueueDelivery(owed),
    pendingDeliveryOf: (orderId) => pendingDelivery(orderId),
    enqueueExportRun: (run) => enqueueExportRun(run),
    enqueueCampaignRun: (run, startAfter) => enqueueCampaignRun(run, startAfter),
    ...(fakeBotApi ? { fakeBotApi } : {}),
    ...(fakeNowPayments ? { fakeNowPayments } : {}),
    ...(mailCatcher ? { mailCatcher } : {}),
    ...(fakeCardProvider ? { fakeCardProvider } : {}),
  });
  log = { warn: (obj, msg) => app.log.warn(obj, msg), info: (msg) => app.log.info(msg) };
  if (fakeBotApi) {
    await ensureDemoData(
      database.db,
      fakeBotApi,
      secrets,
      app.log,
      config.platformBotToken,
      config.publicUrl,
      progress,
    );
  }

  // Started before listen so requests can queue jobs; workers start after listen (see registerWorkers).
  const jobs = createJobQueue({ connection: database.connection, kinds: jobKinds, log: app.log });
  await jobs.start();
  requestEventDispatch = createEventDispatchRequester(jobs, app.log);
  enqueueProductImport = (vendorId, importId) => {
    jobs.send('products.import', { vendorId, importId }).catch((err: unknown) => {
      app.log.error({ err, importId }, 'could not queue a product import');
    });
  };
  enqueueBotResume = (vendorId, botId) => jobs.send('bots.resume', { vendorId, botId });
  enqueueWebhookRun = (run) => jobs.send('webhooks.deliver', run);
  enqueueExportRun = (run) => jobs.send('exports.run', run);
  enqueueCampaignRun = (run, startAfter) =>
    jobs.send('campaigns.send', run, { singletonKey: run.campaignId, ...(startAfter ? { startAfter } : {}) });
  // Data exports' files, as the exports.run job writes them (and the account purge removes them).
  const exportStorage = createLocalStorage(join(config.dataDir, 'exports'));
  const exportRuns = createExportsService({
    db: database.db,
    storage: exportStorage,
    linkKey: secrets.jwtKey,
    notifyDone: exportReadyNotice({
      apiRoot: config.telegramApiRoot,
      token: config.platformBotToken,
      publicUrl: config.publicUrl,
    }),
    log: app.log,
  });
  // Outbound webhooks' delivery runs, as the jobs call them.
  const webhookRuns = createWebhookRuns({
    db: database.db,
    secrets,
    allowPrivate: config.webhooksAllowPrivate,
    enqueueRun: (run) => jobs.send('webhooks.deliver', run),
    notifyDisabled: webhookDisabledNotice({
      botApi,
      token: config.platformBotToken,
      publicUrl: config.publicUrl,
    }),
    log: app.log,
  });
  // One delivery job per order: a second failure of the same order while one waits queues nothing more.
  enqueueDelivery = (owed) => jobs.send('shop.deliver', owed, { singletonKey: owed.orderId });
  pendingDelivery = (orderId) => pendingDeliveryOf(jobs, orderId);
  // The import job's writer: the same catalogue services the API uses.
  const catalogue = createProductsService({
    db: database.db,
    subscriptions: createSubscriptionsService({ db: database.db }),
  });
  const productImports = createProductsCsvService({ db: database.db, products: catalogue });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const watchdog = startExitWatchdog(SHUTDOWN_DEADLINE_MS);
    app.log.info({ signal }, 'shutting down');
    try {
      // Jobs first, while HTTP still answers: in demo mode a running job calls this server's own fake Bot API.
      // Requests still in flight may queue jobs: the queue takes them until jobs.close().
      await jobs.stop({ timeoutMs: JOB_GRACE_MS });
      await app.close();
      await jobs.close();
      redis?.disconnect();
      await vendorChanges?.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exitCode = 1;
    }
    // Not process.exit() at once: pino writes asynchronously, and exit() runs its synchronous flush, which spins
    // forever when stdout's reader is gone and the write that would have told pino so has not come back yet.
    // With everything closed, the process ends by itself after pino's last write; if some handle still keeps
    // it alive, exit() after a moment, and if that hangs in the logger, the watchdog ends it.
    watchdog.reset(EXIT_GRACE_MS + 1_000);
    setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
  };
  // `once`: a second Ctrl-C or SIGTERM meets the default handler and ends the process at once.
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The platform bot's updates (plan payments in Stars) come to /telegram/platform-webhook. After listen: in
  // demo mode the Bot API is this server's own fake. Not awaited: a slow Telegram must not hold back the
  // workers; a failure is logged and Stars payments wait for the next start.
  setPlatformWebhook(botApi, {
    token: config.platformBotToken,
    publicUrl: config.publicUrl,
    appSecret: config.appSecret,
  }).catch((err: unknown) => {
    app.log.error({ err: err instanceof Error ? err.message : String(err) }, 'platform webhook not set');
  });
  await registerWorkers(jobs, {
    db: database.db,
    botApi,
    secrets,
    storage,
    platformBotToken: config.platformBotToken,
    publicUrl: config.publicUrl,
    log: app.log,
    mailer,
    push: pushSender,
    runProductImport: (vendorId, importId) => productImports.run(vendorId, importId),
    cardProvider: config.cardProvider ? createCardProvider(config.cardProvider) : null,
    cryptoPayouts: config.nowPayments ? createNowPaymentsPayouts(config.nowPayments) : null,
    cryptoProvider: config.nowPayments ? createNowPayments(config.nowPayments) : null,
    starsPerUsd: config.starsPerUsd,
    webhooks: webhookRuns,
    deliverOwed: (owed, attempt) => app.deliverOwed(owed, attempt),
    runExport: exportRuns.run,
    runCampaign: (vendorId, campaignId) => app.runCampaign(vendorId, campaignId),
    remindAbandonedCarts: () => app.remindAbandonedCarts(),
    alertUnansweredSupport: () => app.alertUnansweredSupport(),
    sweepExports: exportRuns.sweepExpired,
    exportStorage,
    dispatchEvents: () =>
      dispatchPendingEvents(database.db, EVENT_CONSUMERS, {
        log: app.log,
        onDispatched: (vendorIds) => void app.vendorChanges.announce(vendorIds),
      }),
  });
  // Demo mode: the shops' Stars screens reconciled at once, not at the next hourly sync.
  if (config.demo) await jobs.send('billing.stars-sync', {});
  const url = config.publicUrl;
  const ms = Math.round(performance.now() - started);
  app.log.info({ url, database: database.kind, demo: config.demo, startupMs: ms }, 'ready');
  const chatPage = `${url}/fake-telegram/__control/chat-page?bot=${DEMO_SHOP_USERNAME}`;
  console.log(
    `\n  Bot shop back-office is ready in ${ms} ms${config.demo ? ' (demo mode)' : ''}\n  Open ${url}\n` +
      (config.demo ? `  Shop as a customer in the demo shop bot: ${chatPage}\n` : '') +
      (mailCatcher ? `  E-mails sent in demo mode: ${url}/fake-mail/__control/mailbox\n` : ''),
  );
}

await main();
