import type { CategoryListResponse } from '@app/contracts/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { categoryKeys } from './category-keys';

/** Categories with subcategories and the stats (spec §7.1: cached 60 s, not retried). */
export function getCategories(search: string, signal?: AbortSignal): Promise<CategoryListResponse> {
  return api.get<CategoryListResponse>(vendorPath('/categories'), {
    query: { search: search || undefined },
    signal,
  });
}

export function categoriesQueryOptions(search: string) {
  return queryOptions({
    queryKey: categoryKeys.list(search),
    queryFn: ({ signal }) => getCategories(search, signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useCategories(search: string) {
  return useQuery(categoriesQueryOptions(search));
}
