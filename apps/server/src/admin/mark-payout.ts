// An operator's command: moves a payout on once the bank or PayPal transfer is made (or has failed).
//   npm run payout:mark -w apps/server -- <payout id> <processing|paid|failed>
// A failed payout has its debit (fee included) credited back to the vendor's wallet.
// Uses the same configuration as the server (DATABASE_URL or DATA_DIR, …).
import { PayoutStatus } from '@app/contracts/billing';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createBotApi } from '../lib/telegram/bot-api';
import { createBillingService } from '../modules/billing/billing.service';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';

const [payoutId, statusArg] = process.argv.slice(2);
const status = PayoutStatus.safeParse(statusArg);
if (!payoutId || !status.success || status.data === 'pending') {
  console.error('Usage: mark-payout <payout id> <processing|paid|failed>');
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
  const billing = createBillingService({ db, payments, cardProvider: null, cardProviderInfo: null });
  const payout = await billing.markPayout(payoutId, status.data);
  console.log(`Payout ${payout.id} is ${payout.status}.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}
