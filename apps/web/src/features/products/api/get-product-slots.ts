import type { SlotsResponse } from '@app/contracts/products';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** A service's open slots between two days (inclusive): its availability minus bookings. */
export function getProductSlots(productId: string, from: string, to: string, signal?: AbortSignal) {
  return api.get<SlotsResponse>(vendorPath(`/products/${encodeURIComponent(productId)}/slots`), {
    query: { from, to },
    signal,
  });
}

export function useProductSlots(productId: string, from: string, to: string) {
  return useQuery({
    queryKey: productKeys.slots(productId, from, to),
    queryFn: ({ signal }) => getProductSlots(productId, from, to, signal),
  });
}
