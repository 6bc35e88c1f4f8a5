import type { Db, Tx } from '../../db/client';
import { claimPending, type EventRow, markDispatched, markFailed } from './events.repository';

/**
 * A consumer of domain events. `handle` runs inside the dispatch transaction and must be idempotent by
 * event id (an event can be handed over again after a crash): write with the event id as a key, or enqueue
 * a job keyed by it. Work that talks to the outside world (webhooks, Telegram) is enqueued, not done here.
 */
/** An event as its consumers read it. */
export type { EventRow };

export type EventConsumer = {
  name: string;
  handle(tx: Tx, event: EventRow): Promise<void>;
};

export type DispatchLogger = { error(obj: object, msg: string): void };

const BATCH = 100;
/** After this many failed attempts an event is left undispatched, with its last error, for a person. */
export const MAX_DISPATCH_ATTEMPTS = 10;

type BatchResult = {
  claimed: number;
  dispatched: number;
  failed: { id: string; error: string }[];
  /** The vendors whose events were handed on. */
  vendorIds: string[];
};

/**
 * Claims up to `limit` undispatched events in the caller's transaction and hands each to every consumer.
 * Each event runs in a savepoint: one that a consumer refuses is rolled back alone and reported in
 * `failed`, and does not hold up the others.
 */
export async function dispatchInTransaction(
  tx: Tx,
  consumers: EventConsumer[],
  opts: { limit?: number; now?: () => Date } = {},
): Promise<BatchResult> {
  const batch = await claimPending(tx, opts.limit ?? BATCH, MAX_DISPATCH_ATTEMPTS);
  const ok: string[] = [];
  const failed: BatchResult['failed'] = [];
  for (const event of batch) {
    try {
      await tx.transaction(async (savepoint) => {
        for (const consumer of consumers) await consumer.handle(savepoint, event);
      });
      ok.push(event.id);
    } catch (err) {
      failed.push({ id: event.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  await markDispatched(tx, ok, opts.now?.() ?? new Date());
  const vendorIds = [...new Set(batch.map((event) => event.vendorId))];
  return { claimed: batch.length, dispatched: ok.length, failed, vendorIds };
}

/**
 * Hands every undispatched event to every consumer, oldest first, in batches until none is left (the
 * events.dispatch job). A failed event is counted and retried on a later run, up to MAX_DISPATCH_ATTEMPTS.
 * Returns how many events were dispatched.
 */
export async function dispatchPendingEvents(
  db: Db,
  consumers: EventConsumer[],
  opts: {
    log?: DispatchLogger;
    now?: () => Date;
    /** Told, once each batch has committed, whose events it handed on (the read cache drops their answers). */
    onDispatched?: (vendorIds: string[]) => void;
  } = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.transaction((tx) => dispatchInTransaction(tx, consumers, opts));
    if (result.vendorIds.length > 0) opts.onDispatched?.(result.vendorIds);
    // Outside the batch's transaction, so the count survives whatever the batch did.
    for (const f of result.failed) {
      opts.log?.error({ eventId: f.id, err: f.error }, 'an event consumer failed');
      await markFailed(db, f.id, f.error);
    }
    total += result.dispatched;
    if (result.claimed < BATCH) return total;
  }
}
