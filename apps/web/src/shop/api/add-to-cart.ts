import type { AddToShopCartBody, ShopCartAnswer, ShopCatalogue } from '@app/contracts/shop-catalogue';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { shopKeys, shopPath } from './shop-keys';

/** One more of a product in the customer's cart: the chat's own cart, where checkout is. */
export function addToCart(botId: string, initData: string, productId: string): Promise<ShopCartAnswer> {
  return api.post<ShopCartAnswer>(shopPath(botId, 'cart'), { productId } satisfies AddToShopCartBody, {
    auth: false,
    initData,
  });
}

/**
 * Adds to the cart. Each answer's count goes into every page of the shop's catalogue, so the main button counts
 * the cart as it is.
 */
export function useAddToCart(botId: string, initData: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => addToCart(botId, initData, productId),
    onSuccess: (answer) => {
      queryClient.setQueriesData<InfiniteData<ShopCatalogue>>({ queryKey: shopKeys.shop(botId) }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, cartCount: answer.cartCount })) }
          : data,
      );
    },
  });
}
