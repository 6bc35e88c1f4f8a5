import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataExport, ExportDataType, ExportFormat } from '@app/contracts/developer';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, testClock } from '../../../test/clock';
import {
  addCustomer,
  addProduct,
  createBot,
  fakeBot,
  placeTestOrder,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createLocalStorage } from '../media/storage';

let fake: FakeBotApi;
let t: TestApp;
let dir: string;
const clock = testClock();

beforeAll(async () => {
  fake = await startFakeBotApi();
  dir = await mkdtemp(join(tmpdir(), 'exports-test-'));
  t = await createTestApp({
    config: { telegramApiRoot: fake.url, publicUrl: 'https://shop.example.test' },
    now: clock.now,
    exportStorage: createLocalStorage(dir),
  });
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

/** A small vendor: a shop, two customers, two products (one named like a formula) and two orders. */
async function smallVendor() {
  const v = await vendor(t.app);
  const tg = fakeBot(fake);
  const bot = await createBot(t.app, v, { botToken: tg.token, botName: 'Shop', plan: 'PRO' });
  const ann = await addCustomer(t, v.vendorId, { firstName: 'Ann' });
  const bob = await addCustomer(t, v.vendorId, { firstName: '=cmd|calc' });
  const mug = await addProduct(t, v.vendorId, { name: 'Mug, "large"' });
  const evil = await addProduct(t, v.vendorId, { name: '=HYPERLINK("http://x.test","click")' });
  await placeTestOrder(t, {
    vendorId: v.vendorId,
    bot,
    customerId: ann.id,
    lines: [{ product: mug, quantity: 2 }],
  });
  await placeTestOrder(t, { vendorId: v.vendorId, bot, customerId: bob.id, lines: [{ product: evil }] });
  return v;
}

const post = (v: Vendor, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${v.base}/exports`, headers: v.auth, payload });

async function finished(v: Vendor, id: string): Promise<DataExport> {
  return waitFor(`export ${id} done`, async () => {
    const res = await t.app.inject({ method: 'GET', url: `${v.base}/exports/${id}`, headers: v.auth });
    const e = res.json() as DataExport;
    if (e.status === 'failed') throw new Error('export failed');
    return e.status === 'done' ? e : undefined;
  });
}

async function download(e: DataExport) {
  if (!e.download) throw new Error('no link');
  const res = await t.app.inject({ method: 'GET', url: e.download.url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Exports one type in one format (a day later each time: one export per 24 h) and answers the file's bytes. */
async function exportOf(v: Vendor, type: ExportDataType, format: ExportFormat) {
  clock.advance(DAY_MS);
  const res = await post(v, { types: [type], format, range: 'all' });
  expect(res.statusCode).toBe(201);
  const done = await finished(v, res.json().id);
  expect(done.progress).toBe(100);
  return download(done);
}

/** Minimal RFC 4180 reader for the test: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return rows;
}

/** The file as records, whatever its format. */
async function recordsOf(bytes: Buffer, format: ExportFormat): Promise<Record<string, string>[]> {
  if (format === 'json') {
    return (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>[]).map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v == null ? '' : String(v)])),
    );
  }
  const [header = [], ...rows] = format === 'csv' ? parseCsv(bytes.toString('utf8')) : await xlsxRows(bytes);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

describe('Data export', () => {
  it.each(['csv', 'json', 'xlsx'] as const)(
    'exports the orders as %s, the same orders the API lists',
    async (format) => {
      const v = await smallVendor();
      const api = (
        await t.app.inject({ method: 'GET', url: `${v.base}/orders`, headers: v.auth })
      ).json() as {
        orders: { id: string; number: number }[];
      };
      const records = await recordsOf(await exportOf(v, 'orders', format), format);
      expect(records.map((r) => r.id).sort()).toEqual(api.orders.map((o) => o.id).sort());
      expect(records.map((r) => Number(r.number)).sort()).toEqual(api.orders.map((o) => o.number).sort());
    },
  );

  it.each(['csv', 'json', 'xlsx'] as const)(
    'exports every data type as %s, each with its rows',
    async (format) => {
      const v = await smallVendor();
      const expected: Record<ExportDataType, number> = {
        orders: 2,
        order_items: 2,
        customers: 2,
        products: 2,
        categories: 0,
        payments: 0,
        activity: -1, // whatever the audit trail holds: at least the bot's creation
        analytics: -1,
      };
      for (const [type, count] of Object.entries(expected) as [ExportDataType, number][]) {
        const records = await recordsOf(await exportOf(v, type, format), format);
        if (count >= 0) expect(records, type).toHaveLength(count);
      }
    },
  );

  it('reads back the products by name, with commas and quotes intact', async () => {
    const v = await smallVendor();
    const records = await recordsOf(await exportOf(v, 'products', 'csv'), 'csv');
    expect(records.map((r) => r.name).sort()).toEqual([
      `'=HYPERLINK("http://x.test","click")`,
      'Mug, "large"',
    ]);
  });

  it('prefixes cells starting with = + - @ with an apostrophe (formula injection guard) in CSV and XLSX', async () => {
    const v = await smallVendor();
    const csv = await recordsOf(await exportOf(v, 'customers', 'csv'), 'csv');
    expect(csv.map((r) => r.first_name).sort()).toEqual(["'=cmd|calc", 'Ann']);
    const xlsx = await recordsOf(await exportOf(v, 'customers', 'xlsx'), 'xlsx');
    expect(xlsx.map((r) => r.first_name).sort()).toEqual(["'=cmd|calc", 'Ann']);
    // JSON is data, not a spreadsheet: kept as it is.
    const json = await recordsOf(await exportOf(v, 'customers', 'json'), 'json');
    expect(json.map((r) => r.first_name).sort()).toEqual(['=cmd|calc', 'Ann']);
  });

  it('puts several types in one ZIP, a file each', async () => {
    const v = await smallVendor();
    clock.advance(DAY_MS);
    const res = await post(v, { types: ['orders', 'customers'], format: 'csv' });
    const done = await finished(v, res.json().id);
    expect(done.download?.fileName).toMatch(/\.zip$/);
    const zip = await JSZip.loadAsync(await download(done));
    expect(Object.keys(zip.files).sort()).toEqual(['customers.csv', 'orders.csv']);
    const orders = parseCsv(await (zip.file('orders.csv')?.async('string') ?? ''));
    expect(orders).toHaveLength(3);
  });

  it('refuses an export with no data types: No Data Selected', async () => {
    const v = await vendor(t.app);
    const res = await post(v, { types: [], format: 'csv' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'EXPORT_NO_DATA_SELECTED', message: 'No Data Selected' });
  });

  it('refuses a custom range that ends before it starts', async () => {
    const v = await vendor(t.app);
    const res = await post(v, { types: ['orders'], range: 'custom', from: '2026-05-02', to: '2026-05-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('EXPORT_RANGE_INVALID');
  });

  it('allows one export per 24 h, and says when the next is allowed', async () => {
    const v = await vendor(t.app);
    const first = await post(v, { types: ['orders'], format: 'csv' });
    expect(first.statusCode).toBe(201);
    const next = new Date(clock.now().getTime() + DAY_MS).toISOString();
    clock.advance(DAY_MS - 1000);
    const again = await post(v, { types: ['orders'], format: 'csv' });
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toMatchObject({ code: 'EXPORT_TOO_SOON', details: { nextAllowedAt: next } });
    const list = await t.app.inject({ method: 'GET', url: `${v.base}/exports`, headers: v.auth });
    expect(list.json().nextAllowedAt).toBe(next);
    clock.advance(1000);
    expect((await post(v, { types: ['orders'], format: 'csv' })).statusCode).toBe(201);
  });

  it('downloads by the link for 7 days, then answers that the link has expired', async () => {
    const v = await smallVendor();
    clock.advance(DAY_MS);
    const done = await finished(v, (await post(v, { types: ['orders'], format: 'csv' })).json().id);
    const url = done.download?.url ?? '';
    expect(new Date(done.download?.expiresAt ?? 0).getTime() - clock.now().getTime()).toBe(7 * DAY_MS);
    clock.advance(7 * DAY_MS - 1000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('DOWNLOAD_EXPIRED');
    // A link whose signature does not match downloads nothing: 401, as every download link that is not one.
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('TOKEN_INVALID');
  });

  it('records the request and the completion in the audit trail', async () => {
    const v = await smallVendor();
    clock.advance(DAY_MS);
    const done = await finished(v, (await post(v, { types: ['orders'], format: 'json' })).json().id);
    const res = await t.database.db.execute(
      sql`select type from events where vendor_id = ${v.vendorId} and subject_id = ${done.id} order by created_at`,
    );
    expect((res as unknown as { rows: { type: string }[] }).rows.map((r) => r.type)).toEqual([
      'export.requested',
      'export.completed',
    ]);
  });
});
