import type { ProductType } from '@app/contracts/catalogue';
import type { ProductStatus } from '@app/contracts/products';
import { queryRoots } from '../../../lib/query-keys';

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
  all: queryRoots.products,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters) => [...productKeys.lists(), filters] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (productId: string) => [...productKeys.details(), productId] as const,
  share: (productId: string) => [...productKeys.detail(productId), 'share'] as const,
  qr: (productId: string, botId: string) => [...productKeys.detail(productId), 'qr', botId] as const,
  codes: (productId: string) => [...productKeys.detail(productId), 'codes'] as const,
  slots: (productId: string, from: string, to: string) =>
    [...productKeys.detail(productId), 'slots', from, to] as const,
  analytics: (productId: string, period: string) =>
    [...productKeys.detail(productId), 'analytics', period] as const,
  reviews: (productId: string) => [...productKeys.detail(productId), 'reviews'] as const,
  importJob: (importId: string) => [...productKeys.all, 'import', importId] as const,
};
