import type { CardProvider } from '../lib/card-provider';
import type { Mailer } from '../lib/mailer';
import type { CryptoPayouts, CryptoProvider } from '../lib/nowpayments';
import type { PushSender } from '../lib/web-push';
import { refreshShopMenus } from '../modules/bots/bot-lifecycle.service';
import type { StorageDriver } from '../modules/media/storage';
import type { createWebhookRuns } from '../modules/webhooks/webhooks.service';
import { purgeAccounts } from './account-purge';
import {
  checkCryptoPayouts,
  collectPlanFees,
  renewSubscriptions,
  runAutoPayouts,
  syncBotStars,
} from './billing-collect';
import { type BotResumeDeps, resumeBot } from './bot-resume';
import type { JobHandler, JobQueue } from './job-queue';
import { type JobData, type JobName, jobKinds } from './job-types';
import { type MediaSweepDeps, sweepMedia } from './media-sweep';
import { notificationsSender } from './notifications-send';
import { releaseReservations } from './reservation-release';
import { expireSubscriptions, type SubscriptionExpiryDeps } from './subscription-expiry';
import { remindSubscriptions } from './subscription-reminders';

export type WorkerDeps = SubscriptionExpiryDeps &
  MediaSweepDeps &
  BotResumeDeps & {
    /** The platform bot that tells vendors (reminders, notifications); without it they are only recorded. */
    platformBotToken?: string;
    /**
     * Hands committed domain events to their consumers; must be safe to run again on the same events. May answer
     * how many it dispatched (0: none, so no notification can be waiting on them).
     */
    dispatchEvents: () => Promise<unknown>;
    /** Sends the e-mail notifications (SMTP_URL, or demo mode's catcher); without it they are skipped. */
    mailer?: Mailer | undefined;
    /** Sends the Web Push notifications (VAPID keys in DATA_DIR); without it they are skipped. */
    push?: PushSender | undefined;
    /** Writes a committed product import (the products CSV service's run); safe to run again. */
    runProductImport?: (vendorId: string, importId: string) => Promise<void>;
    /** Charges saved cards for the plan fee collection (`billing.collect`). */
    cardProvider?: CardProvider | null;
    /** A Litecoin default's invoices (`billing.collect`). */
    cryptoProvider?: CryptoProvider | null;
    /** Stars per USD: a Stars default's invoices (`billing.collect`). */
    starsPerUsd?: number;
    /** Sends and follows crypto payouts at the crypto provider (`billing.payouts-check`). */
    cryptoPayouts?: CryptoPayouts | null;
    /** Writes a requested data export's file (modules/exports); safe to run again. */
    runExport?: (vendorId: string, exportId: string) => Promise<void>;
    /** Deletes the files of exports whose link has expired (modules/exports); safe to run again. */
    sweepExports?: () => Promise<unknown>;
    /** Where data exports' files are kept (modules/exports): the account purge removes an account's. */
    exportStorage?: StorageDriver;
    /** Outbound webhooks' delivery runs (modules/webhooks); without it their deliveries wait. */
    webhooks?: ReturnType<typeof createWebhookRuns>;
    /**
     * Sends what a paid shop order owes its customer (the shop runtime's deliverOwed); throws when Telegram
     * fails. `last`: no retry follows (the failure is recorded and the vendor told).
     */
    deliverOwed?: (owed: JobData['shop.deliver'], attempt: { last: boolean }) => Promise<void>;
    /** One run of a campaign's delivery (modules/campaigns runCampaign); `done: false` asks for another run. */
    runCampaign?: (vendorId: string, campaignId: string) => Promise<{ done: boolean }>;
    /** Sends the due abandoned-cart reminders (the shop runtime, for the bots that have them on). */
    remindAbandonedCarts?: () => Promise<void>;
    /** Tells owners of support conversations waiting for a first answer (modules/support alertUnanswered). */
    alertUnansweredSupport?: () => Promise<unknown>;
  };

const EVERY_MINUTE = '* * * * *';
const EVERY_HOUR = '17 * * * *';

/**
 * Starts this process's workers for every job kind and (re)sets the periodic schedules. Call after
 * queue.start(), and in demo mode after listen: the expiry job calls this server's own fake Bot API.
 */
