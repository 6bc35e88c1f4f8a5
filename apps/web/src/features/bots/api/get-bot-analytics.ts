import type { BotAnalytics, BotAnalyticsPeriod } from '@app/contracts/bots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botKeys } from './bot-keys';

export function getBotAnalytics(
  botId: string,
  period: BotAnalyticsPeriod,
  signal?: AbortSignal,
): Promise<BotAnalytics> {
  return api.get<BotAnalytics>(vendorPath(`/bot-details/${encodeURIComponent(botId)}/analytics`), {
    query: { period },
    signal,
  });
}

export function botAnalyticsQueryOptions(botId: string, period: BotAnalyticsPeriod = 'week') {
  return queryOptions({
    queryKey: botKeys.analytics(botId, period),
    queryFn: ({ signal }) => getBotAnalytics(botId, period, signal),
  });
}

export function useBotAnalytics(botId: string, period: BotAnalyticsPeriod = 'week') {
  return useQuery(botAnalyticsQueryOptions(botId, period));
}
