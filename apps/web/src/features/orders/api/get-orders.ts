import { ORDER_LIMITS, type OrderListResponse } from '@app/contracts/orders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { type OrderFilters, orderKeys } from './order-keys';

/** Spec part 1 §9: the orders list is fresh for 30 s; pages of 50. */
const ORDERS_STALE_MS = 30_000;

export function getOrders(
  filters: OrderFilters,
  page: number,
  signal?: AbortSignal,
): Promise<OrderListResponse> {
  return api.get<OrderListResponse>(vendorPath('/orders'), {
    query: { ...filters, page, limit: ORDER_LIMITS.pageSizeDefault },
    signal,
  });
}

export function ordersQueryOptions(filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getOrders(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: ORDERS_STALE_MS,
  });
}

export function useOrders(filters: OrderFilters) {
  return useInfiniteQuery(ordersQueryOptions(filters));
}
