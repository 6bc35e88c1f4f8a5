import type { Db } from '../db/client';
import type { CardProvider } from '../lib/card-provider';
import type { CryptoPayouts, CryptoProvider } from '../lib/nowpayments';
import type { Secrets } from '../lib/secrets';
import type { BotApi } from '../lib/telegram/bot-api';
import { createBillingService } from '../modules/billing/billing.service';
import { botTokenOf, runningBotIds } from '../modules/bots/bot-lifecycle.service';
import { createVendorNotifier, queueVendorEmail } from '../modules/notifications/notifications.service';
import { createOrderReads } from '../modules/orders/order-reads';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';

export type BillingCollectDeps = {
  db: Db;
  botApi: BotApi;
  /** The platform bot that tells vendors a charge failed; without it nobody is told. */
  platformBotToken?: string;
  /** Decrypts the bots' tokens for the Stars sync; without it the sync has nothing to do. */
  secrets?: Pick<Secrets, 'decrypt'>;
  /** The card provider that charges saved cards; without it a card default fails as unavailable. */
  cardProvider?: CardProvider | null;
  /** The crypto provider: a Litecoin default's invoices (fee statements, renewals); without it, paid by hand. */
  cryptoProvider?: CryptoProvider | null;
  /** Stars per USD, as plans are priced in Stars (config.starsPerUsd): a Stars default's invoices. */
  starsPerUsd?: number;
  /** The server's public address: where the crypto provider sends its IPNs. */
  publicUrl?: string;
  /** The crypto provider's payouts; without it crypto payouts wait for the operator. */
  cryptoPayouts?: CryptoPayouts | null;
  /** Asks for a bot the expiry stopped to start again once a renewal paid it (workers.ts: a `bots.resume` job). */
  resumeBot?: (vendorId: string, botId: string) => Promise<unknown>;
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
};

/**
 * The `billing.collect` handler's body (daily): each closed month's plan fee statement charged to the vendor's
 * default method (modules/billing/fee-collection.service.ts); the vendor is told, in their language, when a charge
 * fails, or sent the invoice a Stars or Litecoin default pays (the platform bot).
 */
/** The billing service as the jobs need it. */
function billingForJobs(deps: BillingCollectDeps) {
  const clock = deps.now ? { now: deps.now } : {};
  const payments = createPaymentsService({
    db: deps.db,
    botApi: deps.botApi,
    platformBotToken: deps.platformBotToken ?? '',
    publicUrl: deps.publicUrl ?? '',
    starsPerUsd: deps.starsPerUsd ?? 1,
    crypto: deps.cryptoProvider ?? null,
    subscriptions: createSubscriptionsService({ db: deps.db, ...clock }),
    // Bot names are for the PDFs only, which the collection does not make.
    bots: { namesOf: async () => [] },
    ...(deps.resumeBot ? { resumeBot: deps.resumeBot } : {}),
    ...(deps.log ? { log: deps.log } : {}),
    ...clock,
  });
  const notifier = createVendorNotifier({
    db: deps.db,
    botApi: deps.botApi,
    platformBotToken: deps.platformBotToken,
    ...clock,
  });
  const billing = createBillingService({
    db: deps.db,
    payments,
    cardProvider: deps.cardProvider ?? null,
    cardProviderInfo: null,
    cryptoPayouts: deps.cryptoPayouts ?? null,
    // Told by Telegram at once, and by e-mail through the notifications queue (the vendor's preferences).
    tellVendor: async (vendorId, notice) => {
      const told = { subjectId: `fees:${notice.month}`, botId: null, params: notice };
      await queueVendorEmail(deps.db, vendorId, 'fees_unpaid', { ...told, eventId: notice.attemptId });
      return notifier.tell(vendorId, 'fees_unpaid', told);
    },
    sendInvoice: (vendorId, invoice) => notifier.sendInvoice(vendorId, invoice),
    tellRenewal: async (vendorId, notice) => {
      const told = { subjectId: notice.botId, botId: notice.botId, params: notice };
      await queueVendorEmail(deps.db, vendorId, 'renewal_unpaid', { ...told, eventId: notice.attemptId });
      return notifier.tell(vendorId, 'renewal_unpaid', told);
    },
    ...(deps.log ? { log: deps.log } : {}),
    ...(deps.secrets ? { stars: starsDeps(deps, deps.secrets) } : {}),
    ...clock,
  });
  return billing;
}

function starsDeps(deps: BillingCollectDeps, secrets: Pick<Secrets, 'decrypt'>) {
  const { db } = deps;
  return {
    botApi: deps.botApi,
    tokenOf: (vendorId: string, botId: string) => botTokenOf({ db, secrets }, vendorId, botId),
    botsToSync: () => runningBotIds({ db }),
    orderReads: createOrderReads({ db }),
  };
}

/** The `billing.stars-sync` handler's body (hourly): each running bot's Stars fetched and matched to its orders. */
export async function syncBotStars(deps: BillingCollectDeps) {
  if (!deps.secrets) return { synced: 0, failed: 0 };
  const counts = await billingForJobs(deps).syncAllBotStars();
  deps.log?.info(counts, 'bot stars synced');
  return counts;
}

/** The `billing.collect` handler's first part: each paid period due renewed by the vendor's default method. */
export async function renewSubscriptions(deps: BillingCollectDeps) {
  const counts = await billingForJobs(deps).collectRenewals();
  deps.log?.info(counts, 'renewals collected');
  return counts;
}

export async function collectPlanFees(deps: BillingCollectDeps) {
  const counts = await billingForJobs(deps).collectFees();
  deps.log?.info(counts, 'plan fees collected');
  return counts;
}

/** The `billing.auto-payout` handler's body (daily): automatic payouts by each vendor's schedule and minimum. */
export async function runAutoPayouts(deps: BillingCollectDeps) {
  const counts = await billingForJobs(deps).runAutoPayouts();
  deps.log?.info(counts, 'automatic payouts made');
  return counts;
}

/** The `billing.payouts-check` handler's body: crypto payouts sent to and followed at the crypto provider. */
export async function checkCryptoPayouts(deps: BillingCollectDeps) {
  const counts = await billingForJobs(deps).checkCryptoPayouts();
  if (counts.sent + counts.paid + counts.failed > 0) deps.log?.info(counts, 'crypto payouts checked');
  return counts;
}
