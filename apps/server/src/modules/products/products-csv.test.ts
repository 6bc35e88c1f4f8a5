import { DOWNLOAD_LINK_TTL_S, type DownloadLink } from '@app/contracts/common';
import { type ImportResult, PRODUCT_MESSAGES, type ProductListResponse } from '@app/contracts/products';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCategory, createProduct, productBody, type Vendor, vendor } from '../../../test/factories';
import { createTestApp, signIn, type TestApp, telegramUser } from '../../../test/harness';
import { events, productImports, telegramIdentities } from '../../db/schema/index';
import type { StaffGrant } from '../auth/actor-resolver';

let t: TestApp;
let v: Vendor;

beforeEach(async () => {
  t = await createTestApp();
  v = await vendor(t.app);
});
afterEach(() => t.app.close());

const importCsv = async (csv: string, dryRun: boolean) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `${v.base}/products/import?dryRun=${dryRun}`,
    headers: v.auth,
    payload: { csv },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ImportResult;
};
const exportCsv = async () => {
  const res = await t.app.inject({ method: 'GET', url: `${v.base}/products/export`, headers: v.auth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body;
};
const listAll = async () =>
  (
    await t.app.inject({ method: 'GET', url: `${v.base}/products?limit=100`, headers: v.auth })
  ).json() as ProductListResponse;

const HEADER = 'name,productType,sku,price,category,subcategory,stock,tags,details';

describe('bulk import', () => {
  it('dry-run answers every bad row with its line and the spec message, and stores nothing', async () => {
    const csv = [
      HEADER,
      'Crew Tee,physical,TEE-1,24.00,Clothing,T-Shirts,10,cotton;basics,',
      ',physical,TEE-2,24.00,Clothing,,10,,',
      'Cap,physical,CAP-1,,Clothing,,10,,',
      '"Multi',
      'line name",physical,TEE-1,5.00,Clothing,,3,,',
      'Yoga class,service,YOGA,15.00,Wellness,,,,"{""durationUnit"":""hours""}"',
      'Guide,digital,GUIDE,abc,Books,,,,',
    ].join('\n');
    const result = await importCsv(csv, true);
    expect(result).toMatchObject({
      dryRun: true,
      status: 'checked',
      totalRows: 6,
      validRows: 1,
      importId: null,
    });
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { line: 3, field: 'name', message: PRODUCT_MESSAGES.requiredFields },
        { line: 4, field: 'price', message: PRODUCT_MESSAGES.requiredFields },
        { line: 5, field: 'sku', message: 'SKU TEE-1 is also on line 2' },
        { line: 7, field: 'service.duration', message: PRODUCT_MESSAGES.durationRequired },
        { line: 8, field: 'price', message: 'price must be an amount like 12.50' },
      ]),
    );
    expect((await listAll()).total).toBe(0);
  });

  it('commits the valid rows, creating missing categories, and reports the rest', async () => {
    const csv = [
      HEADER,
      'Crew Tee,physical,TEE-1,24.00,Clothing,T-Shirts,10,cotton;basics,"{""weight"":0.2}"',
      'Bad,physical,BAD-1,,Clothing,,1,,',
      'Yoga class,service,YOGA,15.50,Wellness,,,,"{""duration"":60,""durationUnit"":""minutes""}"',
    ].join('\n');
    const result = await importCsv(csv, false);
    expect(result).toMatchObject({
      status: 'completed',
      created: 2,
      updated: 0,
      processedRows: 2,
      totalRows: 3,
    });
    expect(result.errors.map((e) => e.line)).toEqual([3]);
    const status = await t.app.inject({
      method: 'GET',
      url: `${v.base}/products/import/${result.importId}`,
      headers: v.auth,
    });
    expect(status.json()).toMatchObject({ status: 'completed', created: 2 });
    const products = (await listAll()).products;
    expect(products.map((p) => [p.name, p.price, p.category?.name, p.subcategory?.name]).sort()).toEqual([
      ['Crew Tee', 2400, 'Clothing', 'T-Shirts'],
      ['Yoga class', 1550, 'Wellness', undefined],
    ]);
  });

  it('records the categories and subcategories a commit creates as their events', async () => {
    const csv = [HEADER, 'Crew Tee,physical,TEE-1,24.00,Clothing,T-Shirts,10,,'].join('\n');
    await importCsv(csv, false);
    const recorded = await t.database.db
      .select({ type: events.type, payload: events.payload, actor: events.actorKind })
      .from(events)
      .where(eq(events.subjectKind, 'category'))
      .orderBy(asc(events.createdAt));
    expect(recorded).toEqual([
      { type: 'category.created', payload: { categoryName: 'Clothing' }, actor: 'owner' },
      {
        type: 'category.updated',
        payload: expect.objectContaining({ change: 'subcategory_added', subcategoryName: 'T-Shirts' }),
        actor: 'owner',
      },
    ]);
  });

  it('exports the catalogue with the same columns and imports it back unchanged (round trip)', async () => {
    const c = await createCategory(t.app, v, 'Clothing', ['T-Shirts']);
    await createProduct(
      t.app,
      v,
      productBody('physical', c.id, {
        name: 'Tee, "classic"',
        sku: 'TEE-1',
        subcategoryId: c.subcategories[0]?.id ?? '',
        tags: ['a', 'b'],
        description: 'Line one\nline two',
        physical: { weight: 0.2, countryOfOrigin: 'PT' },
        comparePrice: 3000,
      }),
    );
    await createProduct(t.app, v, productBody('service', c.id, { name: '=Styling', sku: 'SVC-1' }));
    const before = await exportCsv();
    expect(before.split('\r\n')[0]).toBe(
      'id,name,productType,sku,barcode,price,comparePrice,costPrice,currency,category,subcategory,brand,tags,stock,minStock,trackInventory,status,isFeatured,shortDescription,description,urlSlug,bots,details',
    );
    expect(before).toContain("'=Styling");
    const dry = await importCsv(before, true);
    expect(dry.errors).toEqual([]);
    const result = await importCsv(before, false);
    expect(result).toMatchObject({ created: 0, updated: 2, errors: [] });
    const after = await exportCsv();
    const strip = (csv: string) => csv.split('\r\n').sort();
    expect(strip(after)).toEqual(strip(before));
    expect((await listAll()).products.map((p) => p.name).sort()).toEqual(['=Styling', 'Tee, "classic"']);
  });

  it('fills a key product’s pool from a codes column, never exports codes, and keeps none in the stored import', async () => {
    const key = '"{""digitalType"":""product_key"",""keyType"":""software""}"';
    const csv = [
      'name,productType,sku,price,category,stock,details,codes',
      // One code per line in a quoted cell, or between semicolons (this row spans lines 2 and 3).
      `Game key,digital,KEY-1,20.00,Games,,${key},"AAAA-BBBB-CCCC-DDDD\nEEEE-FFFF-GGGG-HHHH;AAAA-BBBB-CCCC-DDDD"`,
      `No keys,digital,KEY-2,20.00,Games,,${key},`,
      'Tee,physical,TEE-1,9.00,Clothing,5,,SECRET-1',
    ].join('\n');
    const dry = await importCsv(csv, true);
    expect(dry.errors).toEqual([
      { line: 4, field: 'codes', message: PRODUCT_MESSAGES.keysRequired },
      { line: 5, field: 'codes', message: 'Only key, ticket, pass and subscription products have codes' },
    ]);
    expect(JSON.stringify(dry)).not.toContain('SECRET-1');
    const result = await importCsv(csv, false);
    expect(result).toMatchObject({ created: 1 });
    const game = (await listAll()).products.find((p) => p.sku === 'KEY-1');
    expect(game?.stock).toBe(2);
    const pool = await t.app.inject({
      method: 'GET',
      url: `${v.base}/products/${game?.id}/codes`,
      headers: v.auth,
    });
    expect(pool.json().counts).toEqual({ total: 2, issued: 0, available: 2 });
    const exported = await exportCsv();
    expect(exported).not.toContain('AAAA-BBBB');
    expect(exported.split('\r\n')[0]).not.toContain('codes');
    const [stored] = await t.database.db.select({ rows: productImports.rows }).from(productImports);
    expect(JSON.stringify(stored?.rows)).not.toContain('AAAA-BBBB');
  });

  it('adds a codes column’s codes to an existing pool on update (duplicates skipped)', async () => {
    const c = await createCategory(t.app, v, 'Games', []);
    const p = await createProduct(t.app, v, productBody('key', c.id, { sku: 'KEY-1' }));
    const csv = [
      'id,name,productType,sku,price,category,details,codes',
      `${p.id},Game key,digital,KEY-1,20.00,Games,"{""digitalType"":""product_key""}",AAAA-BBBB-CCCC-DDDD;ZZZZ-YYYY-XXXX-WWWW`,
    ].join('\n');
    expect(await importCsv(csv, false)).toMatchObject({ updated: 1, errors: [] });
    const pool = await t.app.inject({
      method: 'GET',
      url: `${v.base}/products/${p.id}/codes`,
      headers: v.auth,
    });
    expect(pool.json().counts).toEqual({ total: 3, issued: 0, available: 3 });
  });
});

