import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureDemoData } from './demo/demo-data';
import { startSubscriptionExpiryJob } from './jobs/subscription-expiry';
import { createSecrets } from './lib/secrets';
import { createBotApi } from './telegram/bot-api';
import { createFakeBotApiState } from './telegram/fake-bot-api/state';

/** Starts the product: config, database and migrations, demo data in demo mode, then listen. */
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
  const app = await buildApp({ config, database, secrets, botApi, ...(fakeBotApi ? { fakeBotApi } : {}) });
  if (fakeBotApi) await ensureDemoData(database.db, fakeBotApi, secrets, app.log);

  let expiryJob: { stop(): Promise<void> } | undefined;
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await expiryJob?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // After listen: in demo mode the Bot API the job calls is this server's own fake.
  expiryJob = startSubscriptionExpiryJob({
    db: database.db,
    botApi,
    secrets,
    log: app.log,
  });
  const url = config.publicUrl;
  const ms = Math.round(performance.now() - started);
  app.log.info({ url, database: database.kind, demo: config.demo, startupMs: ms }, 'ready');
  console.log(
    `\n  Bot shop back-office is ready in ${ms} ms${config.demo ? ' (demo mode)' : ''}\n  Open ${url}\n`,
  );
}

await main();
