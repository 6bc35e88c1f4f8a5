import { CUSTOMER_LIMITS, type CustomerListResponse } from '@app/contracts/customers';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { type CustomerFilters, customerKeys } from './customer-keys';

/** Spec part 1 §9: customers are fresh for 30 s; pages of 50. */
const CUSTOMERS_STALE_MS = 30_000;

export function getCustomers(
  filters: CustomerFilters,
  page: number,
  signal?: AbortSignal,
): Promise<CustomerListResponse> {
  return api.get<CustomerListResponse>(vendorPath('/customers'), {
    query: { ...filters, page, limit: CUSTOMER_LIMITS.pageSizeDefault },
    signal,
  });
}

export function customersQueryOptions(filters: CustomerFilters) {
  return infiniteQueryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getCustomers(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: CUSTOMERS_STALE_MS,
  });
}

export function useCustomers(filters: CustomerFilters) {
  return useInfiniteQuery(customersQueryOptions(filters));
}
