import type {
  Category,
  CategoryListResponse,
  CategoryStats,
  CreateCategoryBody as CreateCategoryBodySchema,
  CreateSubcategoryBody,
  DeleteCategoryBody,
  DeleteCategoryResponse,
  DeleteSubcategoryBody,
  UpdateCategoryBody,
} from '@app/contracts/categories';
import type { z } from 'zod';
import type { Conn } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import * as repo from './categories.repository';
import { type CategoriesDeps, categoryEvent, mustFindCategory, othersProducts } from './category-changes';
import {
  createSubcategory,
  removeSubcategory,
  subcategoryView,
  updateSubcategory,
} from './subcategories.service';

// The products' CSV import creates the categories a file names through these, in its own transaction.
export { type CategoryChanger, createCategoryIn, createSubcategoryIn } from './category-changes';

type NewCategory = z.output<typeof CreateCategoryBodySchema>;

/** The vendor's categories and subcategories by lower-cased name (`category` and `categoryId/subcategory`). */
export async function categoryIdsByName(db: Conn, vendorId: string) {
  const categories = new Map<string, string>();
  const subcategories = new Map<string, string>();
  for (const c of await repo.listCategories(db, vendorId)) categories.set(c.name.toLowerCase(), c.id);
  for (const s of await repo.subcategoriesOf(db, vendorId, [...categories.values()]))
    subcategories.set(`${s.categoryId}/${s.name.toLowerCase()}`, s.id);
  return { categories, subcategories };
}

/** The vendor's category, or undefined. */
export const findCategory = (db: Conn, vendorId: string, id: string) => repo.findCategory(db, vendorId, id);

/** The category's subcategory, or undefined. */
export const findSubcategory = (db: Conn, vendorId: string, categoryId: string, id: string) =>
  repo.findSubcategory(db, vendorId, categoryId, id);

/** The categories as the API shows them: subcategories and product counts of the caller's bots. */
async function categoryViews(
  deps: CategoriesDeps,
  actor: Actor,
  rows: repo.CategoryRow[],
): Promise<Category[]> {
  const { db } = deps;
  const [subs, counts] = await Promise.all([
    repo.subcategoriesOf(
      db,
      actor.vendorId,
      rows.map((r) => r.id),
    ),
    repo.productCountsByCategory(db, actor.vendorId, actor.botIds),
  ]);
  const byCategory = new Map<string, number>();
  const bySub = new Map<string, number>();
  for (const c of counts) {
    if (c.categoryId) byCategory.set(c.categoryId, (byCategory.get(c.categoryId) ?? 0) + Number(c.count));
    if (c.subcategoryId) bySub.set(c.subcategoryId, (bySub.get(c.subcategoryId) ?? 0) + Number(c.count));
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    icon: r.icon,
    status: r.status,
    sortOrder: r.sortOrder,
    productCount: byCategory.get(r.id) ?? 0,
    subcategories: subs
      .filter((s) => s.categoryId === r.id)
      .map((s) => subcategoryView(s, bySub.get(s.id) ?? 0)),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** One category as the API shows it. */
async function categoryView(deps: CategoriesDeps, actor: Actor, row: repo.CategoryRow): Promise<Category> {
  const [c] = await categoryViews(deps, actor, [row]);
  if (!c) throw new AppError('CATEGORY_NOT_FOUND');
  return c;
}

/** The caller's category counts (products of the bots they manage). */
export const categoryStats = (deps: CategoriesDeps, actor: Actor): Promise<CategoryStats> =>
  repo.categoryStats(deps.db, actor.vendorId, actor.botIds);

/** The vendor's categories (a search matches subcategory names too), with their stats. */
export async function listCategories(
  deps: CategoriesDeps,
  actor: Actor,
  search?: string,
): Promise<CategoryListResponse> {
  const rows = await repo.listCategories(deps.db, actor.vendorId, search);
  const [categories, stats] = await Promise.all([
    categoryViews(deps, actor, rows),
    categoryStats(deps, actor),
  ]);
  return { categories, stats };
}

/** One category with its subcategories and counts; 404 when not the vendor's. */
export async function getCategory(deps: CategoriesDeps, actor: Actor, categoryId: string): Promise<Category> {
  return categoryView(deps, actor, await mustFindCategory(deps, actor.vendorId, categoryId));
}

/** Creates a category and its subcategories, recording category.created in the same transaction. */
export async function createCategory(
  deps: CategoriesDeps,
  actor: Actor,
  body: NewCategory,
): Promise<Category> {
  const row = await deps.db.transaction(async (tx) => {
    const created = await repo.insertCategory(tx, {
      vendorId: actor.vendorId,
      name: body.name,
      icon: body.icon ?? null,
      status: body.status,
    });
    await repo.insertSubcategories(tx, actor.vendorId, created.id, body.subcategories ?? []);
    await categoryEvent(tx, actor, 'category.created', created);
    return created;
  });
  return categoryView(deps, actor, row);
}

/** Changes what the body names, recording category.updated (with the previous name on a rename). */
export async function updateCategory(
  deps: CategoriesDeps,
  actor: Actor,
  categoryId: string,
  body: UpdateCategoryBody,
): Promise<Category> {
  const changes: Parameters<typeof repo.updateCategory>[3] = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.icon !== undefined) changes.icon = body.icon === '' ? null : body.icon;
  if (body.status !== undefined) changes.status = body.status;
  if (body.sortOrder !== undefined) changes.sortOrder = body.sortOrder;
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findCategory(tx, actor.vendorId, categoryId);
    const after = await repo.updateCategory(tx, actor.vendorId, categoryId, changes);
    if (!before || !after) throw new AppError('CATEGORY_NOT_FOUND');
    await categoryEvent(tx, actor, 'category.updated', after, {
      ...(before.name !== after.name ? { previousName: before.name } : {}),
    });
    return after;
  });
  return categoryView(deps, actor, row);
}

