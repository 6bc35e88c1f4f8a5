import type { Product } from '@app/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export type SetProductArchivedInput = { productId: string; archived: boolean };

/** POST /products/{id}/archive or /restore. */
export function setProductArchived({ productId, archived }: SetProductArchivedInput): Promise<Product> {
  return api.post<Product>(
    vendorPath(`/products/${encodeURIComponent(productId)}/${archived ? 'archive' : 'restore'}`),
  );
}

export function useSetProductArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductArchived,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}
