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
  type StockStatus,
} from '@app/contracts/products';
import type { z } from 'zod';
import type { ProductImageRow, ProductRow } from './products.repository';

/** Where a stored image's sizes are served; the media module supplies its own (see app.ts). */
export type ImageUrls = (row: ProductImageRow) => Pick<ProductImage, 'url' | 'thumbnailUrl' | 'mediumUrl'>;

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

/** The list's stock state (§3.5, §9); mirrors the repository's SQL. */
export function stockStatusOf(row: ProductRow): StockStatus {
  const digitalType = (row.details as { digitalType?: string }).digitalType ?? 'downloadable';
  if (row.productType === 'digital' && digitalType === 'downloadable') return 'available';
  if (row.productType === 'service') return 'in_stock';
  if (row.productType === 'physical' && !row.trackInventory) return 'in_stock';
  if (row.stock <= 0) return 'out_of_stock';
  if (row.stock < row.minStock) return 'low_stock';
  return 'in_stock';
}

export type ViewContext = {
  categoryName: (id: string | null) => { id: string; name: string } | null;
  subcategoryName: (id: string | null) => { id: string; name: string } | null;
  botsOf: (row: ProductRow) => { botIds: 'all' | string[]; bots: Array<{ id: string; username: string }> };
  images: (productId: string) => ProductImageRow[];
  codeCounts: (productId: string) => { total: number; issued: number; available: number } | undefined;
  imageUrls: ImageUrls;
};

export function imageView(row: ProductImageRow, urls: ImageUrls): ProductImage {
  return { id: row.id, ...urls(row), isMain: row.isMain, position: row.position };
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
    stockStatus: stockStatusOf(row),
    trackInventory: row.trackInventory,
    allowBackorder: row.allowBackorder,
    status: row.status,
    isFeatured: row.isFeatured,
    botIds,
    bots,
    images,
    videos: row.videos,
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listItemView(
  row: ProductRow,
  ctx: Omit<ViewContext, 'images' | 'codeCounts'> & {
    mainImage: (id: string) => ProductImageRow | undefined;
  },
): ProductListItem {
  const { botIds, bots } = ctx.botsOf(row);
  const details = row.details as { digitalType?: string; duration?: number; durationUnit?: string };
  const main = ctx.mainImage(row.id);
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    productType: row.productType,
    status: row.status,
    stockStatus: stockStatusOf(row),
    isFeatured: row.isFeatured,
    price: row.priceMinor,
    currency: row.currency,
    stock: row.stock,
    category: ctx.categoryName(row.categoryId),
    subcategory: ctx.subcategoryName(row.subcategoryId),
    botIds,
    bots,
    digitalType:
      row.productType === 'digital'
        ? (DigitalType.safeParse(details.digitalType).data ?? 'downloadable')
        : null,
    duration:
      row.productType === 'service' && Number.isInteger(details.duration)
        ? (details.duration as number)
        : null,
    durationUnit:
      row.productType === 'service' ? (DurationUnit.safeParse(details.durationUnit).data ?? 'hours') : null,
    image: main ? ctx.imageUrls(main).thumbnailUrl : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
