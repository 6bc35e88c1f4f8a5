import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTestDatabase } from '../../test/harness';
import { quietLog, resetJobSchema, storedJobs } from '../../test/jobs';
import { waitFor } from '../../test/wait-for';
import type { Database } from '../db/client';
import { createEventDispatchRequester } from './events-dispatch';
import { createJobQueue, type JobQueue } from './job-queue';
import { jobKinds } from './job-types';

describe('on the test database', () => {
  let database: Database;
  let queue: JobQueue;

  beforeEach(async () => {
    database = await getTestDatabase();
    await resetJobSchema(database);
    queue = createJobQueue({
      connection: database.connection,
      kinds: jobKinds,
      log: quietLog,
      timing: { pollingIntervalSeconds: 0.5 },
    });
    await queue.start();
  });
  afterEach(() => queue.close());

  it('collapses requests made while a dispatch waits into one run', async () => {
    // The requests are fire and forget; the test keeps hold of them to know when all five reached the database.
    const sent: Promise<unknown>[] = [];
    const requestEventDispatch = createEventDispatchRequester(
      {
        send: (name, data) => {
          const send = queue.send(name, data);
          sent.push(send);
          return send;
        },
      },
      quietLog,
    );
    for (let i = 0; i < 5; i++) requestEventDispatch();
    // The first request sends; the four made while it was on its way share one more send, 100 ms later. Both
    // reach the database before a worker runs, so the second finds the first still waiting.
    await waitFor('the send shared by the requests made meanwhile', () => sent.length === 2);
    // One of them (on PostgreSQL, whichever connection got there first) queued the job; the rest were dropped.
    const ids = await Promise.all(sent);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);

    let runs = 0;
    await queue.work('events.dispatch', async () => {
      runs += 1;
    });
    await waitFor('the dispatch to run', async () => {
      const jobs = await storedJobs(database, 'events.dispatch');
      return jobs.every((job) => job.state === 'completed') || undefined;
    });
    expect(runs).toBe(1);
    expect(await storedJobs(database, 'events.dispatch')).toHaveLength(1);
  });
});

it('never throws when the request cannot be queued, and says so in the log', async () => {
  const warn = vi.fn();
  const requestEventDispatch = createEventDispatchRequester(
    { send: () => Promise.reject(new Error('database unavailable')) },
    { warn },
  );
  expect(() => requestEventDispatch()).not.toThrow();
  await waitFor('the warning', () => warn.mock.calls.length > 0);
  expect(warn.mock.calls[0]?.[0]).toEqual({ err: 'database unavailable' });
});

describe('on fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once more after the request on its way, for all the requests made meanwhile', async () => {
    const pending: Array<() => void> = [];
    const send = (() => new Promise((resolve) => pending.push(() => resolve(null)))) as JobQueue['send'];
    const requestEventDispatch = createEventDispatchRequester({ send }, quietLog);
    for (let i = 0; i < 3; i++) requestEventDispatch();
    expect(pending).toHaveLength(1);

    pending[0]?.();
    // The next send waits for its moment, 100 ms after the first.
    await vi.runAllTimersAsync();
    expect(pending).toHaveLength(2);
    pending[1]?.();
    // Every timer the requester set has run (a send waiting for its moment would have come by now).
    await vi.runAllTimersAsync();
    expect(pending).toHaveLength(2);
  });

  it('asks at most once every 100 ms however often it is asked, and the last ask is still served', async () => {
    const sentAt: number[] = [];
    const send = (async () => {
      sentAt.push(performance.now());
      return null;
    }) as JobQueue['send'];
    const requestEventDispatch = createEventDispatchRequester({ send }, quietLog);
    const started = performance.now();
    while (performance.now() - started < 350) {
      requestEventDispatch();
      await vi.advanceTimersByTimeAsync(5);
    }
    const lastAsk = performance.now();
    await vi.runAllTimersAsync();
    expect(sentAt.at(-1)).toBeGreaterThanOrEqual(lastAsk);
    expect(sentAt.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < sentAt.length; i++) {
      expect((sentAt[i] ?? 0) - (sentAt[i - 1] ?? 0)).toBeGreaterThanOrEqual(95); // timers may fire a millisecond or so early
    }
  });
});
