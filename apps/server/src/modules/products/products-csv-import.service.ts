import {
  CreateProductBody,
  type ImportResult,
  type ImportRowError,
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
import type { ChangedBy } from './product-events';
import * as repo from './products.repository';
import type { ProductsService } from './products.service';
import { checkImport, type PlannedRow } from './products-csv-check.service';

// The import's commit: the checked rows stored as an import, then written (creating the categories a file names)
// in the request or by the products.import job, with progress.

/** What the import writes with. */
export type ProductsCsvImportDeps = {
  db: Db;
  products: ProductsService;
  /** Queues the products.import job; without it (tests) a commit runs in the request. */
  enqueueImport?: (vendorId: string, importId: string) => void;
};

/** A stored import's rows without their codes: once written, the secrets live only in the pool. */
const withoutCodes = (rows: PlannedRow[]) =>
  rows.map(({ body: { codes: _codes, ...body }, ...row }) => ({ ...row, body }));

/** Writes checked rows, each in its own transaction (a row that fails is reported, the rest go on). */
async function writeRows(
  deps: ProductsCsvImportDeps,
  actor: Pick<Actor, 'vendorId' | 'botIds'>,
  by: ChangedBy,
  rows: PlannedRow[],
  progress: (done: number, created: number, updated: number, errors: ImportRowError[]) => Promise<void>,
) {
  const { db, products } = deps;
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

/** A stored import as the API shows it. */
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
export async function runImport(
  deps: ProductsCsvImportDeps,
  vendorId: string,
  importId: string,
): Promise<void> {
  const { db } = deps;
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
    await writeRows(deps, actor, by, rows, async (done, created, updated, errors) => {
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

/**
 * Dry run: every row checked, errors with line numbers, nothing stored. Commit: the valid rows are stored as
 * an import and written (in the request up to importInlineMaxRows rows, else by the products.import job);
 * invalid rows are reported and skipped.
 */
export async function importCsv(
  deps: ProductsCsvImportDeps,
  actor: Actor,
  csv: string,
  dryRun: boolean,
): Promise<ImportResult> {
  if (actor.botIds !== 'all') throw new AppError('IMPORT_NEEDS_ALL_BOTS');
  const { planned, errors, total } = await checkImport(deps, actor, csv);
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
  const stored = await repo.insertImport(deps.db, {
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
    await runImport(deps, actor.vendorId, stored.id);
  }
  return importStatus(deps, actor, stored.id);
}

/** A stored import's progress and result; 404 when not the vendor's. */
export async function importStatus(
  deps: ProductsCsvImportDeps,
  actor: Actor,
  importId: string,
): Promise<ImportResult> {
  const row = await repo.findImport(deps.db, actor.vendorId, importId);
  if (!row) throw new AppError('IMPORT_NOT_FOUND');
  return resultOf(row);
}
