import type { DashboardBots } from '@app/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { getVendorId } from '../../../lib/session';
import { dashboardKeys } from './dashboard-keys';

/** Spec part 1 §9: the dashboard's bots poll every 60 s. */
const BOTS_POLL_MS = 60_000;

export function getDashboardBots(signal?: AbortSignal): Promise<DashboardBots> {
  return api.get<DashboardBots>(vendorPath('/dashboard/bots'), { signal });
}

export function dashboardBotsQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: dashboardKeys.bots(vendorId),
    queryFn: ({ signal }) => getDashboardBots(signal),
    refetchInterval: BOTS_POLL_MS,
  });
}

export function useDashboardBots() {
  return useQuery(dashboardBotsQueryOptions(getVendorId()));
}
