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
import { readPage } from './exports.repository';
import { createExportsService } from './exports.service';

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

  it('reads back each type with the values the API shows for the same vendor', async () => {
    const v = await smallVendor();
    const get = async <T>(path: string) =>
      (await t.app.inject({ method: 'GET', url: `${v.base}${path}`, headers: v.auth })).json() as T;
    const byId = (records: Record<string, string>[]) => new Map(records.map((r) => [r.id, r]));

    const orders = byId(await recordsOf(await exportOf(v, 'orders', 'csv'), 'csv'));
    const apiOrders = await get<{
      orders: {
        id: string;
        number: number;
        status: string;
        amount: number;
        currency: string;
        items: number;
      }[];
    }>('/orders');
    expect(orders.size).toBe(apiOrders.orders.length);
    for (const o of apiOrders.orders) {
      expect(orders.get(o.id), o.id).toMatchObject({
        number: String(o.number),
        status: o.status,
        total_minor: String(o.amount),
        currency: o.currency,
        item_count: String(o.items),
      });
    }

    const customers = byId(await recordsOf(await exportOf(v, 'customers', 'json'), 'json'));
    const apiCustomers = await get<{
      customers: { id: string; firstName: string; telegramId: number; orders: number; totalSpent: number }[];
    }>('/customers');
    expect(customers.size).toBe(apiCustomers.customers.length);
    for (const c of apiCustomers.customers) {
      expect(customers.get(c.id), c.id).toMatchObject({
        first_name: c.firstName,
        telegram_id: String(c.telegramId),
        order_count: String(c.orders),
        total_spent_minor: String(c.totalSpent),
      });
    }

    const products = byId(await recordsOf(await exportOf(v, 'products', 'json'), 'json'));
    const apiProducts = await get<{
      products: { id: string; name: string; price: number; stock: number; sku: string | null }[];
    }>('/products');
    expect(products.size).toBe(apiProducts.products.length);
    for (const p of apiProducts.products) {
      expect(products.get(p.id), p.id).toMatchObject({
        name: p.name,
        price_minor: String(p.price),
        stock: String(p.stock),
        sku: p.sku ?? '',
      });
    }

    const items = await recordsOf(await exportOf(v, 'order_items', 'csv'), 'csv');
    expect(items.map((i) => i.order_id).sort()).toEqual([...orders.keys()].sort());
  });

  it('exports payments with their invoices (payments and invoices), as the API lists the invoices', async () => {
    const v = await vendor(t.app);
    const db = t.database.db;
    const paid = (await db.execute(sql`insert into payments (vendor_id, purpose, method, status, amount_minor)
      values (${v.vendorId}, 'topup', 'stars', 'completed', 1500) returning id`)) as unknown as {
      rows: { id: string }[];
    };
    const paymentId = paid.rows[0]?.id ?? '';
    await db.execute(sql`insert into payments (vendor_id, purpose, method, status, amount_minor)
      values (${v.vendorId}, 'topup', 'ltc', 'pending', 700)`);
    await db.execute(sql`insert into invoices (vendor_id, number, payment_id, purpose, amount_minor, method)
      values (${v.vendorId}, ${`INV-T-${paymentId.slice(0, 8)}`}, ${paymentId}, 'topup', 1500, 'stars')`);
    const api = (
      await t.app.inject({ method: 'GET', url: `${v.base}/invoices`, headers: v.auth })
    ).json() as { invoices: { number: string; paymentId: string; status: string }[] };
    expect(api.invoices).toHaveLength(1);

    for (const format of ['csv', 'xlsx'] as const) {
      const records = await recordsOf(await exportOf(v, 'payments', format), format);
      expect(records, format).toHaveLength(2);
      const withInvoice = records.find((r) => r.id === paymentId);
      expect(withInvoice, format).toMatchObject({
        invoice_number: api.invoices[0]?.number,
        invoice_status: api.invoices[0]?.status,
      });
      expect(records.find((r) => r.id !== paymentId)?.invoice_number, format).toBe('');
    }
  });

  it('estimates each data type from the server counts: rows, and a size for the rows there are', async () => {
    const v = await smallVendor();
    const res = await t.app.inject({ method: 'GET', url: `${v.base}/exports/estimate`, headers: v.auth });
    expect(res.statusCode).toBe(200);
    const estimates = new Map(
      (res.json() as { estimates: { type: string; rows: number; bytes: number }[] }).estimates.map((e) => [
        e.type,
        e,
      ]),
    );
    expect([...estimates.keys()].sort()).toEqual([
      'activity',
      'analytics',
      'categories',
      'customers',
      'order_items',
      'orders',
      'payments',
      'products',
    ]);
    expect(estimates.get('orders')?.rows).toBe(2);
    expect(estimates.get('customers')?.rows).toBe(2);
    expect(estimates.get('orders')?.bytes).toBeGreaterThan(100);
    expect(estimates.get('categories')).toMatchObject({ rows: 0, bytes: 0 });
    // The estimate is near the file: a CSV of the orders is within a factor of two of it.
    const file = await exportOf(v, 'orders', 'csv');
    const bytes = estimates.get('orders')?.bytes ?? 0;
    expect(file.length).toBeGreaterThan(bytes / 2);
    expect(file.length).toBeLessThan(bytes * 2);
  });

  it('estimates within the chosen range: a custom range before the orders counts none', async () => {
    const v = await smallVendor();
    const res = await t.app.inject({
      method: 'GET',
      url: `${v.base}/exports/estimate?range=custom&from=2001-01-01&to=2001-12-31`,
      headers: v.auth,
    });
    expect(res.statusCode).toBe(200);
    const orders = (res.json() as { estimates: { type: string; rows: number }[] }).estimates.find(
      (e) => e.type === 'orders',
    );
    expect(orders?.rows).toBe(0);
  });

  it('refuses an estimate for a custom range that ends before it starts, with the spec words', async () => {
    const v = await vendor(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `${v.base}/exports/estimate?range=custom&from=2026-05-02&to=2026-05-01`,
      headers: v.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'EXPORT_RANGE_INVALID',
      message: 'The start date must not be after the end date.',
    });
  });

  it('deletes an export file once its 7-day link has expired, and keeps the export as expired', async () => {
    const v = await smallVendor();
    clock.advance(DAY_MS);
    const done = await finished(v, (await post(v, { types: ['orders'], format: 'csv' })).json().id);
    const storage = createLocalStorage(dir);
    const sweeper = createExportsService({
      db: t.database.db,
      storage,
      linkKey: new Uint8Array(32),
      now: clock.now,
    });
    const [row] = (
      (await t.database.db.execute(
        sql`select file_key from data_exports where id = ${done.id}`,
      )) as unknown as { rows: { file_key: string }[] }
    ).rows;
    const key = row?.file_key ?? '';
    expect(await storage.exists(key)).toBe(true);

    clock.advance(7 * DAY_MS - 1000);
    await sweeper.sweepExpired();
    expect(await storage.exists(key)).toBe(true);

    clock.advance(2000);
    await sweeper.sweepExpired();
    expect(await storage.exists(key)).toBe(false);
    const after = (
      await t.app.inject({ method: 'GET', url: `${v.base}/exports/${done.id}`, headers: v.auth })
    ).json() as DataExport;
    expect(after).toMatchObject({ status: 'expired', download: null });
    // A second sweep finds nothing more to do.
    await sweeper.sweepExpired();
  });

  it('walks a type page by page on its key (uuid or day), each row once', async () => {
    const v = await smallVendor();
    for (const type of ['orders', 'customers', 'analytics'] as const) {
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page = await readPage(t.database.db, type, v.vendorId, null, after, 1);
        if (page.rows.length === 0 || page.last === null) break;
        seen.push(page.last);
        after = page.last;
      }
      expect(new Set(seen).size, type).toBe(seen.length);
      expect([...seen].sort(), type).toEqual(seen);
      if (type !== 'analytics') expect(seen, type).toHaveLength(2);
    }
  });
});
