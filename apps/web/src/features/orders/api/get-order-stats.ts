import type { OrderStats } from '@app/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Spec part 1 §9: order stats poll every 60 s. */
const ORDER_STATS_POLL_MS = 60_000;

export function getOrderStats(botId: string | undefined, signal?: AbortSignal): Promise<OrderStats> {
  return api.get<OrderStats>(vendorPath('/orders/stats'), { query: { botId }, signal });
}

export function orderStatsQueryOptions(botId?: string) {
  return queryOptions({
    queryKey: orderKeys.stats(botId),
    queryFn: ({ signal }) => getOrderStats(botId, signal),
    refetchInterval: ORDER_STATS_POLL_MS,
  });
}

export function useOrderStats(botId?: string) {
  return useQuery(orderStatsQueryOptions(botId));
}
