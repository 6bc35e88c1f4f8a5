import {
  DigitalDetails,
  DigitalType,
  DurationUnit,
  isCodeDigitalType,
  PhysicalDetails,
  type Product,
  type ProductImage,
  type ProductListItem,
  ServiceDetails,
} from '@app/contracts/products';
import type { z } from 'zod';
import { ratingOf } from '../../lib/rating';
import type { ProductImageRow, ProductListRow, ProductRow } from './products.repository';

/** Where a stored image's sizes are served; the media module supplies its own (see app.ts). */
export type ImageUrls = (
  row: Pick<ProductImageRow, 'storageKey' | 'sizes'>,
) => Pick<ProductImage, 'url' | 'thumbnailUrl' | 'mediumUrl'>;

export const defaultImageUrls: ImageUrls = (row) => {
  const url = `/api/v1/media/${row.storageKey}`;
  const sized = (k: string) => (row.sizes[k] ? `/api/v1/media/${row.sizes[k]}` : url);
  return { url, thumbnailUrl: sized('thumbnail'), mediumUrl: sized('medium') };
};

/**
 * A stored details object read through its schema (defaults filled). Keys a newer or older shape stored that
 * the schema refuses are dropped one by one, so one stale key never hides the rest.
 */
export function readDetails<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> | null {
  let value: Record<string, unknown> = { ...((raw as Record<string, unknown>) ?? {}) };
  for (let attempt = 0; attempt < 10; attempt++) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')));
    if (bad.has('')) return null;
    value = Object.fromEntries(Object.entries(value).filter(([k]) => !bad.has(k)));
  }
  return null;
}

export const physicalOf = (row: ProductRow) =>
  row.productType === 'physical' ? readDetails(PhysicalDetails, row.details) : null;
export const digitalOf = (row: ProductRow) =>
  row.productType === 'digital' ? readDetails(DigitalDetails, row.details) : null;
export const serviceOf = (row: ProductRow) =>
  row.productType === 'service' ? readDetails(ServiceDetails, row.details) : null;

/** Whether a product sells from a code pool (keys, tickets, passes, subscriptions). */
export const sellsCodes = (row: Pick<ProductRow, 'productType' | 'details'>) =>
  row.productType === 'digital' &&
  isCodeDigitalType((row.details as { digitalType?: DigitalDetails['digitalType'] }).digitalType);

export type ViewContext = {
  categoryName: (id: string | null) => { id: string; name: string } | null;
  subcategoryName: (id: string | null) => { id: string; name: string } | null;
  botsOf: (row: ProductRow) => { botIds: 'all' | string[]; bots: Array<{ id: string; username: string }> };
  images: (productId: string) => ProductImageRow[];
  codeCounts: (productId: string) => { total: number; issued: number; available: number } | undefined;
  imageUrls: ImageUrls;
};

export function imageView(row: ProductImageRow, urls: ImageUrls): ProductImage {
  return {
    id: row.id,
    type: row.kind === 'file' ? 'image' : row.kind,
    ...urls(row),
    isMain: row.isMain,
    position: row.position,
  };
}

export function productView(row: ProductRow, ctx: ViewContext): Product {
  const { botIds, bots } = ctx.botsOf(row);
  const images = ctx.images(row.id).map((i) => imageView(i, ctx.imageUrls));
  images.sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.position - b.position);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    shortDescription: row.shortDescription,
    sku: row.sku,
    barcode: row.barcode,
    productType: row.productType,
    price: row.priceMinor,
    comparePrice: row.comparePriceMinor,
    costPrice: row.costPriceMinor,
    currency: row.currency,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    category: ctx.categoryName(row.categoryId),
    subcategory: ctx.subcategoryName(row.subcategoryId),
    brand: row.brand,
    tags: row.tags,
    stock: row.stock,
    minStock: row.minStock,
    stockStatus: row.stockState,
    trackInventory: row.trackInventory,
    allowBackorder: row.allowBackorder,
    status: row.status,
    isFeatured: row.isFeatured,
    botIds,
    bots,
    images,
    videos: row.videos,
    galleryAutoPlay: row.galleryAutoPlay,
    taxRate: row.taxRate,
    taxInclusive: row.taxInclusive,
    urlSlug: row.urlSlug,
    seo: (row.seo ?? {}) as Product['seo'],
    bulkPricing: (row.bulkPricing ?? []) as Product['bulkPricing'],
    physical: physicalOf(row),
    digital: digitalOf(row),
    service: serviceOf(row),
    codePool: sellsCodes(row) ? (ctx.codeCounts(row.id) ?? { total: 0, issued: 0, available: 0 }) : null,
    sold: row.soldCount,
    revenue: row.revenueMinor,
    views: row.viewCount,
    rating: ratingOf(row.ratingSum, row.reviewCount),
    reviewCount: row.reviewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type BotRef = { id: string; username: string };

/** A product's bots as the API names them: 'all' and every bot, or its own (ids and @usernames). */
export function productBots(ownIds: string[] | null, vendorBots: BotRef[]) {
  // No bot of its own (its bots were deleted) reads as every bot, as when it was made.
  if (ownIds === null || ownIds.length === 0) return { botIds: 'all' as const, bots: vendorBots };
  const byId = new Map(vendorBots.map((b) => [b.id, b]));
  return { botIds: ownIds, bots: ownIds.flatMap((id) => byId.get(id) ?? []) };
}

/** One card of the list, from the list's own row (repository.listProducts). */
export function listItemView(row: ProductListRow, imageUrls: ImageUrls): ProductListItem {
  const duration = row.duration === null ? Number.NaN : Number(row.duration);
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    productType: row.productType,
    status: row.status,
    stockStatus: row.stockState,
    isFeatured: row.isFeatured,
    price: row.priceMinor,
    currency: row.currency,
    stock: row.stock,
    // A left join answers null columns, not a null object, when there is no category.
    category: row.category?.id ? row.category : null,
    subcategory: row.subcategory?.id ? row.subcategory : null,
    // Every bot: the card says so without naming them (half the page's bytes were these lists).
    ...(row.bots === null || row.bots.length === 0
      ? { botIds: 'all' as const, bots: [] }
      : { botIds: row.bots.map((b) => b.id), bots: row.bots }),
    digitalType:
      row.productType === 'digital' ? (DigitalType.safeParse(row.digitalType).data ?? 'downloadable') : null,
    duration: row.productType === 'service' && Number.isInteger(duration) ? duration : null,
    durationUnit:
      row.productType === 'service' ? (DurationUnit.safeParse(row.durationUnit).data ?? 'hours') : null,
    image: row.mainImage?.storageKey ? imageUrls(row.mainImage).thumbnailUrl : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
