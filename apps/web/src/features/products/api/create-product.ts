import type { CreateProductBody, Product } from '@app/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { productKeys } from './product-keys';

export function createProduct(body: CreateProductBody): Promise<Product> {
  return api.post<Product>(vendorPath('/products'), body);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.categories });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
