import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { productInScope } from '../../db/bot-scope';
import { escapeLike } from '../../db/like';
import { categories, products, subcategories } from '../../db/schema/index';
import type { Conn } from '../../db/types';
import type { BotScope } from '../../lib/actor';

export type CategoryRow = typeof categories.$inferSelect;
export type SubcategoryRow = typeof subcategories.$inferSelect;

/** The vendor's categories, by sort order then name; a search keeps those whose name or a subcategory's matches. */
export async function listCategories(db: Conn, vendorId: string, search?: string): Promise<CategoryRow[]> {
  const where = [eq(categories.vendorId, vendorId)];
  if (search) {
    const like = `%${escapeLike(search)}%`;
    where.push(
      or(
        ilike(categories.name, like),
        sql`exists (select 1 from ${subcategories} s where s.vendor_id = ${categories.vendorId}
          and s.category_id = ${categories.id} and s.name ilike ${like})`,
      ) as ReturnType<typeof eq>,
    );
  }
  return db
    .select()
    .from(categories)
    .where(and(...where))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export async function subcategoriesOf(db: Conn, vendorId: string, categoryIds: string[]) {
  if (categoryIds.length === 0) return [];
  return db
    .select()
    .from(subcategories)
    .where(and(eq(subcategories.vendorId, vendorId), inArray(subcategories.categoryId, categoryIds)))
    .orderBy(asc(subcategories.name));
}

/** Products per (category, subcategory) of the vendor that the caller's bots sell: one grouped scan. */
export async function productCountsByCategory(db: Conn, vendorId: string, scope: BotScope) {
  return db
    .select({
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      count: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), productInScope(scope)))
    .groupBy(products.categoryId, products.subcategoryId);
}

/** The stats card; its product total counts what the caller's bots sell. */
export async function categoryStats(db: Conn, vendorId: string, scope: BotScope) {
  type Row = {
    total_categories: number;
    active_categories: number;
    total_subcategories: number;
    total_products: number;
  };
  const result = await db.execute(sql`select
      (select count(*)::int from ${categories} where vendor_id = ${vendorId}) as total_categories,
      (select count(*)::int from ${categories} where vendor_id = ${vendorId} and status = 'active') as active_categories,
      (select count(*)::int from ${subcategories} where vendor_id = ${vendorId}) as total_subcategories,
      (select count(*)::int from ${products} where ${and(eq(products.vendorId, vendorId), productInScope(scope))}) as total_products`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return {
    totalCategories: Number(row?.total_categories ?? 0),
    activeCategories: Number(row?.active_categories ?? 0),
    totalSubcategories: Number(row?.total_subcategories ?? 0),
    totalProducts: Number(row?.total_products ?? 0),
  };
}

export async function findCategory(db: Conn, vendorId: string, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.vendorId, vendorId), eq(categories.id, id)));
  return row;
}

export async function findSubcategory(
  db: Conn,
  vendorId: string,
  categoryId: string,
  id: string,
): Promise<SubcategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(subcategories)
    .where(
      and(
        eq(subcategories.vendorId, vendorId),
        eq(subcategories.categoryId, categoryId),
        eq(subcategories.id, id),
      ),
    );
  return row;
}

export async function insertCategory(db: Conn, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategory(
  db: Conn,
  vendorId: string,
  id: string,
  changes: Partial<Pick<CategoryRow, 'name' | 'icon' | 'status' | 'sortOrder'>>,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(categories)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(categories.vendorId, vendorId), eq(categories.id, id)))
    .returning();
  return row;
}

export async function deleteCategory(db: Conn, vendorId: string, id: string): Promise<void> {
  await db.delete(categories).where(and(eq(categories.vendorId, vendorId), eq(categories.id, id)));
}

export async function insertSubcategories(
  db: Conn,
  vendorId: string,
  categoryId: string,
  names: string[],
): Promise<SubcategoryRow[]> {
  if (names.length === 0) return [];
  return db
    .insert(subcategories)
    .values(names.map((name) => ({ vendorId, categoryId, name })))
    .returning();
}

export async function updateSubcategory(
  db: Conn,
  vendorId: string,
  id: string,
  name: string,
): Promise<SubcategoryRow | undefined> {
  const [row] = await db
    .update(subcategories)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(subcategories.vendorId, vendorId), eq(subcategories.id, id)))
    .returning();
  return row;
}

export async function deleteSubcategory(db: Conn, vendorId: string, id: string): Promise<void> {
  await db.delete(subcategories).where(and(eq(subcategories.vendorId, vendorId), eq(subcategories.id, id)));
}

/** A category's products: all of them, and those the caller's bots sell. */
export async function countProductsInCategory(
  db: Conn,
  vendorId: string,
  categoryId: string,
  scope: BotScope,
): Promise<{ all: number; inScope: number }> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      inScope: sql<number>`count(*) filter (where ${productInScope(scope) ?? sql`true`})::int`,
    })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.categoryId, categoryId)));
  return { all: Number(row?.all ?? 0), inScope: Number(row?.inScope ?? 0) };
}

/** A subcategory's products: all of them, and those the caller's bots sell. */
export async function countProductsInSubcategory(
  db: Conn,
  vendorId: string,
  subcategoryId: string,
  scope: BotScope,
): Promise<{ all: number; inScope: number }> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      inScope: sql<number>`count(*) filter (where ${productInScope(scope) ?? sql`true`})::int`,
    })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.subcategoryId, subcategoryId)));
  return { all: Number(row?.all ?? 0), inScope: Number(row?.inScope ?? 0) };
}

/** Moves every product of a category to another (and one of its subcategories, or none). */
export async function moveCategoryProducts(
  db: Conn,
  vendorId: string,
  fromCategoryId: string,
  to: { categoryId: string; subcategoryId: string | null },
): Promise<number> {
  const rows = await db
    .update(products)
    .set({ categoryId: to.categoryId, subcategoryId: to.subcategoryId, updatedAt: new Date() })
    .where(and(eq(products.vendorId, vendorId), eq(products.categoryId, fromCategoryId)))
    .returning({ id: products.id });
  return rows.length;
}

/** Moves a subcategory's products to another subcategory, or (null) out of any subcategory. */
export async function moveSubcategoryProducts(
  db: Conn,
  vendorId: string,
  fromSubcategoryId: string,
  toSubcategoryId: string | null,
): Promise<number> {
  const rows = await db
    .update(products)
    .set({ subcategoryId: toSubcategoryId, updatedAt: new Date() })
    .where(and(eq(products.vendorId, vendorId), eq(products.subcategoryId, fromSubcategoryId)))
    .returning({ id: products.id });
  return rows.length;
}
