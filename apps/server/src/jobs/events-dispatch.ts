import type { JobLogger, JobQueue } from './job-queue';

/** Asks for a prompt run of the events dispatcher. Fire and forget: it never throws and never waits. */
export type RequestEventDispatch = () => void;

/** A busy server asks for a dispatch at most this often. */
const MIN_INTERVAL_MS = 100;

/**
 * Builds the function services call after a transaction that recorded events has committed. Call it after
 * commit, not inside the transaction: on PostgreSQL the dispatcher could otherwise run before the events are
 * visible, and on PGlite the send waits for the transaction to end anyway.
 * Requests while a run already waits collapse into it (the kind's `stately` policy), and requests while a send
 * is on its way wait for it and share one more (at most one every 100 ms), so calling it once per commit is
 * cheap. A lost request (a database error, a crash) costs at most the minute until the scheduled run.
 */
export function createEventDispatchRequester(
  queue: Pick<JobQueue, 'send'>,
  log: Pick<JobLogger, 'warn'>,
): RequestEventDispatch {
  // One send at a time, at most one every MIN_INTERVAL_MS: requests made while one is on its way, or while the
  // next waits for its moment, are served by that next send (which starts after their commits, as each needs).
  // A busy server (a shop taking thousands of updates a second, each answered with a POST) then asks the
  // database a few times a second, not once per round trip; an event waits at most that much longer.
  let state: 'idle' | 'sending' | 'waiting' = 'idle';
  let requestedMeanwhile = false;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  const sendWhenDue = () => {
    const wait = lastSentAt + MIN_INTERVAL_MS - performance.now();
    if (wait <= 0) return send();
    state = 'waiting';
    // A one-off wait, not a loop; it never holds the process open.
    setTimeout(send, wait).unref();
  };
  const send = () => {
    state = 'sending';
    lastSentAt = performance.now();
    queue
      .send('events.dispatch', {})
      .catch((err: unknown) => {
        log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'could not ask for an events dispatch; the scheduled run will pick the events up',
        );
      })
      .finally(() => {
        state = 'idle';
        if (requestedMeanwhile) {
          requestedMeanwhile = false;
          sendWhenDue();
        }
      });
  };
  return () => {
    if (state === 'sending') requestedMeanwhile = true;
    else if (state === 'idle') sendWhenDue();
  };
}
