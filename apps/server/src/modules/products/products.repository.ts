import type { ProductType } from '@app/contracts/catalogue';
import type { ProductStatus } from '@app/contracts/products';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { productInScope, soldThrough } from '../../db/bot-scope';
import { escapeLike } from '../../db/like';
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

/**
 * Locks the bots given until the transaction ends (in id order, so two lockers never wait on each other in a
 * cycle). A plan-limit check counts under these locks: two creates at a bot's limit are counted one after the
 * other, never both against the count before either. Nothing about the bot changes (NO KEY UPDATE: their
 * products' foreign keys still go through).
 */
export async function lockBots(tx: Tx, vendorId: string, botIds: string[]) {
  if (botIds.length === 0) return;
  await tx
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), inArray(bots.id, botIds)))
    .orderBy(asc(bots.id))
    .for('no key update');
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

/** The names of the categories and subcategories given (the ones a set of products is filed under). */
export async function categoryNames(
  db: Conn,
  vendorId: string,
  categoryIds: string[],
  subcategoryIds: string[],
) {
  const [cats, subs] = await Promise.all([
    categoryIds.length === 0
      ? []
      : db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(and(eq(categories.vendorId, vendorId), inArray(categories.id, categoryIds))),
    subcategoryIds.length === 0
      ? []
      : db
          .select({ id: subcategories.id, name: subcategories.name })
          .from(subcategories)
          .where(and(eq(subcategories.vendorId, vendorId), inArray(subcategories.id, subcategoryIds))),
  ]);
  return { categories: cats, subcategories: subs };
}

export type ProductFilters = {
  search?: string | undefined;
  categoryId?: string | undefined;
  subcategoryId?: string | undefined;
  botId?: string | undefined;
  productType?: ProductType | undefined;
  status?: ProductStatus | undefined;
  /** Featured products first (the shop's catalogue); an ordering, not a filter. */
  featuredFirst?: boolean;
};

function listWhere(vendorId: string, f: ProductFilters, scope: BotScope, withType: boolean): SQL | undefined {
  const where: Array<SQL | undefined> = [eq(products.vendorId, vendorId)];
  if (f.search) {
    // ILIKE '%…%' on each column: PostgreSQL answers name and SKU from the trigram indexes (a BitmapOr of the
    // two). A customer also looks for a product by its brand, its barcode (a scanner types it) or a tag.
    const like = `%${escapeLike(f.search)}%`;
    where.push(
      or(
        ilike(products.name, like),
        ilike(products.sku, like),
        ilike(products.brand, like),
        ilike(products.barcode, like),
        // The indexed text of the tags (migration 0043): the same expression, or the index is not used.
        sql`products_tags_text(${products.tags}) ILIKE ${like}`,
      ),
    );
  }
  if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
  if (f.subcategoryId) where.push(eq(products.subcategoryId, f.subcategoryId));
  if (f.botId) where.push(soldThrough([f.botId]));
  if (withType && f.productType) where.push(eq(products.productType, f.productType));
  if (f.status) where.push(eq(products.status, f.status));
  where.push(productInScope(scope));
  return and(...where);
}

/** What a list card shows of a product: its own columns, names and main image joined, never the JSON blobs. */
export type ProductListRow = Awaited<ReturnType<typeof listPage>>[number];

/**
 * One page of products, newest first, in one statement: the page is cut first (products_vendor_created_id_idx
 * gives the order), then only its rows are joined to their category, subcategory, main image and bots.
 */
