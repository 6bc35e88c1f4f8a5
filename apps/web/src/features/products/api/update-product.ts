import type { Product, UpdateProductBody } from '@app/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { productKeys } from './product-keys';

export type UpdateProductInput = { productId: string; body: UpdateProductBody };

/** PUT: the whole product as the edit form holds it. */
export function updateProduct({ productId, body }: UpdateProductInput): Promise<Product> {
  return api.put<Product>(vendorPath(`/products/${encodeURIComponent(productId)}`), body);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.categories });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
