import type { BotWeeklyStats } from '@app/contracts/bots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botKeys } from './bot-keys';

export function getBotWeeklyStats(botId: string, signal?: AbortSignal): Promise<BotWeeklyStats> {
  return api.get<BotWeeklyStats>(vendorPath(`/bot-details/${encodeURIComponent(botId)}/stats`), { signal });
}

export function botWeeklyStatsQueryOptions(botId: string) {
  return queryOptions({
    queryKey: botKeys.weeklyStats(botId),
    queryFn: ({ signal }) => getBotWeeklyStats(botId, signal),
  });
}

export function useBotWeeklyStats(botId: string) {
  return useQuery(botWeeklyStatsQueryOptions(botId));
}
