import type { Product, VariationType } from '@app/contracts/products';
import type { ShopProduct, ShopProductMedia } from '@app/contracts/shop-catalogue';
import { maxQuantityOf, type SaleProduct } from '../products/sale-rules';

/** The compare-at price as the shop shows it: the "was" price of a sale, so only when above the price. */
export function wasPrice(comparePrice: number | null, price: number): number | null {
  return comparePrice !== null && comparePrice > price ? comparePrice : null;
}

/** A video address the Mini App's <video> can play itself (a page on a video site cannot be). */
const PLAYABLE_VIDEO = /\.(?:mp4|webm|ogv|ogg)(?:[?#]|$)/i;

/**
 * A product as the shop's Mini App shows it in its product view: the gallery (uploads main first, then the
 * video addresses it can play), the price and its tax, the reviews' figures, the aftercare, and what can go in
 * the cart now: the product itself, or each of its options (a value, or a size × colour combination) in stock.
 */
export function shopProductView(
  product: Product,
  sale: SaleProduct,
  absoluteUrl: (path: string) => string,
): ShopProduct {
  const uploads: ShopProductMedia[] = product.images.map((image) =>
    image.type === 'video'
      ? { type: 'video', url: absoluteUrl(image.url), thumbnailUrl: null }
      : { type: 'image', url: absoluteUrl(image.mediumUrl), thumbnailUrl: absoluteUrl(image.thumbnailUrl) },
  );
  const linked: ShopProductMedia[] = product.videos
    .filter((url) => PLAYABLE_VIDEO.test(url))
    .map((url) => ({ type: 'video', url, thumbnailUrl: null }));
  const combinations = sale.variations.length > 0 && sale.variations.every((v) => v.values?.length === 2);
  const types: VariationType[] = combinations
    ? (sale.variationTypes ?? []).flatMap((t) => (t ? [t] : []))
    : [...new Set(sale.variations.map((v) => v.type))];
  const options = sale.variations.flatMap((v) => {
    const max = maxQuantityOf(sale, v.id);
    if (max === 0) return [];
    return [{ id: v.id, values: v.values ?? [v.value], priceAdjustment: v.priceAdjustment, max }];
  });
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    currency: product.currency,
    taxRate: product.taxRate,
    taxInclusive: product.taxInclusive,
    description: product.description,
    shortDescription: product.shortDescription,
    media: [...uploads, ...linked],
    autoPlay: product.galleryAutoPlay,
    rating: product.rating,
    reviewCount: product.reviewCount,
    warranty: sale.warranty ?? null,
    returnPolicy: sale.returnPolicy ?? null,
    comparePrice: wasPrice(product.comparePrice, product.price),
    brand: product.brand,
    countryOfOrigin: product.physical?.countryOfOrigin?.trim() || null,
    features: product.digital?.features ?? [],
    stockStatus: product.stockStatus,
    max: sale.variations.length > 0 ? 0 : maxQuantityOf(sale, null),
    types,
    options,
  };
}
