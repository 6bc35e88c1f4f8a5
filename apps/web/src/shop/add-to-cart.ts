import type { AddToShopCartBody, ShopCartAnswer } from '@app/contracts/shop-catalogue';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** One more of a product in the customer's cart: the chat's own cart, where checkout is. */
export function useAddToCart(botId: string, initData: string) {
  return useMutation({
    mutationFn: (productId: string) =>
      api.post<ShopCartAnswer>(
        `/shop/${encodeURIComponent(botId)}/cart`,
        { productId } satisfies AddToShopCartBody,
        { auth: false, initData },
      ),
  });
}
