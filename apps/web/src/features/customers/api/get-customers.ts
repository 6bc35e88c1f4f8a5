import { CUSTOMER_LIMITS, type CustomerListResponse } from '@app/contracts/customers';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { type CustomerFilters, customerKeys } from './customer-keys';

// Spec part 1 §9: customers are fresh for 30 s, in pages of 50; a segment's view asks for up to 1000 at once
// ("segment query limit 1000") and stays fresh for 5 minutes ("customer segments 5 min").
const CUSTOMERS_STALE_MS = 30_000;
const SEGMENT_STALE_MS = 5 * 60_000;

/** Customers per page: the segment view's 1000, else the list's 50. */
export const customersPageSize = (filters: CustomerFilters) =>
  filters.segment ? CUSTOMER_LIMITS.pageSizeMax : CUSTOMER_LIMITS.pageSizeDefault;

export function getCustomers(
  filters: CustomerFilters,
  page: number,
  signal?: AbortSignal,
): Promise<CustomerListResponse> {
  return api.get<CustomerListResponse>(vendorPath('/customers'), {
    query: { ...filters, page, limit: customersPageSize(filters) },
    signal,
  });
}

export function customersQueryOptions(filters: CustomerFilters) {
  return infiniteQueryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getCustomers(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: filters.segment ? SEGMENT_STALE_MS : CUSTOMERS_STALE_MS,
  });
}

export function useCustomers(filters: CustomerFilters) {
  return useInfiniteQuery(customersQueryOptions(filters));
}
