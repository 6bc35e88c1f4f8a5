import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { productKeys } from './product-keys';

export function deleteProduct(productId: string): Promise<void> {
  return api.delete<void>(vendorPath(`/products/${encodeURIComponent(productId)}`));
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_result, productId) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.categories });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
