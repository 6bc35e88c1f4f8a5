import type { OrderProductType } from '@app/contracts/catalogue';
import type { QueuePolicy } from 'pg-boss';

/**
 * Every job kind and the payload its jobs carry. A new kind starts here: add its name and payload, then
 * give it settings in `jobKinds` below (the compiler asks for them) and a handler in `workers.ts`.
 * Payloads are stored as JSON: plain objects with ids and numbers, not class instances or Dates.
 */
export type JobData = {
  /** Expires every trial or paid period that has ended and stops its bot. Scheduled every minute. */
  'subscriptions.expire': Record<string, never>;
  /** Hands committed domain events to their consumers. Scheduled every minute, and asked for after commits. */
  'events.dispatch': Record<string, never>;
  /** Writes a committed bulk product import (too large to run in its request), counting progress as it goes. */
  'products.import': { vendorId: string; importId: string };
  /** Deletes uploads never attached to a product within a day, with their files. Scheduled every hour. */
  'media.sweep': Record<string, never>;
  /** Erases the personal data of accounts whose deletion was scheduled 30 days ago (modules/account). Hourly. */
  'account.purge': Record<string, never>;
  /** Reminds vendors 3 days and 1 day before a period ends. Scheduled every hour. */
  'subscriptions.remind': Record<string, never>;
  /** Charges each closed month's plan fee statement to the vendor's default method (modules/billing). Daily. */
  'billing.collect': Record<string, never>;
  /** Pays out the wallet of each vendor whose automatic payout falls today (modules/billing). Daily. */
  'billing.auto-payout': Record<string, never>;
  /** Fetches each running bot's Telegram Stars balance and transactions and matches them to orders. Hourly. */
  'billing.stars-sync': Record<string, never>;
  /** Sends pending crypto payouts to the crypto provider and follows them to paid or failed. Every 5 minutes. */
  'billing.payouts-check': Record<string, never>;
  /** Starts again a bot the expiry stopped, once a payment has made its subscription live. */
  'bots.resume': { vendorId: string; botId: string };
  /** Sends the queued notifications (vendors', customers'). Asked for after events are dispatched; every minute. */
  'notifications.send': Record<string, never>;
  /** Cancels shop orders left unpaid past their reservation (stock, codes, slots return). Every minute. */
  'shop.release-reservations': Record<string, never>;
  /** Gives every running shop bot this version's chat menu (commands, the Mini App button). Once per start-up. */
  'bots.refresh-menus': Record<string, never>;
  /** Delivers a webhook's pending deliveries in order (modules/webhooks); sent again for its next retry. */
  'webhooks.deliver': { vendorId: string; webhookId: string };
  'exports.run': { vendorId: string; exportId: string };
  /**
   * Delivers a campaign (modules/campaigns): a run sends for up to a minute at the bot's pace, then queues the
   * next run; a run after a crash resumes without sending anyone a second message. One job per campaign.
   */
  'campaigns.send': { vendorId: string; campaignId: string };
  /** Sends the due abandoned-cart reminders of the bots that have them on (one per cart). Every 10 minutes. */
  'campaigns.abandoned-carts': Record<string, never>;
  /**
   * Tells the owner of each support conversation left 10 minutes of the store's working hours without a first
   * answer, once per conversation (modules/support). Every minute.
   */
  'support.unanswered': Record<string, never>;
  /** Deletes export files whose 7-day link has run out (modules/exports). Scheduled every hour. */
  'exports.sweep': Record<string, never>;
  /** Starts runs for webhooks with deliveries due, and drops the delivery log past 30 days. Every minute. */
  'webhooks.sweep': Record<string, never>;
  /**
   * Sends what a paid shop order owes its customer (codes and links, booking, confirmation) when Telegram failed
   * it in the chat. One job per order (its singleton key). The payload is modules/shop's OwedDelivery.
   */
  'shop.deliver': {
    vendorId: string;
    botId: string;
    orderId: string;
    orderNumber: number;
    productType: OrderProductType;
    chatId: number;
  };
};

export type JobName = keyof JobData;

/** A map from job name to payload, as JobData is; tests declare their own. */
export type JobMap = { [name: string]: object };

/**
 * How the queue of one job kind behaves. Whatever is left out takes the defaults in job-queue.ts: 5
 * retries with exponential backoff from 5 s (capped at 10 min), then the job moves to the kind's dead-letter
 * queue `<name>.dead`; a run may take 15 min before it counts as lost and is retried; 5 jobs at once per process.
 */
