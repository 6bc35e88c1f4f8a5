import type { ShopProduct } from '@app/contracts/shop-catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client';
import { shopKeys, shopPath } from './shop-keys';

/** One product as the shop's product view shows it, read as the customer Telegram signed the init data for. */
export function getShopProduct(
  botId: string,
  initData: string,
  productId: string,
  signal?: AbortSignal,
): Promise<ShopProduct> {
  return api.get<ShopProduct>(shopPath(botId, `products/${encodeURIComponent(productId)}`), {
    auth: false,
    initData,
    signal,
  });
}

export function shopProductQuery(botId: string, initData: string, productId: string) {
  return queryOptions({
    // Under the shop's key (not in api/shop-keys.ts: the shop's first load would carry it for this chunk).
    queryKey: [...shopKeys.shop(botId), 'product', productId],
    queryFn: ({ signal }) => getShopProduct(botId, initData, productId, signal),
    // A product no longer sold, a closed shop or a refused sign-in does not change by asking again.
    retry: (failures, error) =>
      failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });
}

export function useShopProduct(botId: string, initData: string, productId: string) {
  return useQuery(shopProductQuery(botId, initData, productId));
}
