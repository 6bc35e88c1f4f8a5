import type { ProductType } from '@app/contracts/catalogue';
import type { ProductStatus } from '@app/contracts/products';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  bots,
  categories,
  productBots,
  productCodes,
  productImages,
  productImports,
  products,
  serviceBookings,
  subcategories,
} from '../../db/schema/index';
import type { Conn, Tx } from '../../db/types';
import type { BotScope } from '../../lib/actor';
import { escapeLike } from '../categories/categories.repository';

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type ProductImageRow = typeof productImages.$inferSelect;
export type ProductCodeRow = typeof productCodes.$inferSelect;
export type ProductImportRow = typeof productImports.$inferSelect;

/**
 * How many live (not archived) products each bot given sells: those sold through every bot, plus those linked
 * to the bot alone. Two queries whatever the number of bots; every bot given is in the map.
 */
export async function productCounts(
  db: Conn,
  vendorId: string,
  botIds: string[],
): Promise<Map<string, number>> {
  if (botIds.length === 0) return new Map();
  const [linked, [everyBot]] = await Promise.all([
    db
      .select({ botId: productBots.botId, count: sql<number>`count(*)::int` })
      .from(productBots)
      .innerJoin(
        products,
        and(eq(products.vendorId, productBots.vendorId), eq(products.id, productBots.productId)),
      )
      .where(
        and(
          eq(productBots.vendorId, vendorId),
          inArray(productBots.botId, botIds),
          eq(products.allBots, false),
          ne(products.status, 'archived'),
        ),
      )
      .groupBy(productBots.botId),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(
        and(eq(products.vendorId, vendorId), eq(products.allBots, true), ne(products.status, 'archived')),
      ),
  ]);
  const all = Number(everyBot?.count ?? 0);
  const byBot = new Map(linked.map((r) => [r.botId, Number(r.count)]));
  return new Map(botIds.map((id) => [id, all + (byBot.get(id) ?? 0)]));
}

// ---------------------------------------------------------------- products

export async function findProduct(db: Conn, vendorId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.id, id)));
  return row;
}

/** Locks the product row for the rest of the transaction (stock and pool changes serialise on it). */
export async function lockProduct(tx: Tx, vendorId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.id, id)))
    .for('update');
  return row;
}

export async function insertProduct(db: Conn, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProduct(
  db: Conn,
  vendorId: string,
  id: string,
  values: Partial<NewProductRow>,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(products.vendorId, vendorId), eq(products.id, id)))
    .returning();
  return row;
}

export async function deleteProduct(db: Conn, vendorId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.id, id)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Which unique key of a product a failed write collided with, or null for any other error. */
export function takenProductKeyOf(err: unknown): 'sku' | 'slug' | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code !== '23505') continue;
    if (constraint === 'products_vendor_sku_uq') return 'sku';
    if (constraint === 'products_vendor_slug_uq') return 'slug';
    return null;
  }
  return null;
}

/** Whether another of the vendor's products already has this SKU or URL slug (both unique per vendor). */
export async function valueTaken(
  db: Conn,
  vendorId: string,
  field: 'sku' | 'urlSlug',
  value: string,
  exceptId?: string,
) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.vendorId, vendorId),
        eq(products[field], value),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setProductBots(tx: Tx, vendorId: string, productId: string, botIds: string[]) {
  await tx
    .delete(productBots)
    .where(and(eq(productBots.vendorId, vendorId), eq(productBots.productId, productId)));
  if (botIds.length > 0) {
    await tx.insert(productBots).values(botIds.map((botId) => ({ vendorId, productId, botId })));
  }
}

export async function productBotIds(
  db: Conn,
  vendorId: string,
  productIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({ productId: productBots.productId, botId: productBots.botId })
    .from(productBots)
    .where(and(eq(productBots.vendorId, vendorId), inArray(productBots.productId, productIds)));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.botId]);
  return out;
}

/** The vendor's bots as the catalogue names them (id and @username), oldest first. */
export async function vendorBots(
  db: Conn,
  vendorId: string,
): Promise<Array<{ id: string; username: string }>> {
  return db
    .select({ id: bots.id, username: bots.username })
    .from(bots)
    .where(eq(bots.vendorId, vendorId))
    .orderBy(asc(bots.createdAt));
}

