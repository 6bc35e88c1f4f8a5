import type { AnalyticsPeriod, BotPerformanceResponse } from '@app/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { ANALYTICS_STALE_MS, analyticsKeys } from './analytics-keys';

/** GET /analytics/bots/{botId or all}. */
export function getBotPerformance(
  period: AnalyticsPeriod,
  botId: string | undefined,
  signal?: AbortSignal,
): Promise<BotPerformanceResponse> {
  return api.get<BotPerformanceResponse>(
    vendorPath(`/analytics/bots/${encodeURIComponent(botId ?? 'all')}`),
    {
      query: { period },
      signal,
    },
  );
}

export function botPerformanceQueryOptions(period: AnalyticsPeriod, botId?: string) {
  return queryOptions({
    queryKey: analyticsKeys.bots(period, botId),
    queryFn: ({ signal }) => getBotPerformance(period, botId, signal),
    staleTime: ANALYTICS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useBotPerformance(period: AnalyticsPeriod, botId?: string) {
  return useQuery(botPerformanceQueryOptions(period, botId));
}
