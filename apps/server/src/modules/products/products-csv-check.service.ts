import {
  CreateProductBody,
  type ImportRowError,
  type PRODUCT_CSV_COLUMNS,
  type PRODUCT_CSV_IMPORT_COLUMNS,
  PRODUCT_LIMITS,
  UpdateProductBody,
} from '@app/contracts/products';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { parseCsv } from './csv';
import { sellsCodes } from './product-view';
import * as repo from './products.repository';

// The import's first step: a file's rows read by header name and checked with the same schemas as the API (line
// numbers, the spec's messages). Nothing is written here.

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
type ImportColumn = (typeof PRODUCT_CSV_IMPORT_COLUMNS)[number];

/** A checked row, stored with a committed import until the job writes it. */
export type PlannedRow = {
  line: number;
  /** The product to update, or null to create. */
  productId: string | null;
  body: Record<string, unknown>;
  category: string;
  subcategory: string | null;
};

const parseMoney = (v: string): number | undefined | typeof NaN => {
  if (v === '') return undefined;
  if (!/^-?\d+(\.\d{1,2})?$/.test(v)) return Number.NaN;
  return Math.round(Number(v) * 100);
};
const parseBool = (v: string, fallback: boolean) =>
  v === ''
    ? fallback
    : ['true', '1', 'yes'].includes(v.toLowerCase())
      ? true
      : ['false', '0', 'no'].includes(v.toLowerCase())
        ? false
        : undefined;
