import type { AnalyticsPeriod, ProductAnalytics } from '@app/contracts/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** A product's views, units and revenue per day of a period (the product page's Analytics tab). */
export function getProductAnalytics(productId: string, period: AnalyticsPeriod, signal?: AbortSignal) {
  return api.get<ProductAnalytics>(vendorPath(`/products/${encodeURIComponent(productId)}/analytics`), {
    query: { period },
    signal,
  });
}

export function useProductAnalytics(productId: string, period: AnalyticsPeriod) {
  return useQuery({
    queryKey: productKeys.analytics(productId, period),
    queryFn: ({ signal }) => getProductAnalytics(productId, period, signal),
    placeholderData: keepPreviousData,
  });
}
