import type { ExportDataType } from '@app/contracts/developer';
import { and, desc, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { dataExports } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type ExportRow = typeof dataExports.$inferSelect;

export async function insertExport(
  db: Conn,
  row: Pick<
    ExportRow,
    'vendorId' | 'types' | 'range' | 'fromDay' | 'toDay' | 'format' | 'requestedBy' | 'createdAt'
  >,
): Promise<ExportRow> {
  const [inserted] = await db.insert(dataExports).values(row).returning();
  return inserted as ExportRow;
}

/** The vendor's latest exports, newest first. */
export function listExports(db: Conn, vendorId: string, limit = 20): Promise<ExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.vendorId, vendorId))
    .orderBy(desc(dataExports.createdAt))
    .limit(limit);
}

export async function findExport(db: Conn, vendorId: string, id: string): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.vendorId, vendorId), eq(dataExports.id, id)))
    .limit(1);
  return row ?? null;
}

/** Serialises requests of one vendor, so two at once cannot both pass the 24 h rule. */
export async function lockVendorExports(tx: Conn, vendorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`exports:${vendorId}`}, 0))`);
}

export async function updateExport(
  db: Conn,
  vendorId: string,
  id: string,
  change: Partial<
    Pick<ExportRow, 'status' | 'progress' | 'fileKey' | 'fileName' | 'sizeBytes' | 'error' | 'completedAt'>
  >,
) {
  await db
    .update(dataExports)
    .set(change)
    .where(and(eq(dataExports.vendorId, vendorId), eq(dataExports.id, id)));
}

/** Where each data type's rows come from: its table, its keyset column, and the column the date range filters. */
type Source = {
  from: SQL;
  /** The keyset column: the table's primary key after vendor_id, so each page is one index range scan. */
  key: string;
  /** The key's type (`uuid` unless said): the page's bound is compared as it, never as text (no index for that). */
  keyType?: 'date';
  when: (from: Date, to: Date) => SQL;
  /** Columns read besides the table's own (`t.*`), e.g. a payment's invoice. */
  extra?: SQL;
};
const SOURCES: Record<ExportDataType, Source> = {
  orders: {
    from: sql`orders t`,
    key: 'id',
    when: (f, to) => sql`t.created_at >= ${f} and t.created_at < ${to}`,
  },
  order_items: {
    from: sql`order_items t`,
    key: 'id',
    // Items have no date of their own: their order's.
    when: (f, to) =>
      sql`exists (select 1 from orders o where o.vendor_id = t.vendor_id and o.id = t.order_id
        and o.created_at >= ${f} and o.created_at < ${to})`,
  },
  customers: {
    from: sql`customers t`,
    key: 'id',
    when: (f, to) => sql`t.created_at >= ${f} and t.created_at < ${to}`,
  },
  products: {
    from: sql`products t`,
    key: 'id',
    when: (f, to) => sql`t.created_at >= ${f} and t.created_at < ${to}`,
  },
  categories: {
    from: sql`categories t`,
    key: 'id',
    when: (f, to) => sql`t.created_at >= ${f} and t.created_at < ${to}`,
  },
  // Payments and invoices: each payment with its invoice (one per completed payment) beside it.
  payments: {
    from: sql`payments t left join invoices i on i.vendor_id = t.vendor_id and i.payment_id = t.id`,
    extra: sql`, i.number as invoice_number, i.status as invoice_status, i.issued_at as invoice_issued_at`,
    key: 'id',
    when: (f, to) => sql`t.created_at >= ${f} and t.created_at < ${to}`,
  },
  activity: {
    from: sql`activity_log t`,
    key: 'event_id',
    when: (f, to) => sql`t.occurred_at >= ${f} and t.occurred_at < ${to}`,
  },
  analytics: {
    from: sql`vendor_daily_stats t`,
    key: 'day',
    keyType: 'date',
    when: (f, to) =>
      sql`t.day >= ${f.toISOString().slice(0, 10)}::date and t.day < ${to.toISOString().slice(0, 10)}::date`,
  },
};

export type ExportPage = { columns: string[]; rows: Record<string, unknown>[]; last: string | null };

/**
 * One page of a data type's rows after `after` (keyset on the source's key, never OFFSET): the export job reads a
 * table this way so no more than a page is ever in memory. `vendor_id` is left out: it is the caller's own.
 */
export async function readPage(
  db: Conn,
  type: ExportDataType,
  vendorId: string,
  range: { from: Date; to: Date } | null,
  after: string | null,
  limit: number,
): Promise<ExportPage> {
  const source = SOURCES[type];
  const key = sql.raw(`t.${source.key}`);
  const conditions = [sql`t.vendor_id = ${vendorId}`];
  if (range) conditions.push(source.when(range.from, range.to));
  if (after !== null) conditions.push(sql`${key} > ${after}::${sql.raw(source.keyType ?? 'uuid')}`);
  const result = (await db.execute(
    sql`select t.*${source.extra ?? sql``}, ${key}::text as export_key from ${source.from} where ${sql.join(conditions, sql` and `)} order by ${key} limit ${limit}`,
  )) as unknown as { rows: Record<string, unknown>[]; fields?: { name: string }[] };
  const columns = (result.fields ?? [])
    .map((f) => f.name)
    .filter((n) => n !== 'vendor_id' && n !== 'export_key');
  const last = result.rows.at(-1)?.export_key;
  const rows = result.rows.map(({ vendor_id: _v, export_key: _k, ...rest }) => rest);
  return { columns, rows, last: typeof last === 'string' ? last : null };
}

/** How many rows a type has for the vendor in the range (progress needs a total). */
export async function countRows(
  db: Conn,
  type: ExportDataType,
  vendorId: string,
  range: { from: Date; to: Date } | null,
): Promise<number> {
  const source = SOURCES[type];
  const conditions = [sql`t.vendor_id = ${vendorId}`];
  if (range) conditions.push(source.when(range.from, range.to));
  const result = (await db.execute(
    sql`select count(*)::int as n from ${source.from} where ${sql.join(conditions, sql` and `)}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

