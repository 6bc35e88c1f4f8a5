import {
  CreateProductBody,
  type ImportResult,
  type ImportRowError,
  PRODUCT_CSV_COLUMNS,
  type PRODUCT_CSV_IMPORT_COLUMNS,
  PRODUCT_LIMITS,
  type ProductChanges,
  UpdateProductBody,
} from '@app/contracts/products';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  categoryIdsByName,
  createCategoryIn,
  createSubcategoryIn,
  findCategory,
  findSubcategory,
} from '../categories/categories.service';
import { formatCsv, parseCsv } from './csv';
import type { ChangedBy } from './product-events';
import { digitalOf, physicalOf, sellsCodes, serviceOf } from './product-view';
import * as repo from './products.repository';
import type { ProductsService } from './products.service';

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
type ImportColumn = (typeof PRODUCT_CSV_IMPORT_COLUMNS)[number];

/** A checked row, stored with a committed import until the job writes it. */
type PlannedRow = {
  line: number;
  /** The product to update, or null to create. */
  productId: string | null;
  body: Record<string, unknown>;
  category: string;
  subcategory: string | null;
};

const money = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
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
/** A stored import's rows without their codes: once written, the secrets live only in the pool. */
const withoutCodes = (rows: PlannedRow[]) =>
  rows.map(({ body: { codes: _codes, ...body }, ...row }) => ({ ...row, body }));

