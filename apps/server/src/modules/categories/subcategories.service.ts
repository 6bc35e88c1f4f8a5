import type {
  CreateSubcategoryBody,
  DeleteCategoryResponse,
  DeleteSubcategoryBody,
  Subcategory,
} from '@app/contracts/categories';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import * as repo from './categories.repository';
import {
  type CategoriesDeps,
  categoryEvent,
  createSubcategoryIn,
  mustFindCategory,
  othersProducts,
} from './category-changes';

// A category's subcategories: add, rename, delete. Each change is recorded as its category's update.

/** A subcategory as the API shows it. */
export const subcategoryView = (s: repo.SubcategoryRow, productCount: number): Subcategory => ({
  id: s.id,
  categoryId: s.categoryId,
  name: s.name,
  productCount,
});

/** Adds a subcategory to the vendor's category, recorded as the category's update. */
export async function createSubcategory(
  deps: CategoriesDeps,
  actor: Actor,
  categoryId: string,
  body: CreateSubcategoryBody,
): Promise<Subcategory> {
  const category = await mustFindCategory(deps, actor.vendorId, categoryId);
  const row = await deps.db.transaction((tx) => createSubcategoryIn(tx, actor, category, body.name));
  return subcategoryView(row, 0);
}

/** Renames a subcategory, recorded as its category's update with the previous name. */
export async function updateSubcategory(
  deps: CategoriesDeps,
  actor: Actor,
  categoryId: string,
  subcategoryId: string,
  body: CreateSubcategoryBody,
): Promise<Subcategory> {
  const { db } = deps;
  const category = await mustFindCategory(deps, actor.vendorId, categoryId);
  const found = await repo.findSubcategory(db, actor.vendorId, categoryId, subcategoryId);
  if (!found) throw new AppError('SUBCATEGORY_NOT_FOUND');
  const row = await db.transaction(async (tx) => {
    const renamed = await repo.updateSubcategory(tx, actor.vendorId, subcategoryId, body.name);
    if (!renamed) throw new AppError('SUBCATEGORY_NOT_FOUND');
    await categoryEvent(tx, actor, 'category.updated', category, {
      change: 'subcategory_renamed',
      subcategoryId,
      subcategoryName: renamed.name,
      previousName: found.name,
    });
    return renamed;
  });
  const counts = await repo.countProductsInSubcategory(db, actor.vendorId, subcategoryId, actor.botIds);
  return subcategoryView(row, counts.inScope);
}

/**
 * Deletes a subcategory. While products hold it: refused with their count, unless the body moves them to
 * another subcategory of the same category or detaches them (they stay in the category).
 */
export async function removeSubcategory(
  deps: CategoriesDeps,
  actor: Actor,
  categoryId: string,
  subcategoryId: string,
  body: DeleteSubcategoryBody,
): Promise<DeleteCategoryResponse> {
  const category = await mustFindCategory(deps, actor.vendorId, categoryId);
  return deps.db.transaction(async (tx) => {
    const found = await repo.findSubcategory(tx, actor.vendorId, categoryId, subcategoryId);
    if (!found) throw new AppError('SUBCATEGORY_NOT_FOUND');
    const counts = await repo.countProductsInSubcategory(tx, actor.vendorId, subcategoryId, actor.botIds);
    if (counts.inScope < counts.all) throw othersProducts();
    const count = counts.all;
    let moved = 0;
    if (count > 0) {
      const to = body?.moveToSubcategoryId;
      if (to) {
        if (to === subcategoryId || !(await repo.findSubcategory(tx, actor.vendorId, categoryId, to))) {
          throw new AppError('SUBCATEGORY_NOT_FOUND');
        }
        moved = await repo.moveSubcategoryProducts(tx, actor.vendorId, subcategoryId, to);
      } else if (body?.detach) {
        moved = await repo.moveSubcategoryProducts(tx, actor.vendorId, subcategoryId, null);
      } else {
        throw new AppError('SUBCATEGORY_NOT_EMPTY', { productCount: count });
      }
    }
    await repo.deleteSubcategory(tx, actor.vendorId, subcategoryId);
    await categoryEvent(tx, actor, 'category.updated', category, {
      change: 'subcategory_deleted',
      subcategoryId,
      subcategoryName: found.name,
      movedProducts: moved,
    });
    return { deleted: true as const, movedProducts: moved };
  });
}
