import type { CreateProductBody, Product } from '@app/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { CATEGORIES_KEY_PREFIX, DASHBOARD_KEY_PREFIX, productKeys } from './product-keys';

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
      void queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY_PREFIX });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY_PREFIX });
    },
  });
}
