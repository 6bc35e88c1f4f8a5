import type { JobLogger, JobQueue } from './job-queue';

/** Asks for a prompt run of the events dispatcher. Fire and forget: it never throws and never waits. */
export type RequestEventDispatch = () => void;

/**
 * Builds the function services call after a transaction that recorded events has committed. Call it after
 * commit, not inside the transaction: on PostgreSQL the dispatcher could otherwise run before the events are
 * visible, and on PGlite the send waits for the transaction to end anyway.
 * Requests while a run already waits collapse into it (the kind's `stately` policy), and requests while a send
 * is on its way wait for it and share one more, so calling it once per commit is cheap. A lost request (a database error, a crash) costs at most the minute until the scheduled run.
 */
export function createEventDispatchRequester(
  queue: Pick<JobQueue, 'send'>,
  log: Pick<JobLogger, 'warn'>,
): RequestEventDispatch {
  // One send at a time: requests made while one is on its way are served by one more send after it (which
  // starts after their commits, as each needs). A busy server (a shop taking thousands of updates a second)
  // then asks the database a few times per round trip, not once per request.
  let sending = false;
  let requestedMeanwhile = false;
  const send = () => {
    sending = true;
    queue
      .send('events.dispatch', {})
      .catch((err: unknown) => {
        log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'could not ask for an events dispatch; the scheduled run will pick the events up',
        );
      })
      .finally(() => {
        sending = false;
        if (requestedMeanwhile) {
          requestedMeanwhile = false;
          send();
        }
      });
  };
  return () => {
    if (sending) requestedMeanwhile = true;
    else send();
  };
}
