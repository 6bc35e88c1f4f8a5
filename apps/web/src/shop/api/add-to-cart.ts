import type { AddToShopCartBody, ShopCartAnswer, ShopCatalogue } from '@app/contracts/shop-catalogue';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { DescribeErrorOptions } from '../../lib/describe-error';
import { shopKeys, shopPath } from './shop-keys';

/** What "Add to cart" says when the shop refuses. */
export const ADD_ERRORS = {
  CART_SOLD_OUT: 'shop.outOfStock',
  CART_LIMIT_REACHED: { key: 'shop.limitReached', params: (details) => ({ count: Number(details.max) }) },
} as const satisfies DescribeErrorOptions['codes'];

/**
 * More of a product (one, unless the product view chose a quantity; its option, when it has options) in the
 * customer's cart: the chat's own cart, where checkout is.
 */
export function addToCart(botId: string, initData: string, body: AddToShopCartBody): Promise<ShopCartAnswer> {
  return api.post<ShopCartAnswer>(shopPath(botId, 'cart'), body, {
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
    mutationFn: (body: AddToShopCartBody) => addToCart(botId, initData, body),
    onSuccess: (answer) => {
      queryClient.setQueriesData<InfiniteData<ShopCatalogue>>({ queryKey: shopKeys.shop(botId) }, (data) =>
        // The shop's products are cached under its key too: only the catalogue's pages hold the count.
        data?.pages
          ? { ...data, pages: data.pages.map((page) => ({ ...page, cartCount: answer.cartCount })) }
          : data,
      );
    },
  });
}
