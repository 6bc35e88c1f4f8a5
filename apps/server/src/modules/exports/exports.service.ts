import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type CreateExportBody,
  CreateExportBody as CreateExportSchema,
  type DataExport,
  type DataExportList,
  EXPORT_INTERVAL_S,
  EXPORT_LINK_TTL_S,
  type ExportDataType,
  ExportDataType as ExportDataTypeSchema,
  type ExportEstimate,
  type ExportEstimateQuery,
  ExportEstimateQuery as ExportEstimateSchema,
  type ExportFormat,
} from '@app/contracts/developer';
import type { Db } from '../../db/types';
import { type Actor, eventActorOf } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import { exportFile, type PageSource } from './export-file';
import * as repo from './exports.repository';

const ExportDataTypes = ExportDataTypeSchema.options;

/** Rows read a page at a time: small enough to stay light, large enough to keep round trips few. */
export const EXPORT_PAGE_ROWS = 1000;

export type ExportsDeps = {
  db: Db;
  /** Where the files are kept: the app's storage driver (modules/media storage.ts), in its own folder. */
  storage: {
    put(key: string, body: AsyncIterable<Buffer>): Promise<number>;
    open(key: string): Promise<{ size: number; stream: Readable } | null>;
    /** Removes files; a missing one is not an error (the sweep may run twice). */
    remove(keys: readonly string[]): Promise<void>;
  };
  /** Signs the download links (the app's JWT key). */
  linkKey: Uint8Array;
  /** Queues the file's writing (the exports.run job); without it the file is written in this process at once. */
  enqueueRun?: (run: { vendorId: string; exportId: string }) => Promise<unknown>;
  /** Tells the vendor the export is ready (the platform bot: the file, or the link when it is too large). */
  notifyDone?: (done: {
    chatId: number;
    fileName: string;
    sizeBytes: number;
    url: string;
    open: () => Promise<Readable | null>;
  }) => Promise<void>;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
};

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const DAY_MS = 24 * 60 * 60 * 1000;
/** The rolling windows of the preset ranges, in days back from now. */
const RANGE_DAYS = { week: 7, month: 30, quarter: 90, year: 365 } as const;

/** The instants a row's date must fall between ([from, to)); null: all time. */
export function rangeOf(row: Pick<repo.ExportRow, 'range' | 'fromDay' | 'toDay' | 'createdAt'>) {
  if (row.range === 'all') return null;
  if (row.range === 'custom') {
    return {
      from: new Date(`${row.fromDay}T00:00:00Z`),
      to: new Date(new Date(`${row.toDay}T00:00:00Z`).getTime() + DAY_MS),
    };
  }
  const days = RANGE_DAYS[row.range as keyof typeof RANGE_DAYS];
  return {
    from: new Date(row.createdAt.getTime() - days * DAY_MS),
    to: new Date(row.createdAt.getTime() + 1),
  };
}

/** The link's signature: it names the vendor, the export and when it stops working. */
function signLink(key: Uint8Array, vendorId: string, exportId: string, expiresMs: number) {
  return createHmac('sha256', key).update(`export:${vendorId}:${exportId}:${expiresMs}`).digest('base64url');
}

function downloadOf(deps: Pick<ExportsDeps, 'linkKey'>, row: repo.ExportRow): DataExport['download'] {
  if (row.status !== 'done' || !row.completedAt || !row.fileName) return null;
  const expiresMs = row.completedAt.getTime() + EXPORT_LINK_TTL_S * 1000;
  const sig = signLink(deps.linkKey, row.vendorId, row.id, expiresMs);
  return {
    url: `/api/v1/downloads/exports/${row.vendorId}/${row.id}?expires=${expiresMs}&sig=${sig}`,
    expiresAt: new Date(expiresMs).toISOString(),
    fileName: row.fileName,
  };
}

