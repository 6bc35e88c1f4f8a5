import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { migrateEmbedded } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database, which every test file's database starts from. */
    pgliteTemplate: string | undefined;
  }
}

/**
 * Once per run: a fresh PGlite spends seconds in initdb, then the migrations, and each test file used to pay
 * that. Here one database is created and migrated, and dumped to a file each worker's database loads (half a
 * second).
 * On PostgreSQL (TEST_DATABASE_URL) there is nothing to do: each worker migrates its own database.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', undefined);
    return;
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateEmbedded(client);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(join(tmpdir(), 'server-tests-'));
  const file = join(dir, 'pglite-template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
