import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureDemoData } from './demo/demo-data';
import { createEventDispatchRequester, type RequestEventDispatch } from './jobs/events-dispatch';
import { createJobQueue } from './jobs/job-queue';
import { jobKinds } from './jobs/job-types';
import { registerWorkers } from './jobs/workers';
import { startExitWatchdog } from './lib/exit-watchdog';
import { createSecrets } from './lib/secrets';
import { EVENT_CONSUMERS } from './modules/events/consumers';
import { dispatchPendingEvents } from './modules/events/events.dispatcher';
import { createProductsService } from './modules/products/products.service';
import { createProductsCsvService } from './modules/products/products-csv.service';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { createBotApi } from './telegram/bot-api';
import { createFakeBotApiState } from './telegram/fake-bot-api/state';

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

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const fakeBotApi = config.demo ? createFakeBotApiState() : undefined;
  // One set of keys and one Bot API client, shared by the API, the demo seed and the jobs.
  const secrets = createSecrets(config.appSecret);
  const botApi = createBotApi({ apiRoot: config.telegramApiRoot });
  // The queue starts after the app is built (it logs through it), so requests reach it through this binding.
  let requestEventDispatch: RequestEventDispatch = () => {};
  let enqueueProductImport = (_vendorId: string, _importId: string) => {};
  const app = await buildApp({
    config,
    database,
    secrets,
    botApi,
    requestEventDispatch: () => requestEventDispatch(),
    enqueueProductImport: (vendorId, importId) => enqueueProductImport(vendorId, importId),
    ...(fakeBotApi ? { fakeBotApi } : {}),
  });
  if (fakeBotApi) await ensureDemoData(database.db, fakeBotApi, secrets, app.log, config.platformBotToken);

  // Started before listen so requests can queue jobs; workers start after listen (see registerWorkers).
  const jobs = createJobQueue({ connection: database.connection, kinds: jobKinds, log: app.log });
  await jobs.start();
  requestEventDispatch = createEventDispatchRequester(jobs, app.log);
  enqueueProductImport = (vendorId, importId) => {
    jobs.send('products.import', { vendorId, importId }).catch((err: unknown) => {
      app.log.error({ err, importId }, 'could not queue a product import');
    });
  };
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
  await registerWorkers(jobs, {
    db: database.db,
    botApi,
    secrets,
    log: app.log,
    runProductImport: (vendorId, importId) => productImports.run(vendorId, importId),
    dispatchEvents: async () => {
      await dispatchPendingEvents(database.db, EVENT_CONSUMERS, { log: app.log });
    },
  });
  const url = config.publicUrl;
  const ms = Math.round(performance.now() - started);
  app.log.info({ url, database: database.kind, demo: config.demo, startupMs: ms }, 'ready');
  console.log(
    `\n  Bot shop back-office is ready in ${ms} ms${config.demo ? ' (demo mode)' : ''}\n  Open ${url}\n`,
  );
}

await main();