/**
 * Deletes a category and its subcategories. While products hold it: refused with their count, unless the
 * body names another category (and optionally one of its subcategories) to move them to, in one transaction.
 */
export async function removeCategory(
  deps: CategoriesDeps,
  actor: Actor,
  categoryId: string,
  body: DeleteCategoryBody,
): Promise<DeleteCategoryResponse> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findCategory(tx, actor.vendorId, categoryId);
    if (!row) throw new AppError('CATEGORY_NOT_FOUND');
    const counts = await repo.countProductsInCategory(tx, actor.vendorId, categoryId, actor.botIds);
    if (counts.inScope < counts.all) throw othersProducts();
    const count = counts.all;
    let moved = 0;
    if (count > 0) {
      const to = body?.moveToCategoryId;
      if (!to) {
        throw new AppError('CATEGORY_NOT_EMPTY', { productCount: count });
      }
      if (to === categoryId || !(await repo.findCategory(tx, actor.vendorId, to))) {
        throw new AppError('CATEGORY_NOT_FOUND');
      }
      const sub = body?.moveToSubcategoryId;
      if (sub && !(await repo.findSubcategory(tx, actor.vendorId, to, sub))) {
        throw new AppError('SUBCATEGORY_NOT_FOUND');
      }
      moved = await repo.moveCategoryProducts(tx, actor.vendorId, categoryId, {
        categoryId: to,
        subcategoryId: sub ?? null,
      });
    }
    await repo.deleteCategory(tx, actor.vendorId, categoryId);
    await categoryEvent(tx, actor, 'category.deleted', row, {
      movedProducts: moved,
      movedToCategoryId: moved > 0 ? (body?.moveToCategoryId ?? null) : null,
    });
    return { deleted: true as const, movedProducts: moved };
  });
}

/**
 * Categories and subcategories of a vendor (spec part 2 §3.6, §5.4): counts real, deletes never orphan products.
 * Categories are the vendor's, shared by every bot; a staff member held to some bots sees them all, but their
 * product counts are of the products those bots sell. Every method is bound to `deps`, safe to pass unbound.
 */
export function createCategoriesService(deps: CategoriesDeps) {
  return {
    list: (actor: Actor, search?: string) => listCategories(deps, actor, search),
    stats: (actor: Actor) => categoryStats(deps, actor),
    get: (actor: Actor, categoryId: string) => getCategory(deps, actor, categoryId),
    create: (actor: Actor, body: NewCategory) => createCategory(deps, actor, body),
    update: (actor: Actor, categoryId: string, body: UpdateCategoryBody) =>
      updateCategory(deps, actor, categoryId, body),
    remove: (actor: Actor, categoryId: string, body: DeleteCategoryBody) =>
      removeCategory(deps, actor, categoryId, body),
    createSubcategory: (actor: Actor, categoryId: string, body: CreateSubcategoryBody) =>
      createSubcategory(deps, actor, categoryId, body),
    updateSubcategory: (
      actor: Actor,
      categoryId: string,
      subcategoryId: string,
      body: CreateSubcategoryBody,
    ) => updateSubcategory(deps, actor, categoryId, subcategoryId, body),
    removeSubcategory: (
      actor: Actor,
      categoryId: string,
      subcategoryId: string,
      body: DeleteSubcategoryBody,
    ) => removeSubcategory(deps, actor, categoryId, subcategoryId, body),
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