/** A `codes` cell: one code per line or between semicolons (the schema trims them and drops blanks and repeats). */
const splitCodes = (v: string) => v.split(/[;\r\n]+/);
/** Cells the export prefixed with ' so a spreadsheet does not run them as formulas. */
const unescapeCell = (v: string) => (v.startsWith("'") && /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** Parses and checks a file; answers the rows to write and the errors (nothing is written). */
export async function checkImport(
  deps: { db: Db },
  actor: Actor,
  csv: string,
): Promise<{ planned: PlannedRow[]; errors: ImportRowError[]; total: number }> {
  const { db } = deps;
  const records = parseCsv(csv);
  const errors: ImportRowError[] = [];
  const [header, ...data] = records;
  if (!header)
    return { planned: [], errors: [{ line: 1, field: null, message: 'The file is empty' }], total: 0 };
  const index = new Map(header.cells.map((h, i) => [h.trim(), i]));
  const missing = ['name', 'productType', 'price', 'category'].filter((c) => !index.has(c));
  if (missing.length > 0) {
    return {
      planned: [],
      errors: [{ line: 1, field: null, message: `Missing columns: ${missing.join(', ')}` }],
      total: data.length,
    };
  }
  if (data.length > PRODUCT_LIMITS.importMaxRows) {
    return {
      planned: [],
      errors: [{ line: 1, field: null, message: `At most ${PRODUCT_LIMITS.importMaxRows} rows per file` }],
      total: data.length,
    };
  }
  const bots = await repo.vendorBots(db, actor.vendorId);
  const botByName = new Map(bots.map((b) => [b.username.toLowerCase(), b.id]));
  const ids = data
    .map((r) => r.cells[index.get('id') ?? -1]?.trim() ?? '')
    .filter((v) => /^[0-9a-f-]{36}$/i.test(v));
  const skus = data.map((r) => r.cells[index.get('sku') ?? -1]?.trim() ?? '').filter(Boolean);
  const [existing, bySku] = await Promise.all([
    repo.existingProductIds(db, actor.vendorId, ids),
    repo.productIdsBySku(db, actor.vendorId, skus),
  ]);
  const seenSku = new Map<string, number>();
  const seenSlug = new Map<string, number>();
  const planned: PlannedRow[] = [];

  for (const record of data) {
    const cell = (c: ImportColumn) => unescapeCell((record.cells[index.get(c) ?? -1] ?? '').trim());
    const rowErrors: ImportRowError[] = [];
    const fail = (field: string | null, message: string) =>
      rowErrors.push({ line: record.line, field, message });
    if (record.cells.every((c) => c.trim() === '')) continue;

    const type = cell('productType');
    let details: Record<string, unknown> | undefined;
    if (cell('details')) {
      try {
        const parsed = JSON.parse(cell('details'));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) details = parsed;
        else fail('details', 'details must be a JSON object');
      } catch {
        fail('details', 'details must be valid JSON');
      }
    }
    const bool = (c: Column, fallback: boolean) => {
      const v = parseBool(cell(c), fallback);
      if (v === undefined) fail(c, `${c} must be true or false`);
      return v ?? fallback;
    };
    const int = (c: Column) => {
      const v = cell(c);
      if (v === '') return undefined;
      if (!/^\d+$/.test(v)) {
        fail(c, `${c} must be a whole number`);
        return undefined;
      }
      return Number(v);
    };
    const price = parseMoney(cell('price'));
    const moneyOf = (c: Column) => {
      const v = parseMoney(cell(c));
      if (Number.isNaN(v)) fail(c, `${c} must be an amount like 12.50`);
      return Number.isNaN(v) ? undefined : v;
    };
    if (Number.isNaN(price)) fail('price', 'price must be an amount like 12.50');
    const botsCell = cell('bots');
    let botIds: 'all' | string[] = 'all';
    if (botsCell && botsCell.toLowerCase() !== 'all') {
      botIds = [];
      for (const name of botsCell
        .split(';')
        .map((s) => s.trim().replace(/^@/, ''))
        .filter(Boolean)) {
        const id = botByName.get(name.toLowerCase());
        if (id) botIds.push(id);
        else fail('bots', `Unknown bot @${name}`);
      }
    }
    const idCell = cell('id');
    const sku = cell('sku');
    const productId = idCell && existing.has(idCell) ? idCell : sku ? (bySku.get(sku) ?? null) : null;
    // A category is named; the commit creates one that does not exist yet. The id below only satisfies the schema.
    const category = cell('category');
    const body: Record<string, unknown> = {
      name: cell('name') || undefined,
      productType: type,
      price: Number.isNaN(price) ? undefined : price,
      categoryId: category ? '00000000-0000-4000-8000-000000000000' : undefined,
      currency: cell('currency') || undefined,
      sku: sku || undefined,
      barcode: cell('barcode') || undefined,
      comparePrice: moneyOf('comparePrice'),
      costPrice: moneyOf('costPrice'),
      brand: cell('brand') || undefined,
      tags: cell('tags') ? cell('tags').split(';') : [],
      stock: int('stock'),
      minStock: int('minStock'),
      trackInventory: bool('trackInventory', true),
      status: cell('status') || undefined,
      isFeatured: bool('isFeatured', false),
      shortDescription: cell('shortDescription') || undefined,
      description: cell('description') || undefined,
      urlSlug: cell('urlSlug') || undefined,
      botIds,
      ...(type === 'physical' || type === 'digital' || type === 'service' ? { [type]: details ?? {} } : {}),
      codes: cell('codes') ? splitCodes(cell('codes')) : undefined,
    };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const schema = productId ? UpdateProductBody : CreateProductBody;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      // Messages name the field, never a code's value (codes are secrets).
      for (const issue of parsed.error.issues) fail(issue.path.join('.') || null, issue.message);
    } else {
      const b = parsed.data;
      if (
        (b.codes ?? []).length > 0 &&
        !sellsCodes({ productType: b.productType, details: b.digital ?? {} })
      ) {
        fail('codes', 'Only key, ticket, pass and subscription products have codes');
      }
      if (b.sku) {
        const first = seenSku.get(b.sku);
        if (first !== undefined) fail('sku', `SKU ${b.sku} is also on line ${first}`);
        else seenSku.set(b.sku, record.line);
      }
      if (b.urlSlug) {
        const first = seenSlug.get(b.urlSlug);
        if (first !== undefined) fail('urlSlug', `URL slug ${b.urlSlug} is also on line ${first}`);
        else seenSlug.set(b.urlSlug, record.line);
        if (await repo.valueTaken(db, actor.vendorId, 'urlSlug', b.urlSlug, productId ?? undefined)) {
          fail('urlSlug', 'Another product already has this URL slug.');
        }
      }
    }
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else
      planned.push({
        line: record.line,
        productId,
        body,
        category,
        subcategory: cell('subcategory') || null,
      });
  }
  return { planned, errors, total: data.filter((r) => r.cells.some((c) => c.trim() !== '')).length };
}