export async function categoryExists(db: Conn, vendorId: string, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.vendorId, vendorId), eq(categories.id, categoryId)));
  return row !== undefined;
}

export async function subcategoryExists(
  db: Conn,
  vendorId: string,
  categoryId: string,
  subcategoryId: string,
) {
  const [row] = await db
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(
      and(
        eq(subcategories.vendorId, vendorId),
        eq(subcategories.categoryId, categoryId),
        eq(subcategories.id, subcategoryId),
      ),
    );
  return row !== undefined;
}

export async function categoryNames(db: Conn, vendorId: string) {
  const [cats, subs] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.vendorId, vendorId)),
    db
      .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.vendorId, vendorId)),
  ]);
  return { categories: cats, subcategories: subs };
}

/** The list's stock state (§3.5, §9) in SQL, so the stats count every page at once. Mirrors stockStatusOf. */
const stockState = sql<string>`case
  when ${products.productType} = 'digital'
    and coalesce(${products.digitalType}, ${products.details}->>'digitalType', 'downloadable') = 'downloadable'
    then 'available'
  when ${products.productType} = 'service' then 'in_stock'
  when ${products.productType} = 'physical' and not ${products.trackInventory} then 'in_stock'
  when ${products.stock} <= 0 then 'out_of_stock'
  when ${products.stock} < ${products.minStock} then 'low_stock'
  else 'in_stock' end`;

export type ProductFilters = {
  search?: string | undefined;
  categoryId?: string | undefined;
  subcategoryId?: string | undefined;
  botId?: string | undefined;
  productType?: ProductType | undefined;
  status?: ProductStatus | undefined;
};

const soldThrough = (botIds: readonly string[]) =>
  or(
    eq(products.allBots, true),
    sql`exists (select 1 from ${productBots} pb where pb.vendor_id = ${products.vendorId}
      and pb.product_id = ${products.id} and pb.bot_id in (${sql.join(
        botIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`,
  );

function listWhere(vendorId: string, f: ProductFilters, scope: BotScope, withType: boolean): SQL | undefined {
  const where: Array<SQL | undefined> = [eq(products.vendorId, vendorId)];
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    where.push(or(ilike(products.name, like), ilike(products.sku, like)));
  }
  if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
  if (f.subcategoryId) where.push(eq(products.subcategoryId, f.subcategoryId));
  if (f.botId) where.push(soldThrough([f.botId]));
  if (withType && f.productType) where.push(eq(products.productType, f.productType));
  if (f.status) where.push(eq(products.status, f.status));
  if (scope !== 'all') where.push(scope.length === 0 ? sql`false` : soldThrough(scope));
  return and(...where);
}

/**
 * One page of products (newest first), the total, stock stats and the per-type counts, over the same filters:
 * the page, and one grouped scan (type × stock state, the state computed once per row) for all the figures.
 */
export async function listProducts(
  db: Conn,
  vendorId: string,
  f: ProductFilters,
  scope: BotScope,
  page: { limit: number; offset: number },
) {
  const state = sql<string>`${stockState}`.as('state');
  const scanned = db
    .select({ productType: products.productType, state })
    .from(products)
    .where(listWhere(vendorId, f, scope, false))
    .as('scanned');
  const [rows, groups] = await Promise.all([
    db
      .select()
      .from(products)
      .where(listWhere(vendorId, f, scope, true))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ productType: scanned.productType, state: scanned.state, count: sql<number>`count(*)::int` })
      .from(scanned)
      .groupBy(scanned.productType, scanned.state),
  ]);
  const typeCounts = { total: 0, physical: 0, digital: 0, service: 0 };
  const stats = { inStock: 0, lowStock: 0, outOfStock: 0 };
  let total = 0;
  for (const g of groups) {
    const n = Number(g.count);
    typeCounts[g.productType] += n;
    typeCounts.total += n;
    if (f.productType && g.productType !== f.productType) continue;
    total += n;
    if (g.state === 'low_stock') stats.lowStock += n;
    else if (g.state === 'out_of_stock') stats.outOfStock += n;
    else stats.inStock += n;
  }
  return { rows, total, stats, typeCounts };
}

/** Every product of the vendor (the CSV export), oldest first. */
export async function allProducts(db: Conn, vendorId: string): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.vendorId, vendorId)).orderBy(asc(products.createdAt));
}

