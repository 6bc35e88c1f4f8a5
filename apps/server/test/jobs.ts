import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { JobLogger } from '../src/jobs/job-queue';

export const quietLog: JobLogger = { info() {}, warn() {}, error() {} };

/** Drops pg-boss's schema, so a test's queue starts empty (the next start() installs it again). */
export async function resetJobSchema(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists pgboss cascade`);
}

export type StoredJob = { id: string; name: string; state: string; retryCount: number; data: unknown };

/** The jobs pg-boss holds for a queue, in every state, oldest first. */
export async function storedJobs(database: Database, name: string): Promise<StoredJob[]> {
  const result = await database.db.execute(sql`
    select id, name, state, retry_count as "retryCount", data
    from pgboss.job where name = ${name} order by created_on, id
  `);
  return (result as unknown as { rows: StoredJob[] }).rows;
}
