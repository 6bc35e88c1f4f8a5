import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Bulk loading: drops the tables' secondary indexes and answers a function that builds them again, each in one
 * sorted pass, rather than maintaining each of them through a million scattered single-row insertions (and,
 * for customers, the trigram index through every totals update). Indexes that back a constraint (primary keys)
 * stay: inserts, joins and foreign keys use them. Only for tables that hold no one else's rows, whose queries
 * then wait for the seed's transaction anyway; the definitions come from pg_indexes, so they come back exactly
 * as the migrations made them.
 */
export async function dropSecondaryIndexes(tx: Tx, tables: string[]): Promise<() => Promise<void>> {
  const res = (await tx.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_class ic on ic.relname = i.indexname
    join pg_namespace ns on ns.oid = ic.relnamespace and ns.nspname = i.schemaname
    where i.schemaname = current_schema()
      and i.tablename in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})
      and not exists (select 1 from pg_constraint c where c.conindid = ic.oid)
    order by i.tablename, i.indexname`)) as unknown as { rows: { name: string; definition: string }[] };
  const indexes = res.rows;
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  return async () => {
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  };
}
