import type { AddToShopCartBody, ShopCartAnswer, ShopCatalogue } from '@app/contracts/shop-catalogue';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * One more of a product in the customer's cart: the chat's own cart, where checkout is. Each answer's count goes
 * into every page of the shop's catalogue, so the main button counts the cart as it is.
 */
export function useAddToCart(botId: string, initData: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      api.post<ShopCartAnswer>(
        `/shop/${encodeURIComponent(botId)}/cart`,
        { productId } satisfies AddToShopCartBody,
        { auth: false, initData },
      ),
    onSuccess: (answer) => {
      queryClient.setQueriesData<InfiniteData<ShopCatalogue>>({ queryKey: ['shop', botId] }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, cartCount: answer.cartCount })) }
          : data,
      );
    },
  });
}