/** Cells the export prefixed with ' so a spreadsheet does not run them as formulas. */
const unescapeCell = (v: string) => (v.startsWith("'") && /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/**
 * Catalogue CSV (README "Catalogue CSV"): the export writes PRODUCT_CSV_COLUMNS; the import reads them by header
 * name, checks every row with the same schemas as the API (line numbers, the spec's messages), and on commit
 * creates or updates (by id, else by SKU) in a job with progress for large files.
 */
export function createProductsCsvService(deps: {
  db: Db;
  products: ProductsService;
  /** Queues the products.import job; without it (tests) a commit runs in the request. */
  enqueueImport?: (vendorId: string, importId: string) => void;
}) {
  const { db, products } = deps;

  async function exportCsv(actor: Actor): Promise<string> {
    const rows = await repo.allProducts(db, actor.vendorId);
    const ctx = await products.internal.context(actor.vendorId, rows);
    const visibleRows = rows.filter((r) => actor.botIds === 'all' || !r.allBots || actor.botIds.length > 0);
    const lines: string[][] = [[...PRODUCT_CSV_COLUMNS]];
    for (const r of visibleRows) {
      const { botIds, bots } = ctx.botsOf(r);
      if (actor.botIds !== 'all' && botIds !== 'all' && !bots.some((b) => actor.botIds.includes(b.id)))
        continue;
      const details = physicalOf(r) ?? digitalOf(r) ?? serviceOf(r) ?? {};
      const cells: Record<Column, string> = {
        id: r.id,
        name: r.name,
        productType: r.productType,
        sku: r.sku ?? '',
        barcode: r.barcode ?? '',
        price: money(r.priceMinor),
        comparePrice: money(r.comparePriceMinor),
        costPrice: money(r.costPriceMinor),
        currency: r.currency,
        category: ctx.categoryName(r.categoryId)?.name ?? '',
        subcategory: ctx.subcategoryName(r.subcategoryId)?.name ?? '',
        brand: r.brand ?? '',
        tags: r.tags.join(';'),
        stock: String(r.stock),
        minStock: String(r.minStock),
        trackInventory: String(r.trackInventory),
        status: r.status,
        isFeatured: String(r.isFeatured),
        shortDescription: r.shortDescription ?? '',
        description: r.description ?? '',
        urlSlug: r.urlSlug ?? '',
        bots: botIds === 'all' ? 'all' : bots.map((b) => b.username).join(';'),
        details: JSON.stringify(details),
      };
      lines.push(PRODUCT_CSV_COLUMNS.map((c) => cells[c]));
    }
    return formatCsv(lines);
  }

  /** Parses and checks a file; answers the rows to write and the errors (nothing is written). */
  async function check(
    actor: Actor,
    csv: string,
  ): Promise<{ planned: PlannedRow[]; errors: ImportRowError[]; total: number }> {
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

  /** Writes checked rows, each in its own transaction (a row that fails is reported, the rest go on). */
  async function write(
    actor: Pick<Actor, 'vendorId' | 'botIds'>,
    by: ChangedBy,
    rows: PlannedRow[],
    progress: (done: number, created: number, updated: number, errors: ImportRowError[]) => Promise<void>,
  ) {
    const { categories: catIds, subcategories: subIds } = await categoryIdsByName(db, actor.vendorId);

    const plans = await products.internal.planLookup(actor.vendorId);
    let created = 0;
    let updated = 0;
    const errors: ImportRowError[] = [];
    for (const [i, row] of rows.entries()) {
      try {
        await db.transaction(async (tx) => {
          let categoryId = catIds.get(row.category.toLowerCase());
          if (!categoryId) {
            categoryId = (await createCategoryIn(tx, by, row.category)).id;
            catIds.set(row.category.toLowerCase(), categoryId);
          }
          let subcategoryId: string | undefined;
          if (row.subcategory) {
            const key = `${categoryId}/${row.subcategory.toLowerCase()}`;
            subcategoryId = subIds.get(key);
            if (!subcategoryId) {
              const category = await findCategory(tx, actor.vendorId, categoryId);
              if (!category) throw new AppError('CATEGORY_NOT_FOUND');
              subcategoryId = (await createSubcategoryIn(tx, by, category, row.subcategory)).id;
              subIds.set(key, subcategoryId);
            }
          }
          const body = { ...row.body, categoryId, ...(subcategoryId ? { subcategoryId } : {}) };
          if (row.productId) {
            const before = await repo.findProduct(tx, actor.vendorId, row.productId);
            if (!before) throw new AppError('PRODUCT_NOT_FOUND');
            await products.internal.updateIn(
              tx,
              actor,
              by,
              before,
              UpdateProductBody.parse(body) as ProductChanges,
              plans,
            );
            updated++;
          } else {
            await products.internal.createIn(tx, actor, by, CreateProductBody.parse(body), plans);
            created++;
          }
        });
      } catch (err) {
        // The category cache may hold a category the rolled-back transaction created: forget new ones.
        if (!(err instanceof AppError)) throw err;
        errors.push({ line: row.line, field: null, message: err.message });
        for (const [k, v] of catIds) if (!(await findCategory(db, actor.vendorId, v))) catIds.delete(k);
        for (const [k, v] of subIds) {
          const [cat] = k.split('/');
          if (!(await findSubcategory(db, actor.vendorId, cat ?? '', v))) subIds.delete(k);
        }
      }
      if ((i + 1) % 50 === 0) await progress(i + 1, created, updated, errors);
    }
    await progress(rows.length, created, updated, errors);
    return { created, updated, errors };
  }

  function resultOf(row: repo.ProductImportRow): ImportResult {
    const errors = row.errors as ImportRowError[];
    return {
      importId: row.id,
      status: row.status,
      dryRun: false,
      totalRows: row.totalRows,
      validRows: (row.rows as unknown[]).length,
      processedRows: row.processedRows,
      created: row.created,
      updated: row.updated,
      errors,
    };
  }

  /** Runs a committed import (the products.import job, or the request for a small file). Safe to run twice. */
  async function run(vendorId: string, importId: string): Promise<void> {
    const row = await repo.findImport(db, vendorId, importId);
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    await repo.updateImport(db, vendorId, importId, { status: 'running' });
    const actor = { vendorId, botIds: 'all' as const };
    const by: ChangedBy = {
      vendorId,
      kind: row.actorKind === 'staff' ? 'staff' : 'owner',
      telegramId: row.actorTelegramId,
    };
    const earlier = row.errors as ImportRowError[];
    // A rerun (the job was retried) goes on after the rows already written.
    const rows = (row.rows as PlannedRow[]).slice(row.processedRows);
    const base = { done: row.processedRows, created: row.created, updated: row.updated };
    try {
      await write(actor, by, rows, async (done, created, updated, errors) => {
        await repo.updateImport(db, vendorId, importId, {
          processedRows: base.done + done,
          created: base.created + created,
          updated: base.updated + updated,
          errors: [...earlier, ...errors].sort((a, b) => a.line - b.line),
        });
      });
      await repo.updateImport(db, vendorId, importId, {
        status: 'completed',
        rows: withoutCodes(row.rows as PlannedRow[]),
      });
    } catch (err) {
      await repo.updateImport(db, vendorId, importId, {
        status: 'failed',
        rows: withoutCodes(row.rows as PlannedRow[]),
      });
      throw err;
    }
  }

  return {
    exportCsv,
    run,

    /**
     * Dry run: every row checked, errors with line numbers, nothing stored. Commit: the valid rows are stored as
     * an import and written (in the request up to importInlineMaxRows rows, else by the products.import job);
     * invalid rows are reported and skipped.
     */
    async importCsv(actor: Actor, csv: string, dryRun: boolean): Promise<ImportResult> {
      if (actor.botIds !== 'all')
        throw new AppError('FORBIDDEN', 'Only callers on every bot can import a catalogue.');
      const { planned, errors, total } = await check(actor, csv);
      if (dryRun) {
        return {
          importId: null,
          status: 'checked',
          dryRun: true,
          totalRows: total,
          validRows: planned.length,
          processedRows: 0,
          created: 0,
          updated: 0,
          errors,
        };
      }
      const stored = await repo.insertImport(db, {
        vendorId: actor.vendorId,
        status: 'queued',
        rows: planned,
        totalRows: total,
        errors,
        actorKind: actor.kind,
        actorTelegramId: actor.telegramId,
      });
      if (deps.enqueueImport && planned.length > PRODUCT_LIMITS.importInlineMaxRows) {
        deps.enqueueImport(actor.vendorId, stored.id);
      } else {
        await run(actor.vendorId, stored.id);
      }
      return this.importStatus(actor, stored.id);
    },

    async importStatus(actor: Actor, importId: string): Promise<ImportResult> {
      const row = await repo.findImport(db, actor.vendorId, importId);
      if (!row) throw new AppError('IMPORT_NOT_FOUND');
      return resultOf(row);
    },
  };
}

export type ProductsCsvService = ReturnType<typeof createProductsCsvService>;
