import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema/index';

/**
 * A second handle on the test database that counts the statements sent through it, for tests that hold a
 * read to a fixed number of statements (no query per row). Close it after (PostgreSQL: its own small pool).
 */
export function countingDatabase(database: Database) {
  let count = 0;
  const logger = { logQuery: () => void count++ };
  if (database.connection.kind === 'pglite') {
    const db = drizzlePglite(database.connection.client as unknown as PGlite, { schema, logger });
    return { db: db as unknown as Db, statements: () => count, close: async () => {} };
  }
  const pool = new pg.Pool({ connectionString: database.connection.url, max: 2 });
  const db = drizzlePg(pool, { schema, logger });
  return { db: db as unknown as Db, statements: () => count, close: () => pool.end() };
}