export async function productIdsBySku(
  db: Conn,
  vendorId: string,
  skus: string[],
): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), inArray(products.sku, skus)));
  return new Map(rows.map((r) => [r.sku ?? '', r.id]));
}

export async function existingProductIds(db: Conn, vendorId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), inArray(products.id, ids)));
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------- images

export async function imagesOf(db: Conn, vendorId: string, productIds: string[]): Promise<ProductImageRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productImages)
    .where(and(eq(productImages.vendorId, vendorId), inArray(productImages.productId, productIds)))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
}

/** The main image of each product given (one query). */
export async function mainImagesOf(db: Conn, vendorId: string, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, ProductImageRow>();
  const rows = await db
    .select()
    .from(productImages)
    .where(
      and(
        eq(productImages.vendorId, vendorId),
        inArray(productImages.productId, productIds),
        eq(productImages.isMain, true),
      ),
    );
  return new Map(rows.map((r) => [r.productId ?? '', r]));
}

/**
 * Makes exactly `imageIds` (uploads not yet attached, or already this product's) the product's media in that
 * order, detaching the rest; one is main. Answers false when an id is another product's or unknown.
 */
export async function setProductImages(
  tx: Tx,
  vendorId: string,
  productId: string,
  imageIds: string[],
  mainImageId: string | undefined,
): Promise<boolean> {
  if (imageIds.length > 0) {
    const found = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(
        and(
          eq(productImages.vendorId, vendorId),
          inArray(productImages.id, imageIds),
          or(isNull(productImages.productId), eq(productImages.productId, productId)),
        ),
      );
    if (found.length !== new Set(imageIds).size) return false;
  }
  const keep = new Set(imageIds);
  const current = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.vendorId, vendorId), eq(productImages.productId, productId)));
  const drop = current.map((r) => r.id).filter((id) => !keep.has(id));
  if (drop.length > 0) {
    await tx
      .update(productImages)
      .set({ productId: null, isMain: false })
      .where(and(eq(productImages.vendorId, vendorId), inArray(productImages.id, drop)));
  }
  const main = mainImageId && keep.has(mainImageId) ? mainImageId : imageIds[0];
  for (const [position, id] of imageIds.entries()) {
    await tx
      .update(productImages)
      .set({ productId, position, isMain: id === main })
      .where(and(eq(productImages.vendorId, vendorId), eq(productImages.id, id)));
  }
  return true;
}

/** Copies a product's image rows to another product (the stored files are shared: same keys). */
export async function copyImages(tx: Tx, vendorId: string, fromId: string, toId: string) {
  const rows = await tx
    .select()
    .from(productImages)
    .where(and(eq(productImages.vendorId, vendorId), eq(productImages.productId, fromId)));
  if (rows.length === 0) return;
  await tx
    .insert(productImages)
    .values(rows.map(({ id: _id, createdAt: _c, ...r }) => ({ ...r, productId: toId })));
}

// ---------------------------------------------------------------- code pools

/** Adds codes to a pool; answers the ones inserted (a code already in the pool is skipped). */
export async function insertCodes(
  tx: Conn,
  vendorId: string,
  productId: string,
  codes: string[],
): Promise<string[]> {
  const inserted: string[] = [];
  for (let i = 0; i < codes.length; i += 1000) {
    const chunk = codes.slice(i, i + 1000);
    const rows = await tx
      .insert(productCodes)
      .values(chunk.map((code) => ({ vendorId, productId, code })))
      .onConflictDoNothing()
      .returning({ code: productCodes.code });
    inserted.push(...rows.map((r) => r.code));
  }
  return inserted;
}

export async function codeCounts(db: Conn, vendorId: string, productIds: string[]) {
  const out = new Map<string, { total: number; issued: number; available: number }>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: productCodes.productId,
      total: sql<number>`count(*)::int`,
      issued: sql<number>`count(${productCodes.issuedAt})::int`,
    })
    .from(productCodes)
    .where(and(eq(productCodes.vendorId, vendorId), inArray(productCodes.productId, productIds)))
    .groupBy(productCodes.productId);
  for (const r of rows) {
    const total = Number(r.total);
    const issued = Number(r.issued);
    out.set(r.productId, { total, issued, available: total - issued });
  }
  return out;
}

