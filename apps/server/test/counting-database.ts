import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema/index';

/**
 * A second handle on the test database that counts the statements sent through it, for tests that hold a
 * read to a fixed number of statements (no query per row); `sent()` is their SQL, oldest first, for tests that
 * count the statements of one kind. Close it after (PostgreSQL: its own small pool).
 */
export function countingDatabase(database: Database) {
  const sent: string[] = [];
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const counters = { statements: () => sent.length, sent: () => [...sent] };
  if (database.connection.kind === 'pglite') {
    const db = drizzlePglite(database.connection.client as unknown as PGlite, { schema, logger });
    return { db: db as unknown as Db, ...counters, close: async () => {} };
  }
  const pool = new pg.Pool({ connectionString: database.connection.url, max: 2 });
  const db = drizzlePg(pool, { schema, logger });
  return { db: db as unknown as Db, ...counters, close: () => pool.end() };
}
