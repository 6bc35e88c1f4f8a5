import type { CategoryListResponse } from '@app/contracts/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { categoryListKey } from '../../../lib/query-keys';

/**
 * Categories with their subcategories, for the list's chips and the form's selects. Cached under the
 * categories feature's list key (no search), so a change on the categories screen shows here too.
 * Spec §7.1: cached 60 s, not retried, an empty list when it fails.
 */
export function getCategoryOptions(signal?: AbortSignal): Promise<CategoryListResponse> {
  return api.get<CategoryListResponse>(vendorPath('/categories'), { signal });
}

export function categoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: categoryListKey(''),
    queryFn: ({ signal }) => getCategoryOptions(signal),
    staleTime: 60_000,
    retry: false,
    select: (data) => data.categories,
  });
}

export function useCategoryOptions() {
  const query = useQuery(categoryOptionsQueryOptions());
  return query.data ?? [];
}
