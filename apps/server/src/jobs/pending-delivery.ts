import type { OrderPendingDelivery } from '@app/contracts/orders';
import type { JobQueue } from './job-queue';

/**
 * The `shop.deliver` job still pending for an order (one per order: its singleton key), as the order detail
 * shows it (issue 26 D); null when none waits or runs. Attempts count the first send in the chat and each failed
 * run of the job; the job's last retry is attempt `retryLimit + 2`. pg-boss counts a retry when it starts it: a
 * job waiting to retry has failed `retryCount + 1` runs, a running one `retryCount`.
 */
export async function pendingDeliveryOf(
  queue: Pick<JobQueue, 'pending'>,
  orderId: string,
): Promise<OrderPendingDelivery | null> {
  const [job] = await queue.pending('shop.deliver', orderId);
  if (!job) return null;
  const failedRuns = job.state === 'retry' ? job.retryCount + 1 : job.retryCount;
  return {
    attempts: 1 + failedRuns,
    maxAttempts: 2 + job.retryLimit,
    nextAttemptAt: job.state === 'active' ? null : job.startAfter.toISOString(),
    lastError: job.lastError,
  };
}