function listPage(
  db: Conn,
  vendorId: string,
  f: ProductFilters,
  scope: BotScope,
  page: { limit: number; offset: number },
) {
  const p = db
    .select({
      vendorId: products.vendorId,
      id: products.id,
      name: products.name,
      sku: products.sku,
      productType: products.productType,
      status: products.status,
      stockState: products.stockState,
      isFeatured: products.isFeatured,
      priceMinor: products.priceMinor,
      currency: products.currency,
      stock: products.stock,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      allBots: products.allBots,
      digitalType: products.digitalType,
      duration: sql<string | null>`${products.details}->>'duration'`.as('duration'),
      durationUnit: sql<string | null>`${products.details}->>'durationUnit'`.as('duration_unit'),
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(listWhere(vendorId, f, scope, true))
    .orderBy(
      ...(f.featuredFirst ? [desc(products.isFeatured)] : []),
      desc(products.createdAt),
      desc(products.id),
    )
    .limit(page.limit)
    .offset(page.offset)
    .as('p');
  // limit 1: the media module keeps one main image per product; a second would otherwise double the card.
  const main = db
    .select({ storageKey: productImages.storageKey, sizes: productImages.sizes })
    .from(productImages)
    .where(
      and(
        eq(productImages.vendorId, p.vendorId),
        eq(productImages.productId, p.id),
        eq(productImages.isMain, true),
      ),
    )
    .limit(1)
    .as('main');
  return db
    .select({
      id: p.id,
      name: p.name,
      sku: p.sku,
      productType: p.productType,
      status: p.status,
      stockState: p.stockState,
      isFeatured: p.isFeatured,
      priceMinor: p.priceMinor,
      currency: p.currency,
      stock: p.stock,
      category: { id: categories.id, name: categories.name },
      subcategory: { id: subcategories.id, name: subcategories.name },
      allBots: p.allBots,
      digitalType: p.digitalType,
      duration: p.duration,
      durationUnit: p.durationUnit,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      mainImage: { storageKey: main.storageKey, sizes: main.sizes },
      // The bots of a product sold through some of them, oldest first (null for every bot).
      bots: sql<Array<{ id: string; username: string }> | null>`case when ${p.allBots} then null else (
        select coalesce(json_agg(json_build_object('id', b.id, 'username', b.username) order by b.created_at), '[]')
        from ${productBots} pb join ${bots} b on b.vendor_id = pb.vendor_id and b.id = pb.bot_id
        where pb.vendor_id = ${p.vendorId} and pb.product_id = ${p.id}) end`,
    })
    .from(p)
    .leftJoin(categories, and(eq(categories.vendorId, p.vendorId), eq(categories.id, p.categoryId)))
    .leftJoin(
      subcategories,
      and(eq(subcategories.vendorId, p.vendorId), eq(subcategories.id, p.subcategoryId)),
    )
    .leftJoinLateral(main, sql`true`)
    .orderBy(...(f.featuredFirst ? [desc(p.isFeatured)] : []), desc(p.createdAt), desc(p.id));
}

/**
 * The list's figures over every product the filters match (all pages): the total, the stock stats and the
 * per-type counts, from one grouped count. Unfiltered, it reads only products_vendor_stock_state_idx.
 */
async function listFigures(db: Conn, vendorId: string, f: ProductFilters, scope: BotScope) {
  const groups = await db
    .select({
      productType: products.productType,
      state: products.stockState,
      count: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(listWhere(vendorId, f, scope, false))
    .groupBy(products.productType, products.stockState);
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
  return { total, stats, typeCounts };
}

/** One page of products and the figures over all of them: two statements, whatever the page holds. */
export async function listProducts(
  db: Conn,
  vendorId: string,
  f: ProductFilters,
  scope: BotScope,
  page: { limit: number; offset: number },
) {
  const [rows, figures] = await Promise.all([
    listPage(db, vendorId, f, scope, page),
    listFigures(db, vendorId, f, scope),
  ]);
  return { rows, ...figures };
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

/** Places (participants) and bookings taken per slot start (ms) of a service between two instants. */
export async function bookedPlaces(db: Conn, vendorId: string, productId: string, from: Date, to: Date) {
  const rows = await db
    .select({
      start: serviceBookings.slotStart,
      places: sql<number>`sum(${serviceBookings.quantity})::int`,
      bookings: sql<number>`count(*)::int`,
    })
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
  return new Map(
    rows.map((r) => [r.start.getTime(), { places: Number(r.places), bookings: Number(r.bookings) }]),
  );
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

// ---------------------------------------------------------------- the shop: sale, stock, bookings

/**
 * Locks the products given for the rest of the transaction, always in id order: every transaction that
 * holds several (a checkout, a cancellation) takes them the same way round, so they never deadlock.
 */
export async function lockProducts(tx: Tx, vendorId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update');
}

/** The active products among `ids` that this bot sells (every bot, or linked to it). */
export async function saleRows(
  db: Conn,
  vendorId: string,
  botId: string,
  ids: string[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.vendorId, vendorId),
        inArray(products.id, ids),
        eq(products.status, 'active'),
        or(
          eq(products.allBots, true),
          sql`exists (select 1 from ${productBots} pb where pb.vendor_id = ${products.vendorId}
            and pb.product_id = ${products.id} and pb.bot_id = ${botId})`,
        ),
      ),
    );
}

/** The active product with this URL slug that the bot sells, or null (the shop's shareable product page). */
export async function saleRowBySlug(
  db: Conn,
  vendorId: string,
  botId: string,
  slug: string,
): Promise<ProductRow | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.urlSlug, slug)))
    .limit(1);
  if (!row) return null;
  return (await saleRows(db, vendorId, botId, [row.id]))[0] ?? null;
}