export async function registerWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  // One handler per kind; the type makes a new kind in job-types.ts fail to compile until it has one.
  const sendNotifications = notificationsSender(deps);
  const handlers: { [K in JobName]: JobHandler<JobData[K]> } = {
    'subscriptions.expire': async () => {
      await expireSubscriptions(deps);
    },
    'events.dispatch': async () => {
      const dispatched = await deps.dispatchEvents();
      // The change that asked for this run may have queued notifications, through its events or directly (a
      // security notice: a sign-in from a new device records no event): send them now, not at the next minute.
      // Requests made meanwhile collapse into one waiting send (the kind is stately).
      await queue.send('notifications.send', {});
      if (dispatched !== 0) await deps.webhooks?.startDueRuns();
    },
    'webhooks.deliver': async (job) => {
      if (!deps.webhooks) return;
      const { runAgainAt } = await deps.webhooks.runQueue(job.data.vendorId, job.data.webhookId);
      // The next retry (or the rest of a long queue) is a job of its own, due then.
      if (runAgainAt) await queue.send('webhooks.deliver', job.data, { startAfter: runAgainAt });
    },
    'webhooks.sweep': async () => {
      if (!deps.webhooks) return;
      await deps.webhooks.startDueRuns();
      await deps.webhooks.sweepLog();
    },
    'notifications.send': () => sendNotifications(),
    'exports.run': async (job) => {
      if (!deps.runExport) throw new Error('exports.run has no runner in this process');
      await deps.runExport(job.data.vendorId, job.data.exportId);
    },
    'exports.sweep': async () => {
      await deps.sweepExports?.();
    },
    'products.import': async (job) => {
      if (!deps.runProductImport) throw new Error('products.import has no runner in this process');
      await deps.runProductImport(job.data.vendorId, job.data.importId);
    },
    'media.sweep': async () => {
      await sweepMedia(deps);
    },
    'account.purge': async () => {
      // Without the exports' storage the purge would leave their files behind: it waits (and is retried).
      if (!deps.exportStorage) throw new Error('account.purge needs the exports storage');
      const { purged } = await purgeAccounts({ ...deps, exportStorage: deps.exportStorage });
      if (purged > 0) deps.log?.info({ purged }, 'accounts purged');
    },
    'subscriptions.remind': async () => {
      await remindSubscriptions(deps);
    },
    'billing.collect': async () => {
      // A renewed bot the expiry had stopped starts again through its own job (retried while Telegram refuses).
      const resume = async (vendorId: string, botId: string) =>
        queue.send('bots.resume', { vendorId, botId });
      await renewSubscriptions({ ...deps, resumeBot: resume });
      await collectPlanFees(deps);
    },
    'billing.auto-payout': async () => {
      await runAutoPayouts(deps);
    },
    'billing.stars-sync': async () => {
      await syncBotStars(deps);
    },
    'billing.payouts-check': async () => {
      await checkCryptoPayouts(deps);
    },
    'bots.resume': async (job) => {
      await resumeBot(deps, job.data);
    },
    'shop.release-reservations': async () => {
      await releaseReservations(deps);
    },
    'shop.deliver': async (job) => {
      if (!deps.deliverOwed) throw new Error('shop.deliver has no sender in this process');
      await deps.deliverOwed(job.data, {
        last: job.retryCount >= (jobKinds['shop.deliver'].retryLimit ?? 0),
      });
    },
    'campaigns.send': async (job) => {
      if (!deps.runCampaign) throw new Error('campaigns.send has no runner in this process');
      const { done } = await deps.runCampaign(job.data.vendorId, job.data.campaignId);
      if (!done) await queue.send('campaigns.send', job.data, { singletonKey: job.data.campaignId });
    },
    'campaigns.abandoned-carts': async () => {
      await deps.remindAbandonedCarts?.();
    },
    'support.unanswered': async () => {
      await deps.alertUnansweredSupport?.();
    },
    'bots.refresh-menus': async () => {
      const bots = await refreshShopMenus(deps);
      deps.log?.info({ bots }, 'shop bot menus refreshed');
    },
  };
  const work = <K extends JobName>(name: K) => queue.work(name, handlers[name]);
  for (const name of Object.keys(handlers) as JobName[]) {
    await work(name);
  }

  await queue.schedule('subscriptions.expire', EVERY_MINUTE, {});
  await queue.schedule('subscriptions.remind', '7 * * * *', {});
  // Daily, early UTC: a month's fee statement is charged on the day its month closes.
  await queue.schedule('billing.collect', '23 4 * * *', {});
  await queue.schedule('billing.auto-payout', '43 5 * * *', {});
  // Each bot's Stars transactions, hourly (spread from the other hourly jobs).
  await queue.schedule('billing.stars-sync', '41 * * * *', {});
  await queue.schedule('billing.payouts-check', '*/5 * * * *', {});
  // The safety net: events whose prompt run was lost (a crash right after commit) wait at most a minute.
  await queue.schedule('events.dispatch', EVERY_MINUTE, {});
  await queue.schedule('media.sweep', EVERY_HOUR, {});
  // Day 30 of a scheduled deletion: within the hour.
  await queue.schedule('account.purge', '37 * * * *', {});
  await queue.schedule('exports.sweep', '53 * * * *', {});
  // Retries of notifications whose time has come.
  await queue.schedule('notifications.send', EVERY_MINUTE, {});
  await queue.schedule('shop.release-reservations', EVERY_MINUTE, {});
  await queue.schedule('webhooks.sweep', EVERY_MINUTE, {});
  await queue.schedule('campaigns.abandoned-carts', '*/10 * * * *', {});
  await queue.schedule('support.unanswered', EVERY_MINUTE, {});
  // And once now: a period that ended while no server was up need not wait for the next minute.
  await queue.send('subscriptions.expire', {});
  // Bots started by an earlier version get this one's chat menu.
  await queue.send('bots.refresh-menus', {});
}
