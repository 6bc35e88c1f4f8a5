import { eq, sql } from 'drizzle-orm';
import { vendors } from '../src/db/schema/index';
import type { TestApp } from './harness';

/**
 * Marks the profile's e-mail as proven, as the code sent to it would (modules/profile): for tests of what mail
 * does once an address is in use, not of the proving itself (profile-email.test.ts).
 */
export async function markEmailVerified(t: Pick<TestApp, 'database'>, vendorId: string): Promise<void> {
  await t.database.db.update(vendors).set({ emailVerifiedAt: new Date() }).where(eq(vendors.id, vendorId));
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Every (table, column) of the database holding text: text, varchar, arrays and JSON. */
async function textColumns(t: Pick<TestApp, 'database'>): Promise<{ table: string; column: string }[]> {
  const res = await t.database.db.execute(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'public' and (data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))`);
  return rowsOf<{ table: string; column: string }>(res);
}

/**
 * The `table.column` pairs of the whole database in which any of `names` still appears, in any case: what an
 * erasure (a customer's, an account's purge) must leave empty. Use unusual names, so that they are found only
 * where they really are.
 */
export async function whereNamesAppear(
  t: Pick<TestApp, 'database'>,
  names: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  const pattern = `%(${names.join('|')})%`.toLowerCase();
  for (const { table, column } of await textColumns(t)) {
    const res = await t.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where lower(${sql.identifier(column)}::text) similar to ${pattern}`,
    );
    if ((rowsOf<{ n: number }>(res)[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}
