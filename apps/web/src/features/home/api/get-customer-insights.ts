import type { CustomerStats } from '@app/contracts/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { getVendorId } from '../../../lib/session';
import { dashboardKeys } from './dashboard-keys';

/** Spec part 1 §9: customer segments are fresh for 5 minutes. */
const SEGMENTS_STALE_MS = 5 * 60_000;

/** GET /customers/stats?botId: Home's Customer Insights (all bots, or one). */
export function getCustomerInsights(botId: string | undefined, signal?: AbortSignal): Promise<CustomerStats> {
  return api.get<CustomerStats>(vendorPath('/customers/stats'), { query: { botId }, signal });
}

export function customerInsightsQueryOptions(vendorId: string, botId?: string) {
  return queryOptions({
    queryKey: dashboardKeys.customerStats(vendorId, botId),
    queryFn: ({ signal }) => getCustomerInsights(botId, signal),
    staleTime: SEGMENTS_STALE_MS,
  });
}

export function useCustomerInsights(botId?: string) {
  return useQuery(customerInsightsQueryOptions(getVendorId(), botId));
}
