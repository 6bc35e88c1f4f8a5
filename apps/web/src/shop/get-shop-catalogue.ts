import type { ShopCatalogue } from '@app/contracts/shop-catalogue';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, isApiError } from '../lib/api-client';

export type ShopFilters = { categoryId: string | null; search: string };

/** The shop's catalogue, page by page, read as the customer Telegram signed the init data for. */
export function shopCatalogueQuery(botId: string, initData: string, filters: ShopFilters) {
  return infiniteQueryOptions({
    queryKey: ['shop', botId, 'catalogue', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<ShopCatalogue>(`/shop/${encodeURIComponent(botId)}/catalogue`, {
        auth: false,
        initData,
        query: { page: pageParam, categoryId: filters.categoryId, search: filters.search || undefined },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // Another category or search keeps the shop on screen (its name, chips, main button) until it answers.
    placeholderData: keepPreviousData,
    // A closed shop or a refused sign-in does not change by asking again.
    retry: (failures, error) =>
      failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export function useShopCatalogue(botId: string, initData: string, filters: ShopFilters) {
  return useInfiniteQuery(shopCatalogueQuery(botId, initData, filters));
}
