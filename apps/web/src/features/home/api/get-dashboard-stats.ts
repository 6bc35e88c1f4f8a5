import type { DashboardStats } from '@app/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { getVendorId } from '../../../lib/session';
import { dashboardKeys } from './dashboard-keys';

/** Spec part 1 §9: dashboard stats poll every 30 s. */
const STATS_POLL_MS = 30_000;

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return api.get<DashboardStats>(vendorPath('/dashboard/stats'), { signal });
}

export function dashboardStatsQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: dashboardKeys.stats(vendorId),
    queryFn: ({ signal }) => getDashboardStats(signal),
    refetchInterval: STATS_POLL_MS,
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions(getVendorId()));
}
