import type { CustomerDetail } from '@app/contracts/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export function getCustomer(customerId: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return api.get<CustomerDetail>(vendorPath(`/customers/${encodeURIComponent(customerId)}`), { signal });
}

export function customerQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: customerKeys.detail(customerId),
    queryFn: ({ signal }) => getCustomer(customerId, signal),
    staleTime: 30_000,
    // A missing customer stays missing (a malformed id is refused): no point asking again.
    retry: (failures, error) => !(isApiError(error) && [400, 404].includes(error.status)) && failures < 1,
  });
}

export function useCustomer(customerId: string) {
  return useQuery(customerQueryOptions(customerId));
}
