import type { Product } from '@app/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export function getProduct(productId: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(vendorPath(`/products/${encodeURIComponent(productId)}`), { signal });
}

export function productQueryOptions(productId: string) {
  return queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
    // A missing product stays missing.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
  });
}

export function useProduct(productId: string | undefined) {
  return useQuery({ ...productQueryOptions(productId ?? ''), enabled: Boolean(productId) });
}
