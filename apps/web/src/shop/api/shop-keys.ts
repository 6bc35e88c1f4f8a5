import { queryRoots } from '../../lib/query-keys';

/** The list's filters as the shop page keeps them; the pages are the infinite query's. */
export type ShopFilters = { categoryId: string | null; search: string };

export const shopKeys = {
  all: queryRoots.shop,
  /** Everything cached for one shop bot (its catalogue's pages carry the customer's cart count). */
  shop: (botId: string) => [...shopKeys.all, botId] as const,
  catalogue: (botId: string, filters: ShopFilters) =>
    [...shopKeys.shop(botId), 'catalogue', filters] as const,
};

export const shopPath = (botId: string, rest: string) => `/shop/${encodeURIComponent(botId)}/${rest}`;
