import type { ProductType } from '@app/contracts/catalogue';
import type { ProductStatus } from '@app/contracts/products';

/** The list's filters (ListProductsQuery without page and limit, which belong to the infinite query). */
export type ProductFilters = {
  search?: string;
  category?: string;
  subcategory?: string;
  botId?: string;
  productType?: ProductType;
  status?: ProductStatus;
};

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), filters] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (productId: string) => [...productKeys.details(), productId] as const,
  share: (productId: string) => [...productKeys.detail(productId), 'share'] as const,
  qr: (productId: string, botId: string) => [...productKeys.detail(productId), 'qr', botId] as const,
  codes: (productId: string) => [...productKeys.detail(productId), 'codes'] as const,
  slots: (productId: string, from: string, to: string) =>
    [...productKeys.detail(productId), 'slots', from, to] as const,
  importJob: (importId: string) => [...productKeys.all, 'import', importId] as const,
};

/**
 * Caches of other features this one changes: the categories screen's counts, the product selector's bot list.
 * Features do not import each other, so the prefixes are named here (see features/categories/api).
 */
export const CATEGORIES_KEY_PREFIX = ['categories'] as const;
export const DASHBOARD_KEY_PREFIX = ['dashboard'] as const;
