import type { ProductListResponse } from '@app/contracts/products';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { type ProductFilters, productKeys } from './product-keys';

/** Spec §7.1, §9: pages of 50. */
export const PRODUCT_PAGE_SIZE = 50;

export function getProducts(
  filters: ProductFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  return api.get<ProductListResponse>(vendorPath('/products'), {
    query: { ...filters, page, limit: PRODUCT_PAGE_SIZE },
    signal,
  });
}

export function productsQueryOptions(filters: ProductFilters) {
  return infiniteQueryOptions({
    queryKey: productKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getProducts(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // A new search keeps the old cards on screen until the answer comes, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}

/** The product list, page by page as the user scrolls (spec §2.1: stays smooth at 10,000 products). */
export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery(productsQueryOptions(filters));
}
