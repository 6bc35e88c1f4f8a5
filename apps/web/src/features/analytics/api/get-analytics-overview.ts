import type { AnalyticsOverview } from '@app/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { type AnalyticsScope, analyticsKeys, OVERVIEW_STALE_MS } from './analytics-keys';

export function getAnalyticsOverview(
  scope: AnalyticsScope,
  signal?: AbortSignal,
): Promise<AnalyticsOverview> {
  return api.get<AnalyticsOverview>(vendorPath('/analytics'), { query: scope, signal });
}

export function analyticsOverviewQueryOptions(scope: AnalyticsScope) {
  return queryOptions({
    queryKey: analyticsKeys.overview(scope),
    queryFn: ({ signal }) => getAnalyticsOverview(scope, signal),
    staleTime: OVERVIEW_STALE_MS,
    // Switching the period keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsOverview(scope: AnalyticsScope) {
  return useQuery(analyticsOverviewQueryOptions(scope));
}
