import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../test/harness';
import { quietLog, resetJobSchema, storedJobs } from '../../test/jobs';
import { waitFor } from '../../test/wait-for';
import { type Database, openDatabase } from '../db/client';
import { type HangingJobs, hangingKinds } from './hanging-worker.fixture';
import { createJobQueue, deadLetterQueueOf, type Job } from './job-queue';
import type { JobKinds, JobMap } from './job-types';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
const postgresUrl = process.env.TEST_DATABASE_URL;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  // Queues before the databases they run on.
  for (const resource of open.splice(0).reverse()) await resource.close();
});

function startQueue<M extends JobMap>(database: Database, kinds: JobKinds<M>, supervise = false) {
  const queue = createJobQueue<M>({
    connection: database.connection,
    kinds,
    log: quietLog,
    timing: {
      pollingIntervalSeconds: 0.5,
      // Finding lost runs is part of pg-boss's supervision, every 60 s by default.
      ...(supervise ? { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 } : {}),
    },
  });
  open.push(queue);
  return queue;
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('on the test database', () => {
  let database: Database;
  beforeEach(async () => {
    database = await getTestDatabase();
    await resetJobSchema(database);
  });

  it('retries a failing job, then moves it to its dead-letter queue', async () => {
    type Jobs = { 'test.fail': { orderId: string } };
    const queue = startQueue<Jobs>(database, { 'test.fail': { retryLimit: 1, retryDelaySeconds: 1 } });
    await queue.start();
    const attempts: number[] = [];
    await queue.work('test.fail', async (job) => {
      attempts.push(job.retryCount);
      throw new Error('the endpoint answered 500');
    });
    const id = await queue.send('test.fail', { orderId: 'o-1' });

    const [dead] = await waitFor('the job in the dead-letter queue', async () => {
      const jobs = await storedJobs(database, deadLetterQueueOf('test.fail'));
      return jobs.length > 0 ? jobs : undefined;
    });
    expect(attempts).toEqual([0, 1]);
    expect(dead?.data).toEqual({ orderId: 'o-1' });
    expect(await storedJobs(database, 'test.fail')).toMatchObject([{ id, state: 'failed' }]);
  });

  it('stop() waits for a running job to finish', async () => {
    type Jobs = { 'test.slow': Record<string, never> };
    const queue = startQueue<Jobs>(database, { 'test.slow': {} });
    await queue.start();
    let finish = () => {};
    const running = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started = false;
    await queue.work('test.slow', async () => {
      started = true;
      await running;
    });
    const id = await queue.send('test.slow', {});
    await waitFor('the job to start', () => started);

    let stopped = false;
    const stopping = queue.stop({ timeoutMs: 10_000 }).then(() => {
      stopped = true;
    });
    await tick(200);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(await storedJobs(database, 'test.slow')).toMatchObject([{ id, state: 'completed' }]);
  });

  it('stop() fails a job still running at its timeout, so that it is retried', async () => {
    type Jobs = { 'test.stuck': Record<string, never> };
    const queue = startQueue<Jobs>(database, { 'test.stuck': {} });
    await queue.start();
    let started = false;
    await queue.work('test.stuck', async () => {
      started = true;
      await new Promise(() => {});
    });
    const id = await queue.send('test.stuck', {});
    await waitFor('the job to start', () => started);

    await queue.stop({ timeoutMs: 1_000 });
    expect(await storedJobs(database, 'test.stuck')).toMatchObject([{ id, state: 'retry' }]);
  });

  it.skipIf(!postgresUrl)(
    'two workers on one PostgreSQL database run each of 200 jobs exactly once (needs TEST_DATABASE_URL)',
    async () => {
      type Jobs = { 'test.count': { n: number } };
      const kinds: JobKinds<Jobs> = { 'test.count': { concurrency: 10 } };
      const producer = startQueue<Jobs>(database, kinds);
      await producer.start();
      for (let n = 0; n < 200; n++) await producer.send('test.count', { n });

      // Two queue instances, each with its own connection pool: to the database, two server processes.
      const runs: { n: number; worker: string }[] = [];
      const workers = ['a', 'b'].map((worker) => ({ worker, queue: startQueue<Jobs>(database, kinds) }));
      await Promise.all(workers.map(({ queue }) => queue.start()));
      await Promise.all(
        workers.map(({ worker, queue }) =>
          queue.work('test.count', async (job) => {
            runs.push({ n: job.data.n, worker });
            await tick(10);
          }),
        ),
      );

      await waitFor('every job to complete', async () => {
        const jobs = await storedJobs(database, 'test.count');
        return jobs.filter((job) => job.state === 'completed').length === 200 || undefined;
      });
      const ns = runs.map((run) => run.n).sort((x, y) => x - y);
      expect(ns).toEqual(Array.from({ length: 200 }, (_, n) => n));
      expect(new Set(runs.map((run) => run.worker))).toEqual(new Set(['a', 'b']));
    },
  );
});

it('retries a job whose worker process was killed mid-run, once a worker runs again', async () => {
  // On PostgreSQL, the worker's database; on PGlite, a data folder the killed process leaves behind.
  const database = postgresUrl ? await getTestDatabase() : undefined;
  const dataDir = database ? undefined : mkdtempSync(join(tmpdir(), 'jobs-kill-test-'));
  if (database) await resetJobSchema(database);
  if (dataDir) open.push({ close: async () => rmSync(dataDir, { recursive: true, force: true }) });
  const env =
    database?.connection.kind === 'postgres'
      ? { DATABASE_URL: database.connection.url }
      : { DATA_DIR: dataDir ?? '', DATABASE_URL: '' };

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/jobs/hanging-worker.fixture.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    const started = await waitFor(
      'the worker process to take the job',
      () => /{"started":"([^"]+)"}/.exec(output)?.[1],
      { timeoutMs: 20_000 },
    );
    child.kill('SIGKILL');
    await exited;

    // The restart: a new worker on the same database. The killed run stays active in the database until it
    // has outlived the kind's expireInSeconds; then the supervisor hands the job out again.
    const restarted = database ?? (await openDatabase({ dataDir: dataDir ?? null }));
    if (!database) open.push(restarted);
    const queue = startQueue<HangingJobs>(restarted, hangingKinds, true);
    await queue.start();
    const runs: Job<HangingJobs['test.hang']>[] = [];
    await queue.work('test.hang', async (job) => {
      runs.push(job);
    });
    await waitFor('the job to run again', () => runs.length > 0, { timeoutMs: 20_000 });
    expect(runs).toMatchObject([{ id: started, retryCount: 1, data: { label: 'survives a crash' } }]);
  } finally {
    child.kill('SIGKILL');
  }
});
