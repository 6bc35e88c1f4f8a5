import type { ProductType } from '@app/contracts/catalogue';
import type { BulkPricingTier, ServiceDetails, VariationType } from '@app/contracts/products';

/** One value of a physical product's variations, as a customer picks it (each value has its own stock). */
export type SaleVariation = {
  id: string;
  type: VariationType;
  value: string;
  /** Minor units added to (or taken from) the product's price. */
  priceAdjustment: number;
  stock: number;
  /** A combination of two types' values (size × colour), in the variations' order; absent for single values. */
  values?: string[];
};

/** What the shop needs of a product to put it in a cart, price it and take it at checkout. */
export type SaleProduct = {
  id: string;
  name: string;
  productType: ProductType;
  priceMinor: number;
  currency: string;
  /** Physical: units (the variations' sum when it has variations); code pools: unissued codes. */
  stock: number;
  trackInventory: boolean;
  allowBackorder: boolean;
  /** Sold from a pool of codes (product_key, ticket, pass, subscription): one code per unit. */
  sellsCodes: boolean;
  maxPerOrder: number | null;
  /** Percent, or null for none; inclusive: the price holds the tax, else it is added (orders' order-tax.ts). */
  taxRate: number | null;
  taxInclusive: boolean;
  variations: SaleVariation[];
  /** The variation types, in order, when the product sells by combination (size × colour). */
  variationTypes?: [VariationType | undefined, VariationType | undefined];
  bulkPricing: BulkPricingTier[];
  /** A service's scheduling (slots, places per slot); null for goods. */
  service: ServiceDetails | null;
  /** A physical product's warranty period ('' when it has a warranty without one); null: no warranty. */
  warranty?: string | null;
  /** A physical product's return policy; null when none. */
  returnPolicy?: string | null;
  /** The compare-at price (minor units) the shop shows struck through when it is above the price; null: none. */
  comparePrice?: number | null;
};

/** A cart line never holds more than this, whatever the stock (a typo guard, not a business rule). */
export const LINE_QUANTITY_MAX = 99;

export function variationOf(product: SaleProduct, variationId: string | null): SaleVariation | null {
  if (variationId === null) return null;
  return product.variations.find((v) => v.id === variationId) ?? null;
}

/** Whether a line names the product in a way that can be sold: a variation exactly when it has some. */
export function isSellableChoice(product: SaleProduct, variationId: string | null): boolean {
  if (product.variations.length === 0) return variationId === null;
  return variationOf(product, variationId) !== null;
}

/** Whether stock limits the units of this product (tracked goods without backorder, code pools). */
export function stockBounded(product: SaleProduct): boolean {
  if (product.productType === 'physical') return product.trackInventory && !product.allowBackorder;
  return product.productType === 'digital' && product.sellsCodes;
}

/**
 * The most units of one line: what is in stock (the variation's, for a variation), a service's places per
 * slot, the product's maxPerOrder, and LINE_QUANTITY_MAX. 0 when none can be bought.
 */
export function maxQuantityOf(product: SaleProduct, variationId: string | null): number {
  if (!isSellableChoice(product, variationId)) return 0;
  let max = Math.min(LINE_QUANTITY_MAX, product.maxPerOrder ?? LINE_QUANTITY_MAX);
  if (stockBounded(product)) max = Math.min(max, variationOf(product, variationId)?.stock ?? product.stock);
  if (product.service) max = Math.min(max, product.service.maxBookings);
  return Math.max(0, max);
}

/**
 * The tier of the bulk pricing that applies to `quantity` units: among those whose range holds it, the one
 * that starts highest (a vendor's overlapping tiers resolve to the most specific).
 */
export function tierFor(tiers: BulkPricingTier[], quantity: number): BulkPricingTier | null {
  let best: BulkPricingTier | null = null;
  for (const tier of tiers) {
    if (quantity < tier.minQuantity) continue;
    if (tier.maxQuantity != null && quantity > tier.maxQuantity) continue;
    if (!best || tier.minQuantity > best.minQuantity) best = tier;
  }
  return best;
}

/**
 * The price of one unit when `quantity` are bought, in minor units: the product's price plus the variation's
 * adjustment, then the bulk tier (ARCHITECTURE.md: fixed = that price per unit, the variation's adjustment
 * still added; percentage = that much off). Never below zero.
 */
export function unitPriceOf(product: SaleProduct, variationId: string | null, quantity: number): number {
  const adjustment = variationOf(product, variationId)?.priceAdjustment ?? 0;
  const tier = tierFor(product.bulkPricing, quantity);
  let unit = product.priceMinor + adjustment;
  if (tier?.type === 'fixed') unit = Math.round(tier.value) + adjustment;
  if (tier?.type === 'percentage') unit = Math.round((unit * (100 - tier.value)) / 100);
  return Math.max(0, unit);
}

/** The line's name as it is sold and kept on the order: the product's, with the variation's value. */
export function lineNameOf(product: SaleProduct, variationId: string | null): string {
  const variation = variationOf(product, variationId);
  return variation ? `${product.name} (${variation.value})` : product.name;
}