function toDataExport(deps: Pick<ExportsDeps, 'linkKey'>, row: repo.ExportRow): DataExport {
  return {
    id: row.id,
    types: row.types as ExportDataType[],
    range: row.range as DataExport['range'],
    from: row.fromDay,
    to: row.toDay,
    format: row.format as ExportFormat,
    status: row.status as DataExport['status'],
    progress: row.progress,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    download: downloadOf(deps, row),
  };
}

/** A custom range names both days, the first not after the last (400 with the spec's words otherwise). */
function checkCustomRange(body: { range: string; from?: string | undefined; to?: string | undefined }) {
  if (body.range !== 'custom') return;
  if (!body.from || !body.to) throw new AppError('VALIDATION_FAILED', { fields: ['from', 'to'] });
  if (body.from > body.to) throw new AppError('EXPORT_RANGE_INVALID', { from: body.from, to: body.to });
}

const nextAllowed = (latest: repo.ExportRow | undefined) =>
  latest ? new Date(latest.createdAt.getTime() + EXPORT_INTERVAL_S * 1000) : null;

/** Asks for an export (spec part 2 §2.3, §9): types chosen, one per 24 h; the file is written by a job. */
export async function requestExport(
  deps: ExportsDeps,
  actor: Actor,
  input: CreateExportBody,
): Promise<DataExport> {
  const body = CreateExportSchema.parse(input);
  const types = [...new Set(body.types)];
  if (types.length === 0) throw new AppError('EXPORT_NO_DATA_SELECTED');
  checkCustomRange(body);
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockVendorExports(tx, actor.vendorId);
    const next = nextAllowed((await repo.listExports(tx, actor.vendorId, 1))[0]);
    if (next && next > now) throw new AppError('EXPORT_TOO_SOON', { nextAllowedAt: next.toISOString() });
    const inserted = await repo.insertExport(tx, {
      vendorId: actor.vendorId,
      types,
      range: body.range,
      fromDay: body.range === 'custom' ? (body.from ?? null) : null,
      toDay: body.range === 'custom' ? (body.to ?? null) : null,
      format: body.format,
      requestedBy: actor.telegramId,
      createdAt: now,
    });
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      type: 'export.requested',
      actor: eventActorOf(actor),
      subject: { kind: 'export', id: inserted.id },
      payload: { types: types.join(', '), format: body.format, range: body.range },
      at: now,
    });
    return inserted;
  });
  await startRun(deps, { vendorId: row.vendorId, exportId: row.id });
  return toDataExport(deps, row);
}

async function startRun(deps: ExportsDeps, run: { vendorId: string; exportId: string }) {
  if (deps.enqueueRun) {
    await deps.enqueueRun(run);
    return;
  }
  runExport(deps, run.vendorId, run.exportId).catch((err: unknown) => {
    deps.log?.error({ err, exportId: run.exportId }, 'export failed');
  });
}

export async function listExports(deps: ExportsDeps, actor: Actor): Promise<DataExportList> {
  const rows = await repo.listExports(deps.db, actor.vendorId);
  const next = nextAllowed(rows[0]);
  return {
    exports: rows.map((r) => toDataExport(deps, r)),
    nextAllowedAt: next && next > nowOf(deps) ? next.toISOString() : null,
  };
}

/**
 * The screen's estimate for a range: each type's rows counted by the server, times the average size of a row
 * (a sample's, as text: about a CSV line), plus the header. A guide, not a promise: JSON adds the column names to
 * every row, XLSX compresses.
 */
export async function estimateExport(
  deps: ExportsDeps,
  actor: Actor,
  input: ExportEstimateQuery,
): Promise<ExportEstimate> {
  const query = ExportEstimateSchema.parse(input);
  checkCustomRange(query);
  const range = rangeOf({
    range: query.range,
    fromDay: query.from ?? null,
    toDay: query.to ?? null,
    createdAt: nowOf(deps),
  });
  const estimates: ExportEstimate['estimates'] = [];
  for (const type of ExportDataTypes) {
    const { rows, rowBytes } = await repo.sizeOf(deps.db, type, actor.vendorId, range);
    estimates.push({ type, rows, bytes: rows === 0 ? 0 : rows * rowBytes + HEADER_BYTES });
  }
  return { estimates };
}

