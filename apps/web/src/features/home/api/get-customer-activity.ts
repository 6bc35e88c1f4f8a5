import type { RevenueChart } from '@app/contracts/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { getVendorId } from '../../../lib/session';
import { dashboardKeys } from './dashboard-keys';

/** Spec part 1 §9: customer figures are fresh for 5 minutes. */
const ACTIVITY_STALE_MS = 5 * 60_000;

/**
 * The last 7 days' active customers (all bots, or one), oldest first: Home's Customer Insights activity bars.
 * Read from the revenue chart, whose days carry each day's active customers.
 */
export async function getCustomerActivity(
  botId: string | undefined,
  signal?: AbortSignal,
): Promise<{ labels: string[]; active: number[] }> {
  const chart = await api.get<RevenueChart>(vendorPath('/analytics/charts/revenue'), {
    query: { period: '7d', botId },
    signal,
  });
  return { labels: chart.labels, active: chart.active };
}

export function customerActivityQueryOptions(vendorId: string, botId?: string) {
  return queryOptions({
    queryKey: dashboardKeys.customerActivity(vendorId, botId),
    queryFn: ({ signal }) => getCustomerActivity(botId, signal),
    staleTime: ACTIVITY_STALE_MS,
  });
}

export function useCustomerActivity(botId?: string) {
  return useQuery(customerActivityQueryOptions(getVendorId(), botId));
}
