import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverFile } from '../lib/server-files';
import { openPgliteThread, type PGliteClient } from './pglite-in-thread';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers speak the same PostgreSQL dialect; the app only sees this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * What the database runs on, for libraries that speak SQL themselves (the job queue): the one PGlite
   * client (single connection: anything else must share it), or the URL of the PostgreSQL server.
   */
  connection: { kind: 'pglite'; client: PGliteClient } | { kind: 'postgres'; url: string };
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Extensions the schema needs (trigram indexes for search), created before the migrations run. */
const CREATE_EXTENSIONS = 'create extension if not exists pg_trgm';

const migrationsFolder = serverFile('drizzle');

/** Creates the extensions, then runs the migrations not yet run, on an embedded database. */
export async function migrateEmbedded(client: Pick<PGlite, 'exec' | 'query' | 'transaction'>): Promise<void> {
  await client.exec(CREATE_EXTENSIONS);
  await migratePglite(drizzlePglite(client as unknown as PGlite), { migrationsFolder });
}

/**
 * A real PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory when dataDir is null),
 * starting from `template` (a dump file of an embedded database) when one is given.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  template?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: opts.databaseUrl },
      migrate: async () => {
        await pool.query(CREATE_EXTENSIONS);
        await migratePg(drizzlePg(pool), { migrationsFolder });
      },
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir === null ? undefined : join(opts.dataDir, 'pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  // In a worker thread of its own, so queries never hold up the main thread (see pglite-in-thread.ts).
  const client = await openPgliteThread(dir, opts.template);
  // drizzle and pg-boss call only what PGliteClient has.
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    migrate: () => migrateEmbedded(client as unknown as PGlite),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
