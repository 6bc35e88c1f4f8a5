import type { JobHandler, JobQueue } from './job-queue';
import type { JobData, JobName } from './job-types';
import { type MediaSweepDeps, sweepMedia } from './media-sweep';
import { expireSubscriptions, type SubscriptionExpiryDeps } from './subscription-expiry';

export type WorkerDeps = SubscriptionExpiryDeps &
  MediaSweepDeps & {
    /** Hands committed domain events to their consumers; must be safe to run again on the same events. */
    dispatchEvents: () => Promise<void>;
    /** Writes a committed product import (the products CSV service's run); safe to run again. */
    runProductImport?: (vendorId: string, importId: string) => Promise<void>;
  };

const EVERY_MINUTE = '* * * * *';
const EVERY_HOUR = '17 * * * *';

/**
 * Starts this process's workers for every job kind and (re)sets the periodic schedules. Call after
 * queue.start(), and in demo mode after listen: the expiry job calls this server's own fake Bot API.
 */
export async function registerWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  // One handler per kind; the type makes a new kind in job-types.ts fail to compile until it has one.
  const handlers: { [K in JobName]: JobHandler<JobData[K]> } = {
    'subscriptions.expire': async () => {
      await expireSubscriptions(deps);
    },
    'events.dispatch': () => deps.dispatchEvents(),
    'products.import': async (job) => {
      if (!deps.runProductImport) throw new Error('products.import has no runner in this process');
      await deps.runProductImport(job.data.vendorId, job.data.importId);
    },
    'media.sweep': async () => {
      await sweepMedia(deps);
    },
  };
  const work = <K extends JobName>(name: K) => queue.work(name, handlers[name]);
  for (const name of Object.keys(handlers) as JobName[]) {
    await work(name);
  }

  await queue.schedule('subscriptions.expire', EVERY_MINUTE, {});
  // The safety net: events whose prompt run was lost (a crash right after commit) wait at most a minute.
  await queue.schedule('events.dispatch', EVERY_MINUTE, {});
  await queue.schedule('media.sweep', EVERY_HOUR, {});
  // And once now: a period that ended while no server was up need not wait for the next minute.
  await queue.send('subscriptions.expire', {});
}
