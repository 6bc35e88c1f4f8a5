import { DAY_MS } from '@app/contracts/common';
import type {
  Product,
  ProductListResponse,
  ProductShare,
  ServiceDetails,
  ServiceSlot,
  SlotsResponse,
} from '@app/contracts/products';
import { type ListProductsQuery as ListQuerySchema, PRODUCT_LIMITS } from '@app/contracts/products';
import { shopProductLink } from '@app/contracts/shop-links';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/types';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  defaultImageUrls,
  type ImageUrls,
  listItemView,
  productBots,
  productView,
  serviceOf,
  type ViewContext,
} from './product-view';
import * as repo from './products.repository';
import { openSlots } from './slots';

// Reading the catalogue as the vendor's API shows it: the list, one product, a service's slots, share links.

/** What reading products needs: the database, the image addresses and the clock (tests set both). */
export type ProductReadsDeps = {
  db: Db;
  now?: () => Date;
  imageUrls?: ImageUrls;
};

/** The deps' clock, else the real one. */
export const nowOf = (deps: ProductReadsDeps) => deps.now?.() ?? new Date();

/** The names (categories, bots) that the views of `rows` show, read once for all of them. */
export async function productContext(deps: ProductReadsDeps, vendorId: string, rows: repo.ProductRow[]) {
  const { db } = deps;
  const ids = rows.map((r) => r.id);
  const named = (pick: (r: repo.ProductRow) => string | null) => [
    ...new Set(rows.flatMap((r) => pick(r) ?? [])),
  ];
  const [names, bots, linked] = await Promise.all([
    repo.categoryNames(
      db,
      vendorId,
      named((r) => r.categoryId),
      named((r) => r.subcategoryId),
    ),
    repo.vendorBots(db, vendorId),
    repo.productBotIds(db, vendorId, ids),
  ]);
  const cats = new Map(names.categories.map((c) => [c.id, c]));
  const subs = new Map(names.subcategories.map((s) => [s.id, s]));
  return {
    categoryName: (id: string | null) => (id ? (cats.get(id) ?? null) : null),
    subcategoryName: (id: string | null) => (id ? (subs.get(id) ?? null) : null),
    botsOf: (row: repo.ProductRow) => productBots(row.allBots ? null : (linked.get(row.id) ?? []), bots),
    imageUrls: deps.imageUrls ?? defaultImageUrls,
    linked,
  };
}

/** The full views of `rows`, in their order: names, images and code counts read once for all of them. */
export async function productViews(
  deps: ProductReadsDeps,
  vendorId: string,
  rows: repo.ProductRow[],
): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  const [ctx, images, counts] = await Promise.all([
    productContext(deps, vendorId, rows),
    repo.imagesOf(deps.db, vendorId, ids),
    repo.codeCounts(deps.db, vendorId, ids),
  ]);
  const full: ViewContext = {
    ...ctx,
    images: (id) => images.filter((i) => i.productId === id),
    codeCounts: (id) => counts.get(id),
  };
  return rows.map((r) => productView(r, full));
}

/** The full view of one row. */
export async function productViewOf(
  deps: ProductReadsDeps,
  vendorId: string,
  row: repo.ProductRow,
): Promise<Product> {
  const [v] = await productViews(deps, vendorId, [row]);
  if (!v) throw new AppError('PRODUCT_NOT_FOUND');
  return v;
}

/** A product the caller may see: the vendor's, and for bot-scoped staff sold through one of their bots. */
export async function visibleProduct(
  deps: ProductReadsDeps,
  actor: Actor,
  productId: string,
  conn: Db | Tx = deps.db,
): Promise<repo.ProductRow> {
  const row = await repo.findProduct(conn, actor.vendorId, productId);
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  if (actor.botIds !== 'all' && !row.allBots) {
    const botIds = (await repo.productBotIds(conn, actor.vendorId, [row.id])).get(row.id) ?? [];
    if (!botIds.some((b) => inBotScope(actor.botIds, b))) throw new AppError('PRODUCT_NOT_FOUND');
  } else if (actor.botIds !== 'all' && row.allBots && actor.botIds.length === 0) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  return row;
}

/** Live products each bot sells (those for every bot included); every bot given is in the map. */
/** The product types the bot sells now (active products), for the payment rails' warning. */
export function productTypesSoldBy(deps: ProductReadsDeps, vendorId: string, botId: string) {
  return repo.productTypesSoldBy(deps.db, vendorId, botId);
}

