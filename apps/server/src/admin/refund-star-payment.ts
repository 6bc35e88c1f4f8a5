// An operator's command: refunds a completed Telegram Stars payment and takes its period back.
//   npm run refund:stars -w apps/server -- <payment id>
// Uses the same configuration as the server (DATABASE_URL or DATA_DIR, TELEGRAM_BOT_TOKEN, …).
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createBotApi } from '../lib/telegram/bot-api';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';

const paymentId = process.argv[2];
if (!paymentId) {
  console.error('Usage: refund-star-payment <payment id>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const db = database.db;
  const payments = createPaymentsService({
    db,
    botApi: createBotApi({ apiRoot: config.telegramApiRoot }),
    platformBotToken: config.platformBotToken,
    publicUrl: config.publicUrl,
    starsPerUsd: config.starsPerUsd,
    crypto: null,
    subscriptions: createSubscriptionsService({ db }),
    bots: { namesOf: async () => [] },
  });
  await payments.refundStars(paymentId);
  console.log(`Refunded payment ${paymentId}.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}
