import type { ShopCatalogue } from '@app/contracts/shop-catalogue';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';
import { type ShopFilters, shopKeys, shopPath } from './shop-keys';

/** One page of the shop's catalogue, read as the customer Telegram signed the init data for. */
export function getShopCatalogue(
  botId: string,
  initData: string,
  filters: ShopFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ShopCatalogue> {
  return api.get<ShopCatalogue>(shopPath(botId, 'catalogue'), {
    auth: false,
    initData,
    query: { page, categoryId: filters.categoryId, search: filters.search || undefined },
    signal,
  });
}

/** The shop's catalogue, page by page. */
export function shopCatalogueQuery(botId: string, initData: string, filters: ShopFilters) {
  return infiniteQueryOptions({
    queryKey: shopKeys.catalogue(botId, filters),
    queryFn: ({ pageParam, signal }) => getShopCatalogue(botId, initData, filters, pageParam, signal),
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
