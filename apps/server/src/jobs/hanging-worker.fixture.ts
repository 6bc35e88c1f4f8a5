// A worker process for job-queue.test.ts to kill: it opens the database (DATABASE_URL, or PGlite in DATA_DIR),
// sends one job, takes it, prints {"started": <job id>} and hangs in the handler until it is killed.
import { fileURLToPath } from 'node:url';
import { quietLog } from '../../test/jobs';
import { openDatabase } from '../db/client';
import { createJobQueue } from './job-queue';
import type { JobKinds } from './job-types';

export type HangingJobs = { 'test.hang': { label: string } };

// A run counts as lost 3 s after it started: long enough for the test to kill the process first, short enough
// for the test to wait for the retry. One second before the retry.
export const hangingKinds: JobKinds<HangingJobs> = {
  'test.hang': { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 3, concurrency: 1 },
};

async function main() {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(
    url ? { databaseUrl: url, dataDir: null } : { dataDir: process.env.DATA_DIR ?? null },
  );
  const queue = createJobQueue<HangingJobs>({
    connection: database.connection,
    kinds: hangingKinds,
    log: quietLog,
    timing: { pollingIntervalSeconds: 0.5 },
  });
  await queue.start();
  await queue.send('test.hang', { label: 'survives a crash' });
  await queue.work('test.hang', async (job) => {
    process.stdout.write(`${JSON.stringify({ started: job.id })}\n`);
    await new Promise(() => {});
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
