import type { ProductListResponse } from '@app/contracts/products';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { type ProductFilters, productKeys } from './product-keys';

/** How many products match some filters: the list endpoint's total, for one card's worth of data. */
export function getProductCount(filters: ProductFilters, signal?: AbortSignal) {
  return api
    .get<ProductListResponse>(vendorPath('/products'), { query: { ...filters, page: 1, limit: 1 }, signal })
    .then((list) => list.total);
}

export function productCountQueryOptions(botId: string) {
  return queryOptions({
    queryKey: [...productKeys.lists(), 'count', { botId }] as const,
    queryFn: ({ signal }) => getProductCount({ botId }, signal),
  });
}

/** The Product Distribution card: products per bot. */
export function useProductCountsByBot(botIds: readonly string[]) {
  return useQueries({ queries: botIds.map((botId) => productCountQueryOptions(botId)) });
}