/** About a header row's size. */
const HEADER_BYTES = 200;

/**
 * Deletes the files of exports whose link has run out (7 days after completion): the row stays in the history,
 * `expired`, without a file. Hourly (the `exports.sweep` job); safe to run twice.
 */
export async function sweepExpiredExports(deps: ExportsDeps): Promise<{ deleted: number }> {
  const before = new Date(nowOf(deps).getTime() - EXPORT_LINK_TTL_S * 1000);
  let deleted = 0;
  for (;;) {
    const batch = await repo.expiredFiles(deps.db, before, 100);
    if (batch.length === 0) return { deleted };
    await deps.storage.remove(batch.flatMap((r) => (r.fileKey ? [r.fileKey] : [])));
    for (const row of batch) await repo.markExpired(deps.db, row.vendorId, row.id);
    deleted += batch.length;
  }
}

/**
 * Removes every export file of an account (the day-30 purge, modules/account): files first, then the rows forget
 * them. Safe to run twice (a missing file is not an error).
 */
export async function eraseVendorExports(deps: Pick<ExportsDeps, 'db' | 'storage'>, vendorId: string) {
  await deps.storage.remove(await repo.fileKeysOfVendor(deps.db, vendorId));
  await repo.forgetFilesOfVendor(deps.db, vendorId);
}

export async function getExport(deps: ExportsDeps, actor: Actor, exportId: string): Promise<DataExport> {
  const row = await repo.findExport(deps.db, actor.vendorId, exportId);
  if (!row) throw new AppError('EXPORT_NOT_FOUND');
  return toDataExport(deps, row);
}

/**
 * Writes the export's file (the exports.run job's body): each type read in keyset pages and streamed into the
 * file, straight into storage; the progress is saved as rows go by. Safe to run twice: a done export is left be,
 * and a rerun rewrites the file under the same key.
 */
export async function runExport(deps: ExportsDeps, vendorId: string, exportId: string): Promise<void> {
  const row = await repo.findExport(deps.db, vendorId, exportId);
  if (!row || row.status === 'done') return;
  await repo.updateExport(deps.db, vendorId, exportId, { status: 'running', progress: 0 });
  const range = rangeOf(row);
  const types = row.types as ExportDataType[];
  let total = 0;
  for (const type of types) total += await repo.countRows(deps.db, type, vendorId, range);
  let written = 0;
  let shown = 0;
  let saving: Promise<void> = Promise.resolve();
  const onRows = (n: number) => {
    written += n;
    // Kept below 100 until the file is stored; saved at most once a percent.
    const percent = total === 0 ? 99 : Math.min(99, Math.floor((written / total) * 100));
    if (percent > shown) {
      shown = percent;
      saving = saving.then(() => repo.updateExport(deps.db, vendorId, exportId, { progress: percent }));
    }
  };
  const sources: PageSource[] = types.map((type) => ({
    type,
    pages: async function* () {
      let after: string | null = null;
      for (;;) {
        const page = await repo.readPage(deps.db, type, vendorId, range, after, EXPORT_PAGE_ROWS);
        yield page;
        if (page.rows.length < EXPORT_PAGE_ROWS || page.last === null) return;
        after = page.last;
      }
    },
  }));
  const day = row.createdAt.toISOString().slice(0, 10);
  const file = exportFile(sources, row.format as ExportFormat, `export-${day}`, onRows);
  const ext = file.fileName.split('.').pop() ?? 'bin';
  const fileKey = `${row.id.replaceAll('-', '')}.${ext}`;
  try {
    const sizeBytes = await deps.storage.put(fileKey, file.stream as AsyncIterable<Buffer>);
    await saving;
    const now = nowOf(deps);
    const done = await deps.db.transaction(async (tx) => {
      await repo.updateExport(tx, vendorId, exportId, {
        status: 'done',
        progress: 100,
        fileKey,
        fileName: file.fileName,
        sizeBytes,
        completedAt: now,
      });
      await recordEvent(tx, {
        vendorId,
        type: 'export.completed',
        actor: SYSTEM_ACTOR,
        subject: { kind: 'export', id: exportId },
        payload: { types: types.join(', '), format: row.format, sizeBytes },
        at: now,
      });
      return repo.findExport(tx, vendorId, exportId);
    });
    if (done && done.requestedBy !== null && deps.notifyDone) {
      const link = downloadOf(deps, done);
      await deps
        .notifyDone({
          chatId: done.requestedBy,
          fileName: file.fileName,
          sizeBytes,
          url: link?.url ?? '',
          open: async () => (await deps.storage.open(fileKey))?.stream ?? null,
        })
        .catch((err: unknown) => deps.log?.warn({ err, exportId }, 'export notice not sent'));
    }
  } catch (err) {
    await saving.catch(() => undefined);
    await repo.updateExport(deps.db, vendorId, exportId, {
      status: 'failed',
      error: String(err).slice(0, 500),
    });
    throw err;
  }
}