const SAMPLE_ROWS = 200;

/**
 * A type's rows in the range and the average size of one as text (over a sample of SAMPLE_ROWS: a row's text is
 * about its CSV line), for the screen's estimate. Reads no more than a count and a page.
 */
export async function sizeOf(
  db: Conn,
  type: ExportDataType,
  vendorId: string,
  range: { from: Date; to: Date } | null,
): Promise<{ rows: number; rowBytes: number }> {
  const source = SOURCES[type];
  const conditions = [sql`t.vendor_id = ${vendorId}`];
  if (range) conditions.push(source.when(range.from, range.to));
  const rows = await countRows(db, type, vendorId, range);
  if (rows === 0) return { rows, rowBytes: 0 };
  const result = (await db.execute(
    sql`select coalesce(avg(octet_length(s::text)), 0)::float8 as b from (select t.*${source.extra ?? sql``} from ${source.from} where ${sql.join(conditions, sql` and `)} limit ${SAMPLE_ROWS}) s`,
  )) as unknown as { rows: { b: number }[] };
  return { rows, rowBytes: Math.ceil(Number(result.rows[0]?.b ?? 0)) };
}

/** Finished exports whose link ran out before `before` and whose file is still kept (the sweep's work). */
export function expiredFiles(db: Conn, before: Date, limit: number) {
  return db
    .select({ vendorId: dataExports.vendorId, id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.status, 'done'),
        isNotNull(dataExports.fileKey),
        lt(dataExports.completedAt, before),
      ),
    )
    .limit(limit);
}

/** The export's file is gone: the row stays (the history), marked expired, without a file. */
export async function markExpired(db: Conn, vendorId: string, id: string) {
  await db
    .update(dataExports)
    .set({ status: 'expired', fileKey: null })
    .where(and(eq(dataExports.vendorId, vendorId), eq(dataExports.id, id)));
}

/** The keys of every file the vendor's exports still have (the account's purge removes them). */
export async function fileKeysOfVendor(db: Conn, vendorId: string): Promise<string[]> {
  const rows = await db
    .select({ fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.vendorId, vendorId), isNotNull(dataExports.fileKey)));
  return rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
}

/** The vendor's exports no longer have files (their rows go with the purge's transaction). */
export async function forgetFilesOfVendor(db: Conn, vendorId: string) {
  await db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.vendorId, vendorId));
}
