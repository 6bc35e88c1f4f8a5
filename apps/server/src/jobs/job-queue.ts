import { fromPglite, type JobResult, PgBoss, type SendOptions } from 'pg-boss';
import type { Database } from '../db/client';
import type { JobData, JobKindSettings, JobKinds, JobMap } from './job-types';

export type JobLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What a handler gets: the payload, and the attempt (0 on the first run). */
export type Job<T> = {
  id: string;
  data: T;
  retryCount: number;
  /** Aborted when the run expires or the server stops before the handler returns; long handlers check it. */
  signal: AbortSignal;
};

/** Resolves: the job is done. Throws: the job is retried later, then dead-lettered. */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export type SendJobOptions = Pick<
  SendOptions,
  'startAfter' | 'singletonKey' | 'singletonSeconds' | 'priority'
>;

/**
 * The durable job queue (pg-boss on the app's database). Jobs survive restarts, and any number of server
 * processes on one database share them: each job runs on one of them at a time.
 */
export type JobQueue<M extends JobMap = JobData> = {
  /** Installs or upgrades pg-boss's own schema (`pgboss`) and creates each kind's queue and dead-letter queue. */
  start(): Promise<void>;
  /** Queues a job; answers its id, or null when the kind's policy dropped it (one already waits). */
  send<K extends keyof M & string>(name: K, data: M[K], options?: SendJobOptions): Promise<string | null>;
  /** The jobs of this kind sent with `singletonKey` that still wait or run (created, retry, active). */
  pending<K extends keyof M & string>(name: K, singletonKey: string): Promise<PendingJob[]>;
  /** Runs `handler` for jobs of this kind in this process, up to the kind's `concurrency` at once. */
  work<K extends keyof M & string>(name: K, handler: JobHandler<M[K]>): Promise<void>;
  /** Sends a job of this kind on a cron schedule (UTC), whichever process is up; set again on every start. */
  schedule<K extends keyof M & string>(name: K, cron: string, data: M[K]): Promise<void>;
  /**
   * Stops taking jobs and waits up to `timeoutMs` for running ones; those still running then are failed, so
   * another process retries them. Sending still works until close().
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Stops (if not yet) and releases the queue's connections. */
  close(): Promise<void>;
};

/** A job still to run: its state, failed runs so far, when it runs next, and its last failure's words. */
export type PendingJob = {
  state: 'created' | 'retry' | 'active';
  retryCount: number;
  retryLimit: number;
  startAfter: Date;
  lastError: string | null;
};

/** pg-boss's polling and supervision intervals; production keeps pg-boss's defaults, tests shorten them. */
export type JobQueueTiming = {
  /** How often an idle worker looks for jobs (default 2 s). */
  pollingIntervalSeconds?: number;
  /** How often expired runs are found and retried, among other upkeep (default 60 s). */
  superviseIntervalSeconds?: number;
  monitorIntervalSeconds?: number;
};

const DEFAULT_SETTINGS = {
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 10 * 60,
  expireInSeconds: 15 * 60,
  concurrency: 5,
} satisfies Required<Omit<JobKindSettings, 'policy'>>;

/** Dead jobs wait here for someone to look at them (or redrive them) until pg-boss's retention deletes them. */
export const deadLetterQueueOf = (name: string) => `${name}.dead`;

export function createJobQueue<M extends JobMap = JobData>(opts: {
  connection: Database['connection'];
  kinds: JobKinds<M>;
  log: JobLogger;
  timing?: JobQueueTiming;
}): JobQueue<M> {
  const { kinds, log, timing = {} } = opts;
  const boss = new PgBoss({
    ...(opts.connection.kind === 'pglite'
      ? // PGlite is one connection in this process: pg-boss shares the app's client, whose calls queue
        // behind each other (a drizzle transaction holds it until commit).
        { db: fromPglite(opts.connection.client), backend: 'pglite' as const }
      : { connectionString: opts.connection.url, max: 4, application_name: 'botshop-jobs' }),
    ...(timing.superviseIntervalSeconds ? { superviseIntervalSeconds: timing.superviseIntervalSeconds } : {}),
    ...(timing.monitorIntervalSeconds ? { monitorIntervalSeconds: timing.monitorIntervalSeconds } : {}),
  });
  // pg-boss emits 'error' for failures of its own upkeep; an EventEmitter 'error' without a listener throws.
  boss.on('error', (err) => log.error({ err: err.message }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ data: warning.data }, warning.message));

  let stopped = false;
  return {
    async start() {
      await boss.start();
      for (const [name, settings] of Object.entries(kinds) as [string, JobKindSettings][]) {
        const dead = deadLetterQueueOf(name);
        const s = { ...DEFAULT_SETTINGS, ...settings };
        const options = {
          retryLimit: s.retryLimit,
          retryDelay: s.retryDelaySeconds,
          retryBackoff: true,
          retryDelayMax: s.retryDelayMaxSeconds,
          expireInSeconds: s.expireInSeconds,
          deadLetter: dead,
        };
        await boss.createQueue(dead);
        // createQueue leaves an existing queue as it is, so the settings are applied again (a later release may
        // change them). The policy is fixed at creation: changing one takes a new queue name.
        await boss.createQueue(name, { policy: settings.policy ?? 'standard', ...options });
        await boss.updateQueue(name, options);
      }
    },

    send: (name, data, options) => boss.send(name, data, options ?? {}),

    async pending(name, singletonKey) {
      const jobs = await boss.findJobs(name, { key: singletonKey });
      return jobs.flatMap((job) =>
        job.state === 'created' || job.state === 'retry' || job.state === 'active'
          ? [
              {
                state: job.state,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
                startAfter: new Date(job.startAfter),
                lastError: errorOf(job.output),
              },
            ]
          : [],
      );
    },

    async work(name, handler) {
      const batchSize = kinds[name]?.concurrency ?? DEFAULT_SETTINGS.concurrency;
      await boss.work<M[typeof name]>(
        name,
        {
          batchSize,
          // Without it, a worker waits the polling interval after every batch, even with a backlog.
          burstWhenBatchFull: true,
          // Each job of a batch succeeds or fails on its own (a failure retries that job only).
          perJobResults: true,
          ...(timing.pollingIntervalSeconds ? { pollingIntervalSeconds: timing.pollingIntervalSeconds } : {}),
        },
        (jobs) =>
          Promise.all(
            jobs.map(async (job): Promise<JobResult> => {
              try {
                await handler({ id: job.id, data: job.data, retryCount: job.retryCount, signal: job.signal });
                return { id: job.id, status: 'completed' };
              } catch (err) {
                log.warn(
                  { job: name, jobId: job.id, retryCount: job.retryCount, err: errorMessage(err) },
                  'job failed; it is retried later, or dead-lettered once out of retries',
                );
                return { id: job.id, status: 'failed', output: { error: errorMessage(err) } };
              }
            }),
          ),
      );
    },

    schedule: (name, cron, data) => boss.schedule(name, cron, data),

    async stop({ timeoutMs = 10_000 } = {}) {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    },

    async close() {
      stopped = true;
      // Closes the pool pg-boss opened on PostgreSQL; the PGlite client stays open (it is the app's).
      await boss.stop({ graceful: false, close: true });
    },
  };
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The words a failed run left in its output ({ error } from the handler wrapper above), else null. */
function errorOf(output: unknown): string | null {
  const error = (output as { error?: unknown } | null | undefined)?.error;
  return typeof error === 'string' ? error : null;
}
