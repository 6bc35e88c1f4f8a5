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
import type { Conn, Db, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../events/record-event';
import * as repo from './categories.repository';

type NewCategory = z.output<typeof CreateCategoryBodySchema>;

type CategoryEvent = 'category.created' | 'category.updated' | 'category.deleted';

/** Who changes a category: a caller (owner or staff), or the system (a job acting for nobody in particular). */
export type CategoryChanger = Pick<Actor, 'vendorId'> & {
  kind: 'owner' | 'staff' | 'system';
  telegramId: number | null;
};

/** Records a change to a category (subcategory changes are the category's updates), for the feed and the audit. */
async function categoryEvent(
  tx: Tx,
  by: CategoryChanger,
  type: CategoryEvent,
  category: Pick<repo.CategoryRow, 'id' | 'name'>,
  payload: Record<string, string | number | null> = {},
) {
  await recordEvent(tx, {
    vendorId: by.vendorId,
    type,
    actor:
      by.kind === 'system' || by.telegramId === null
        ? { kind: 'system', id: null }
        : { kind: by.kind, id: String(by.telegramId) },
    subject: { kind: 'category', id: category.id },
    payload: { categoryName: category.name, ...payload },
  });
}

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

/** Creates a category in the caller's transaction, with its event (the CSV import makes the ones a file names). */
export async function createCategoryIn(tx: Tx, by: CategoryChanger, name: string) {
  const row = await repo.insertCategory(tx, { vendorId: by.vendorId, name });
  await categoryEvent(tx, by, 'category.created', row);
  return row;
}

/** Adds a subcategory in the caller's transaction, recorded as its category's update. */
export async function createSubcategoryIn(
  tx: Tx,
  by: CategoryChanger,
  category: Pick<repo.CategoryRow, 'id' | 'name'>,
  name: string,
) {
  const [row] = await repo.insertSubcategories(tx, by.vendorId, category.id, [name]);
  if (!row) throw new Error('insert returned no row');
  await categoryEvent(tx, by, 'category.updated', category, {
    change: 'subcategory_added',
    subcategoryId: row.id,
    subcategoryName: row.name,
  });
  return row;
}

/** The refusal when a bot-scoped caller would delete or move products sold only through other bots. */
const othersProducts = () => new AppError('CATEGORY_HOLDS_OTHERS_PRODUCTS');

/**
 * Categories and subcategories of a vendor (spec part 2 §3.6, §5.4): counts real, deletes never orphan products.
 * Categories are the vendor's, shared by every bot; a staff member held to some bots sees them all, but their
 * product counts are of the products those bots sell.
 */
export function createCategoriesService(deps: { db: Db }) {
  const { db } = deps;

  async function view(actor: Actor, rows: repo.CategoryRow[]): Promise<Category[]> {
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

  async function one(actor: Actor, row: repo.CategoryRow): Promise<Category> {
    const [c] = await view(actor, [row]);
    if (!c) throw new AppError('CATEGORY_NOT_FOUND');
    return c;
  }

  return {
    async list(actor: Actor, search?: string): Promise<CategoryListResponse> {
      const rows = await repo.listCategories(db, actor.vendorId, search);
      const [categories, stats] = await Promise.all([view(actor, rows), this.stats(actor)]);
      return { categories, stats };
    },

    stats: (actor: Actor): Promise<CategoryStats> => repo.categoryStats(db, actor.vendorId, actor.botIds),

    async get(actor: Actor, categoryId: string): Promise<Category> {
      return one(actor, await mustFind(actor.vendorId, categoryId));
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
        await categoryEvent(tx, actor, 'category.created', created);
        return created;
      });
      return one(actor, row);
    },

    async update(actor: Actor, categoryId: string, body: UpdateCategoryBody): Promise<Category> {
      const changes: Parameters<typeof repo.updateCategory>[3] = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.icon !== undefined) changes.icon = body.icon === '' ? null : body.icon;
      if (body.status !== undefined) changes.status = body.status;
      if (body.sortOrder !== undefined) changes.sortOrder = body.sortOrder;
      const row = await db.transaction(async (tx) => {
        const before = await repo.findCategory(tx, actor.vendorId, categoryId);
        const after = await repo.updateCategory(tx, actor.vendorId, categoryId, changes);
        if (!before || !after) throw new AppError('CATEGORY_NOT_FOUND');
        await categoryEvent(tx, actor, 'category.updated', after, {
          ...(before.name !== after.name ? { previousName: before.name } : {}),
        });
        return after;
      });
      return one(actor, row);
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
    },

    async createSubcategory(
      actor: Actor,
      categoryId: string,
      body: CreateSubcategoryBody,
    ): Promise<Subcategory> {
      const category = await mustFind(actor.vendorId, categoryId);
      const row = await db.transaction((tx) => createSubcategoryIn(tx, actor, category, body.name));
      return subView(row, 0);
    },

    async updateSubcategory(
      actor: Actor,
      categoryId: string,
      subcategoryId: string,
      body: CreateSubcategoryBody,
    ): Promise<Subcategory> {
      const category = await mustFind(actor.vendorId, categoryId);
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
      return subView(row, counts.inScope);
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
      const category = await mustFind(actor.vendorId, categoryId);
      return db.transaction(async (tx) => {
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
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