/**
 * Takes `quantity` units of a physical product without variations. Guarded: a tracked product without
 * backorder only when that many are in stock (two buyers of the last unit: one update wins, the other
 * matches no row). An untracked product is matched and left as it is. Answers the row after, or undefined.
 */
export async function takeStock(
  tx: Tx,
  vendorId: string,
  productId: string,
  quantity: number,
  guarded: boolean,
): Promise<ProductRow | undefined> {
  const [row] = await tx
    .update(products)
    .set({
      stock: sql`case when ${products.trackInventory} then ${products.stock} - ${quantity} else ${products.stock} end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(products.vendorId, vendorId),
        eq(products.id, productId),
        eq(products.productType, 'physical'),
        guarded
          ? sql`(not ${products.trackInventory} or ${products.allowBackorder} or ${products.stock} >= ${quantity})`
          : undefined,
      ),
    )
    .returning();
  return row;
}

/** Gives units back to a tracked physical product without variations (a cancelled reservation). */
export async function giveStock(tx: Tx, vendorId: string, productId: string, quantity: number) {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: new Date() })
    .where(
      and(
        eq(products.vendorId, vendorId),
        eq(products.id, productId),
        eq(products.productType, 'physical'),
        eq(products.trackInventory, true),
      ),
    );
}

/** Cancels an order's bookings (its slots free up); answers how many. */
export async function cancelBookings(tx: Tx, vendorId: string, orderId: string): Promise<number> {
  const rows = await tx
    .update(serviceBookings)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(serviceBookings.vendorId, vendorId),
        eq(serviceBookings.orderId, orderId),
        eq(serviceBookings.status, 'booked'),
      ),
    )
    .returning({ id: serviceBookings.id });
  return rows.length;
}

/** The codes claimed for an order, per product, in the order they were claimed. */
export async function codesOfOrder(db: Conn, vendorId: string, orderId: string) {
  return db
    .select({ id: productCodes.id, productId: productCodes.productId, code: productCodes.code })
    .from(productCodes)
    .where(and(eq(productCodes.vendorId, vendorId), eq(productCodes.orderId, orderId)))
    .orderBy(asc(productCodes.productId), asc(productCodes.createdAt), asc(productCodes.id));
}

/** Adds shop views to products' view counts. */
export async function addViews(tx: Tx, vendorId: string, views: Map<string, number>) {
  for (const [productId, n] of views) {
    await tx
      .update(products)
      .set({ viewCount: sql`${products.viewCount} + ${n}` })
      .where(and(eq(products.vendorId, vendorId), eq(products.id, productId)));
  }
}

/** A product's rating figures, from its visible reviews. */
export async function setRating(
  tx: Tx,
  vendorId: string,
  productId: string,
  r: { sum: number; count: number },
) {
  await tx
    .update(products)
    .set({ ratingSum: r.sum, reviewCount: r.count })
    .where(and(eq(products.vendorId, vendorId), eq(products.id, productId)));
}

/** The product types the bot sells now: its active products, its own or the vendor's "All bots" ones. */
export async function productTypesSoldBy(db: Conn, vendorId: string, botId: string): Promise<ProductType[]> {
  const rows = await db
    .selectDistinct({ productType: products.productType })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.status, 'active'), soldThrough([botId])));
  return rows.map((r) => r.productType);
}

/**
 * Keeps the vendor's "All bots" products off one bot: each becomes a product of every other bot the vendor
 * has (linked one by one), so the bots that sold it still do and `botId` does not. Answers the products changed.
 */
export async function withholdAllBotsProducts(tx: Tx, vendorId: string, botId: string): Promise<string[]> {
  const changed = await tx
    .update(products)
    .set({ allBots: false })
    .where(and(eq(products.vendorId, vendorId), eq(products.allBots, true)))
    .returning({ id: products.id });
  const ids = changed.map((r) => r.id);
  if (ids.length === 0) return [];
  const others = await tx
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.vendorId, vendorId), ne(bots.id, botId)));
  const links = ids.flatMap((productId) => others.map((b) => ({ vendorId, productId, botId: b.id })));
  if (links.length > 0) await tx.insert(productBots).values(links).onConflictDoNothing();
  return ids;
}