export type JobKindSettings = {
  /**
   * pg-boss queue policy. `standard`: every job sent runs. `stately`: at most one job waiting and one running
   * (a send while one waits is dropped), the right shape for "run this sweep soon".
   */
  policy?: Extract<QueuePolicy, 'standard' | 'stately' | 'singleton' | 'short' | 'exclusive'>;
  /** Retries after the first attempt before the job goes to the dead-letter queue. */
  retryLimit?: number;
  /** First retry delay; each later retry waits about twice as long (with jitter). */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /**
   * How long a run may stay active. Past it (a handler that hangs, or a process killed mid-run), the job is
   * failed and retried by whichever process supervises next. Keep it well above the slowest honest run.
   */
  expireInSeconds?: number;
  /**
   * How many jobs of this kind one process runs at once. A worker fetches up to this many as a batch, runs
   * them together and fetches the next batch when all are done: at once after a full batch, else after the
   * polling interval (2 s). So one slow job holds back its batch's successors, not other processes.
   */
  concurrency?: number;
};

export type JobKinds<M extends JobMap> = { [K in keyof M & string]: JobKindSettings };

export const jobKinds: JobKinds<JobData> = {
  // Periodic sweeps: a missed or failed run is covered by the next minute's, so few retries and short runs.
  'subscriptions.expire': { policy: 'stately', retryLimit: 2, expireInSeconds: 5 * 60 },
  'events.dispatch': { policy: 'stately', retryLimit: 2, expireInSeconds: 5 * 60 },
  // A rerun continues after the rows already written (the import counts them), so retries are safe.
  'products.import': { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 30 * 60, concurrency: 1 },
  'media.sweep': { policy: 'stately', retryLimit: 2, expireInSeconds: 15 * 60 },
  // Each account is purged in one transaction (after its files): a lost or failed run is redone whole by the next.
  'account.purge': { policy: 'stately', retryLimit: 2, expireInSeconds: 30 * 60 },
  'subscriptions.remind': { policy: 'stately', retryLimit: 2, expireInSeconds: 5 * 60 },
  // One run at a time; each statement's attempt is claimed before it charges, so a retried run charges nothing twice.
  'billing.collect': { policy: 'stately', retryLimit: 2, expireInSeconds: 15 * 60 },
  'billing.auto-payout': { policy: 'stately', retryLimit: 2, expireInSeconds: 15 * 60 },
  'billing.stars-sync': { policy: 'stately', retryLimit: 1, expireInSeconds: 15 * 60 },
  'billing.payouts-check': { policy: 'stately', retryLimit: 1, expireInSeconds: 4 * 60 },
  // Telegram may be briefly unreachable: retry for about an hour; a bot still stopped can be started by hand.
  'bots.resume': { retryLimit: 8, retryDelaySeconds: 10, retryDelayMaxSeconds: 15 * 60, expireInSeconds: 60 },
  // One run at a time across processes (so no notification goes twice); each notification counts its own
  // attempts, so the job itself needs few retries. A run takes about a minute at most.
  'notifications.send': { policy: 'stately', retryLimit: 2, expireInSeconds: 5 * 60 },
  'shop.release-reservations': { policy: 'stately', retryLimit: 2, expireInSeconds: 5 * 60 },
  // Each conversation is marked as it is told, so a rerun tells nobody twice.
  'support.unanswered': { policy: 'stately', retryLimit: 2, expireInSeconds: 5 * 60 },
  // Processes starting together send it together: stately runs it once. Two Bot API calls per running bot.
  'bots.refresh-menus': { policy: 'stately', retryLimit: 2, expireInSeconds: 30 * 60 },
  // A run sends at most RUN_MAX deliveries of 10 s at most each; runs of different webhooks go side by side.
  'webhooks.deliver': { retryLimit: 3, expireInSeconds: 10 * 60, concurrency: 10 },
  'webhooks.sweep': { policy: 'stately', retryLimit: 1, expireInSeconds: 5 * 60 },
  // A paid customer waits for this: retried for about two hours (30 s, 1, 2, 4, 8 min, then every 15 min up to
  // the 12th retry) across restarts; after the last, the order records delivery_failed and the vendor is told.
  'shop.deliver': {
    // Per order (the singleton key): one job waiting and one running; a send while one waits is dropped.
    policy: 'stately',
    retryLimit: 12,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 15 * 60,
    expireInSeconds: 120,
  },
  // Writes a whole export (1M rows take about a minute); a rerun rewrites the same file. Two at a time per
  // process: they read whole tables.
  'exports.run': { retryLimit: 2, expireInSeconds: 60 * 60, concurrency: 2 },
  // Per campaign (its singleton key): one run at a time. A run lasts about a minute; a run lost with its process
  // is retried after 3 min and resumes where the recipients' states say (never twice to anyone).
  'campaigns.send': {
    policy: 'stately',
    retryLimit: 10,
    retryDelaySeconds: 10,
    expireInSeconds: 3 * 60,
    concurrency: 4,
  },
  'campaigns.abandoned-carts': { policy: 'stately', retryLimit: 1, expireInSeconds: 10 * 60 },
  'exports.sweep': { policy: 'stately', retryLimit: 2, expireInSeconds: 15 * 60 },
};