export function countProductsByBot(deps: ProductReadsDeps, vendorId: string, botIds: string[]) {
  return repo.productCounts(deps.db, vendorId, botIds);
}

/** A page of the list and its figures: two statements whatever the page holds (see listProducts). */
export async function listProducts(
  deps: ProductReadsDeps,
  actor: Actor,
  q: z.output<typeof ListQuerySchema>,
): Promise<ProductListResponse> {
  const result = await repo.listProducts(
    deps.db,
    actor.vendorId,
    {
      search: q.search || undefined,
      categoryId: q.category,
      subcategoryId: q.subcategory,
      botId: q.botId,
      productType: q.productType,
      status: q.status,
      featuredFirst: q.featuredFirst === true,
    },
    actor.botIds,
    { limit: q.limit, offset: (q.page - 1) * q.limit },
  );
  return {
    products: result.rows.map((r) => listItemView(r, deps.imageUrls ?? defaultImageUrls)),
    total: result.total,
    page: q.page,
    limit: q.limit,
    hasMore: q.page * q.limit < result.total,
    stats: result.stats,
    typeCounts: result.typeCounts,
  };
}

/** One product the caller may see, in full. */
export async function getProduct(deps: ProductReadsDeps, actor: Actor, productId: string): Promise<Product> {
  return productViewOf(deps, actor.vendorId, await visibleProduct(deps, actor, productId));
}

/** A service's open slots on the days `from`..`to` (inclusive): its availability minus its bookings. */
export async function openSlotsOf(
  conn: Db | Tx,
  row: repo.ProductRow,
  service: ServiceDetails,
  range: { from: string; to: string },
  at: Date,
): Promise<ServiceSlot[]> {
  // A day either side covers every time zone's local days.
  const booked = await repo.bookedPlaces(
    conn,
    row.vendorId,
    row.id,
    new Date(Date.parse(range.from) - DAY_MS),
    new Date(Date.parse(range.to) + 2 * DAY_MS),
  );
  return openSlots(service, range, booked, at);
}

/** Open slots of a service between two days (inclusive): availability minus bookings. */
export async function productSlots(
  deps: ProductReadsDeps,
  actor: Actor,
  productId: string,
  from: string,
  to: string,
): Promise<SlotsResponse> {
  const row = await visibleProduct(deps, actor, productId);
  const service = serviceOf(row);
  if (!service) throw new AppError('PRODUCT_NOT_SERVICE');
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  if (!(days >= 0) || days > PRODUCT_LIMITS.slotsRangeMaxDays) {
    throw new AppError('SLOTS_RANGE_INVALID', { maxDays: PRODUCT_LIMITS.slotsRangeMaxDays });
  }
  return {
    timezone: service.availability.timezone,
    slots: await openSlotsOf(deps.db, row, service, { from, to }, nowOf(deps)),
  };
}

/** Deep links into the product's shop bots: https://t.me/{botUsername}?start=product_{id}. */
export async function shareProduct(
  deps: ProductReadsDeps,
  actor: Actor,
  productId: string,
  botId?: string,
): Promise<ProductShare> {
  const row = await visibleProduct(deps, actor, productId);
  const ctx = await productContext(deps, actor.vendorId, [row]);
  let bots = ctx.botsOf(row).bots.filter((b) => inBotScope(actor.botIds, b.id));
  if (botId) {
    bots = bots.filter((b) => b.id === botId);
    if (bots.length === 0) throw new AppError('BOT_NOT_FOUND');
  }
  return {
    links: bots.map((b) => ({
      botId: b.id,
      botUsername: b.username,
      url: shopProductLink(b.username, row.id),
    })),
  };
}

/** The share link as a QR code (PNG or SVG) of the product's first bot, or the bot given. */
export async function productQr(
  deps: ProductReadsDeps,
  actor: Actor,
  productId: string,
  botId: string | undefined,
  format: 'png' | 'svg',
) {
  const { links } = await shareProduct(deps, actor, productId, botId);
  const link = links[0];
  if (!link) throw new AppError('PRODUCT_NOT_ON_ANY_BOT');
  const { default: QRCode } = await import('qrcode'); // loaded on first use, not held by an idle server
  if (format === 'svg') {
    return {
      contentType: 'image/svg+xml',
      body: await QRCode.toString(link.url, { type: 'svg', margin: 2 }),
    };
  }
  return {
    contentType: 'image/png',
    body: await QRCode.toBuffer(link.url, { type: 'png', margin: 2, width: 512 }),
  };
}
