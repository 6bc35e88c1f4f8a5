import type {
  Category,
  CategoryListResponse,
  CategoryStats,
  CreateCategoryBody as CreateCategoryBodySchema,
  CreateSubcategoryBody,
  DeleteCategoryBody,
  DeleteCategoryResponse,
  DeleteSubcategoryBody,
  Subcategory,
  UpdateCategoryBody,
} from '@app/contracts/categories';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import * as repo from './categories.repository';

type NewCategory = z.output<typeof CreateCategoryBodySchema>;

/** Categories and subcategories of a vendor (spec part 2 §3.6, §5.4): counts real, deletes never orphan products. */
export function createCategoriesService(deps: { db: Db }) {
  const { db } = deps;

  async function view(vendorId: string, rows: repo.CategoryRow[]): Promise<Category[]> {
    const [subs, counts] = await Promise.all([
      repo.subcategoriesOf(
        db,
        vendorId,
        rows.map((r) => r.id),
      ),
      repo.productCountsByCategory(db, vendorId),
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
      subcategories: subs.filter((s) => s.categoryId === r.id).map((s) => subView(s, bySub.get(s.id) ?? 0)),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  const subView = (s: repo.SubcategoryRow, productCount: number): Subcategory => ({
    id: s.id,
    categoryId: s.categoryId,
    name: s.name,
    productCount,
  });

  async function mustFind(vendorId: string, categoryId: string) {
    const row = await repo.findCategory(db, vendorId, categoryId);
    if (!row) throw new AppError('CATEGORY_NOT_FOUND');
    return row;
  }

  async function one(vendorId: string, row: repo.CategoryRow): Promise<Category> {
    const [c] = await view(vendorId, [row]);
    if (!c) throw new AppError('CATEGORY_NOT_FOUND');
    return c;
  }

  return {
    async list(actor: Actor, search?: string): Promise<CategoryListResponse> {
      const rows = await repo.listCategories(db, actor.vendorId, search);
      const [categories, stats] = await Promise.all([view(actor.vendorId, rows), this.stats(actor)]);
      return { categories, stats };
    },

    stats: (actor: Actor): Promise<CategoryStats> => repo.categoryStats(db, actor.vendorId),

    async get(actor: Actor, categoryId: string): Promise<Category> {
      return one(actor.vendorId, await mustFind(actor.vendorId, categoryId));
    },

    async create(actor: Actor, body: NewCategory): Promise<Category> {
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertCategory(tx, {
          vendorId: actor.vendorId,
          name: body.name,
          icon: body.icon ?? null,
          status: body.status,
        });
        await repo.insertSubcategories(tx, actor.vendorId, created.id, body.subcategories ?? []);
        return created;
      });
      return one(actor.vendorId, row);
    },

    async update(actor: Actor, categoryId: string, body: UpdateCategoryBody): Promise<Category> {
      const changes: Parameters<typeof repo.updateCategory>[3] = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.icon !== undefined) changes.icon = body.icon === '' ? null : body.icon;
      if (body.status !== undefined) changes.status = body.status;
      if (body.sortOrder !== undefined) changes.sortOrder = body.sortOrder;
      const row = await repo.updateCategory(db, actor.vendorId, categoryId, changes);
      if (!row) throw new AppError('CATEGORY_NOT_FOUND');
      return one(actor.vendorId, row);
    },

    /**
     * Deletes a category and its subcategories. While products hold it: refused with their count, unless the
     * body names another category (and optionally one of its subcategories) to move them to, in one transaction.
     */
    async remove(
      actor: Actor,
      categoryId: string,
      body: DeleteCategoryBody,
    ): Promise<DeleteCategoryResponse> {
      return db.transaction(async (tx) => {
        const row = await repo.findCategory(tx, actor.vendorId, categoryId);
        if (!row) throw new AppError('CATEGORY_NOT_FOUND');
        const count = await repo.countProductsInCategory(tx, actor.vendorId, categoryId);
        let moved = 0;
        if (count > 0) {
          const to = body?.moveToCategoryId;
          if (!to) {
            throw new AppError(
              'CATEGORY_NOT_EMPTY',
              `This category still has ${count} product${count === 1 ? '' : 's'}. Move them to another category first.`,
              { productCount: count },
            );
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
        return { deleted: true as const, movedProducts: moved };
      });
    },

    async createSubcategory(
      actor: Actor,
      categoryId: string,
      body: CreateSubcategoryBody,
    ): Promise<Subcategory> {
      await mustFind(actor.vendorId, categoryId);
      const [row] = await repo.insertSubcategories(db, actor.vendorId, categoryId, [body.name]);
      if (!row) throw new Error('insert returned no row');
      return subView(row, 0);
    },

    async updateSubcategory(
      actor: Actor,
      categoryId: string,
      subcategoryId: string,
      body: CreateSubcategoryBody,
    ): Promise<Subcategory> {
      const found = await repo.findSubcategory(db, actor.vendorId, categoryId, subcategoryId);
      if (!found) throw new AppError('SUBCATEGORY_NOT_FOUND');
      const row = await repo.updateSubcategory(db, actor.vendorId, subcategoryId, body.name);
      if (!row) throw new AppError('SUBCATEGORY_NOT_FOUND');
      return subView(row, await repo.countProductsInSubcategory(db, actor.vendorId, subcategoryId));
    },

    /**
     * Deletes a subcategory. While products hold it: refused with their count, unless the body moves them to
     * another subcategory of the same category or detaches them (they stay in the category).
     */
    async removeSubcategory(
      actor: Actor,
      categoryId: string,
      subcategoryId: string,
      body: DeleteSubcategoryBody,
    ): Promise<DeleteCategoryResponse> {
      return db.transaction(async (tx) => {
        const found = await repo.findSubcategory(tx, actor.vendorId, categoryId, subcategoryId);
        if (!found) throw new AppError('SUBCATEGORY_NOT_FOUND');
        const count = await repo.countProductsInSubcategory(tx, actor.vendorId, subcategoryId);
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
            throw new AppError(
              'SUBCATEGORY_NOT_EMPTY',
              `This subcategory still has ${count} product${count === 1 ? '' : 's'}. Move them first.`,
              { productCount: count },
            );
          }
        }
        await repo.deleteSubcategory(tx, actor.vendorId, subcategoryId);
        return { deleted: true as const, movedProducts: moved };
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
