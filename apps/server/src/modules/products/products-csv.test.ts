import { type ImportResult, PRODUCT_MESSAGES, type ProductListResponse } from '@app/contracts/products';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Vendor, vendor } from '../bots/test-helpers';
import { createCategory, createProduct, productBody } from './test-helpers';

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
});
