import type { JobLogger, JobQueue } from './job-queue';

/** Asks for a prompt run of the events dispatcher. Fire and forget: it never throws and never waits. */
export type RequestEventDispatch = () => void;

/**
 * Builds the function services call after a transaction that recorded events has committed. Call it after
 * commit, not inside the transaction: on PostgreSQL the dispatcher could otherwise run before the events are
 * visible, and on PGlite the send waits for the transaction to end anyway.
 * Requests while a run already waits collapse into it (the kind's `stately` policy), so calling it once per
 * commit is cheap. A lost request (a database error, a crash) costs at most the minute until the scheduled run.
 */
export function createEventDispatchRequester(
  queue: Pick<JobQueue, 'send'>,
  log: Pick<JobLogger, 'warn'>,
): RequestEventDispatch {
  return () => {
    queue.send('events.dispatch', {}).catch((err: unknown) => {
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'could not ask for an events dispatch; the scheduled run will pick the events up',
      );
    });
  };
}