export async function listCodes(
  db: Conn,
  vendorId: string,
  productId: string,
  status: 'available' | 'issued' | undefined,
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(productCodes.vendorId, vendorId),
    eq(productCodes.productId, productId),
    status === 'available'
      ? isNull(productCodes.issuedAt)
      : status === 'issued'
        ? sql`${productCodes.issuedAt} is not null`
        : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(productCodes)
      .where(where)
      .orderBy(asc(productCodes.createdAt), asc(productCodes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(productCodes).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findCode(db: Conn, vendorId: string, productId: string, codeId: string) {
  const [row] = await db
    .select()
    .from(productCodes)
    .where(
      and(
        eq(productCodes.vendorId, vendorId),
        eq(productCodes.productId, productId),
        eq(productCodes.id, codeId),
      ),
    );
  return row;
}

export async function deleteAvailableCode(db: Conn, vendorId: string, productId: string, codeId: string) {
  const rows = await db
    .delete(productCodes)
    .where(
      and(
        eq(productCodes.vendorId, vendorId),
        eq(productCodes.productId, productId),
        eq(productCodes.id, codeId),
        isNull(productCodes.issuedAt),
      ),
    )
    .returning({ id: productCodes.id });
  return rows.length > 0;
}

/**
 * Issues up to `quantity` unissued codes to an order in one statement. SKIP LOCKED: two transactions claiming
 * at once each take different rows (neither waits for nor re-reads the other's), so no code is issued twice.
 */
export async function claimCodes(
  tx: Tx,
  vendorId: string,
  productId: string,
  quantity: number,
  orderId: string,
  at: Date,
): Promise<Array<{ id: string; code: string }>> {
  const result = await tx.execute(sql`
    with picked as (
      select vendor_id, id from ${productCodes}
      where vendor_id = ${vendorId} and product_id = ${productId} and issued_at is null
      order by created_at, id
      limit ${quantity}
      for update skip locked
    )
    update ${productCodes} c set issued_at = ${at.toISOString()}, order_id = ${orderId}
    from picked
    where c.vendor_id = picked.vendor_id and c.id = picked.id
    returning c.id as "id", c.code as "code"
  `);
  return (result as unknown as { rows: Array<{ id: string; code: string }> }).rows;
}

/** Returns an order's codes of a product to the pool (a cancelled or failed order); answers how many. */
export async function releaseCodes(tx: Conn, vendorId: string, productId: string, orderId: string) {
  const rows = await tx
    .update(productCodes)
    .set({ issuedAt: null, orderId: null })
    .where(
      and(
        eq(productCodes.vendorId, vendorId),
        eq(productCodes.productId, productId),
        eq(productCodes.orderId, orderId),
      ),
    )
    .returning({ id: productCodes.id });
  return rows.length;
}

export async function availableCodeCount(db: Conn, vendorId: string, productId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productCodes)
    .where(
      and(
        eq(productCodes.vendorId, vendorId),
        eq(productCodes.productId, productId),
        isNull(productCodes.issuedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------- service bookings

/** Places taken per slot start (ms) of a service between two instants. */
export async function bookedPlaces(db: Conn, vendorId: string, productId: string, from: Date, to: Date) {
  const rows = await db
    .select({ start: serviceBookings.slotStart, places: sql<number>`sum(${serviceBookings.quantity})::int` })
    .from(serviceBookings)
    .where(
      and(
        eq(serviceBookings.vendorId, vendorId),
        eq(serviceBookings.productId, productId),
        eq(serviceBookings.status, 'booked'),
        gte(serviceBookings.slotStart, from),
        lt(serviceBookings.slotStart, to),
      ),
    )
    .groupBy(serviceBookings.slotStart);
  return new Map(rows.map((r) => [r.start.getTime(), Number(r.places)]));
}

export async function insertBooking(db: Conn, values: typeof serviceBookings.$inferInsert) {
  const [row] = await db.insert(serviceBookings).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

// ---------------------------------------------------------------- imports

export async function insertImport(db: Conn, values: typeof productImports.$inferInsert) {
  const [row] = await db.insert(productImports).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findImport(db: Conn, vendorId: string, id: string) {
  const [row] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.vendorId, vendorId), eq(productImports.id, id)));
  return row;
}

export async function updateImport(
  db: Conn,
  vendorId: string,
  id: string,
  values: Partial<typeof productImports.$inferInsert>,
) {
  await db
    .update(productImports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(productImports.vendorId, vendorId), eq(productImports.id, id)));
}
