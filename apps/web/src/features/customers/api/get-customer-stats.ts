import type { CustomerStats } from '@app/contracts/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export function getCustomerStats(botId: string | undefined, signal?: AbortSignal): Promise<CustomerStats> {
  return api.get<CustomerStats>(vendorPath('/customers/stats'), { query: { botId }, signal });
}

export function customerStatsQueryOptions(botId?: string) {
  return queryOptions({
    queryKey: customerKeys.stats(botId),
    queryFn: ({ signal }) => getCustomerStats(botId, signal),
    staleTime: 30_000,
  });
}

export function useCustomerStats(botId?: string) {
  return useQuery(customerStatsQueryOptions(botId));
}
