import type { ActivityItem } from '@app/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { getVendorId } from '../../../lib/session';
import { dashboardKeys } from './dashboard-keys';

/** Spec part 1 §9: activity polls every 60 s; Home shows 5 items. */
const ACTIVITY_POLL_MS = 60_000;
const HOME_ACTIVITY_LIMIT = 5;

export function getDashboardActivity(limit: number, signal?: AbortSignal): Promise<ActivityItem[]> {
  return api.get<ActivityItem[]>(vendorPath('/dashboard/activity'), { query: { limit }, signal });
}

export function dashboardActivityQueryOptions(vendorId: string, limit = HOME_ACTIVITY_LIMIT) {
  return queryOptions({
    queryKey: dashboardKeys.activity(vendorId, limit),
    queryFn: ({ signal }) => getDashboardActivity(limit, signal),
    refetchInterval: ACTIVITY_POLL_MS,
  });
}

export function useDashboardActivity() {
  return useQuery(dashboardActivityQueryOptions(getVendorId()));
}
