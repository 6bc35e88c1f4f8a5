import type { OrderDetail } from '@app/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>(vendorPath(`/orders/${encodeURIComponent(orderId)}`), { signal });
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    // A missing order stays missing (and a malformed id is refused): no point asking again.
    retry: (failures, error) => !(isApiError(error) && [400, 404].includes(error.status)) && failures < 1,
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
