import type { PricesResponse } from '@app/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export function getPrices(signal?: AbortSignal): Promise<PricesResponse> {
  return api.get<PricesResponse>(vendorPath('/payments/prices'), { signal });
}

/** Plan prices in USD and Stars (the server's configured rate). */
export function usePrices() {
  return useQuery({
    queryKey: paymentKeys.prices(),
    queryFn: ({ signal }) => getPrices(signal),
    staleTime: 10 * 60_000,
  });
}