describe('export link', () => {
  const exportLink = async (who = v) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${who.base}/products/export/link`,
      headers: who.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as DownloadLink;
  };
  const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });

  it('downloads the catalogue CSV without a session, as the caller who asked for the link', async () => {
    const c = await createCategory(t.app, v, 'Clothing', []);
    await createProduct(t.app, v, productBody('physical', c.id, { name: 'Crew Tee' }));
    const link = await exportLink();
    expect(link.url).toMatch(/^\/api\/v1\/downloads\/products\.csv\?token=/);
    const res = await fetchLink(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(res.body).toBe(await exportCsv());
    expect(res.body).toContain('Crew Tee');
  });

  it('refuses a link once it has expired, or a token that is not a link', async () => {
    const link = await exportLink();
    const token = new URL(link.url, 'http://x').searchParams.get('token') ?? '';
    // The link's token is no access token either.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: `${v.base}/products`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const accessToken = v.auth.authorization.replace('Bearer ', '');
    expect((await fetchLink(`/api/v1/downloads/products.csv?token=${accessToken}`)).statusCode).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (DOWNLOAD_LINK_TTL_S + 5) * 1000);
      const late = await fetchLink(link.url);
      expect(late.statusCode).toBe(401);
      expect(late.json().error.code).toBe('TOKEN_INVALID');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops working for a staff member who no longer has the products permission', async () => {
    await t.app.close();
    let grant: StaffGrant | null = { permissions: ['products'], botIds: 'all' };
    const staffUser = telegramUser({ first_name: 'Sam' });
    t = await createTestApp({
      findStaffGrant: async (vendorId, telegramId) =>
        vendorId === v.vendorId && telegramId === staffUser.id ? grant : null,
    });
    v = await vendor(t.app);
    await t.database.db
      .insert(telegramIdentities)
      .values({ vendorId: v.vendorId, telegramId: staffUser.id, role: 'STAFF', firstName: 'Sam' });
    const session = await signIn(t.app, staffUser);
    const staff: Vendor = { ...v, auth: { authorization: `Bearer ${session.accessToken}` } };
    const link = await exportLink(staff);
    expect((await fetchLink(link.url)).statusCode).toBe(200);
    grant = { permissions: ['orders'], botIds: 'all' };
    expect((await fetchLink(link.url)).statusCode).toBe(403);
    grant = null;
    expect((await fetchLink(link.url)).statusCode).toBe(403);
  });
});