/**
 * A download link's signature, checked before anything else about the request (a link is the caller's only
 * credential: 401 first, as every download route answers). Takes the request's raw values.
 */
export function verifyLink(
  deps: Pick<ExportsDeps, 'linkKey'>,
  vendorId: unknown,
  exportId: unknown,
  expires: unknown,
  sig: unknown,
): void {
  if (typeof sig !== 'string' || sig === '') throw new AppError('UNAUTHENTICATED');
  const expected = Buffer.from(signLink(deps.linkKey, String(vendorId), String(exportId), Number(expires)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError('DOWNLOAD_TOKEN_INVALID');
}

/**
 * The file a download link names, checked: signed by us for this vendor and export, and not past its 7 days.
 * Anyone holding an unexpired link may download (Telegram fetches it without the app's session).
 */
export async function openDownload(
  deps: ExportsDeps,
  vendorId: string,
  exportId: string,
  expires: number,
  sig: string,
): Promise<{ fileName: string; size: number; stream: Readable }> {
  verifyLink(deps, vendorId, exportId, expires, sig);
  if (nowOf(deps).getTime() >= expires) throw new AppError('DOWNLOAD_EXPIRED');
  const row = await repo.findExport(deps.db, vendorId, exportId);
  if (row?.status !== 'done' || !row.fileKey || !row.fileName) throw new AppError('DOWNLOAD_NOT_FOUND');
  const file = await deps.storage.open(row.fileKey);
  if (!file) throw new AppError('DOWNLOAD_NOT_FOUND');
  return { fileName: row.fileName, size: file.size, stream: file.stream };
}

export function createExportsService(deps: ExportsDeps) {
  return {
    request: (actor: Actor, body: CreateExportBody) => requestExport(deps, actor, body),
    list: (actor: Actor) => listExports(deps, actor),
    get: (actor: Actor, exportId: string) => getExport(deps, actor, exportId),
    estimate: (actor: Actor, query: ExportEstimateQuery) => estimateExport(deps, actor, query),
    sweepExpired: () => sweepExpiredExports(deps),
    run: (vendorId: string, exportId: string) => runExport(deps, vendorId, exportId),
    verifyLink: (vendorId: unknown, exportId: unknown, expires: unknown, sig: unknown) =>
      verifyLink(deps, vendorId, exportId, expires, sig),
    openDownload: (vendorId: string, exportId: string, expires: number, sig: string) =>
      openDownload(deps, vendorId, exportId, expires, sig),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
