import type { BotActivityItem } from '@app/contracts/bots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botKeys } from './bot-keys';

export function getBotActivity(
  botId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<BotActivityItem[]> {
  return api.get<BotActivityItem[]>(vendorPath(`/bot-details/${encodeURIComponent(botId)}/activity`), {
    query: { limit },
    signal,
  });
}

export function botActivityQueryOptions(botId: string, limit = 5) {
  return queryOptions({
    queryKey: botKeys.activity(botId, limit),
    queryFn: ({ signal }) => getBotActivity(botId, limit, signal),
  });
}

export function useBotActivity(botId: string, limit = 5) {
  return useQuery(botActivityQueryOptions(botId, limit));
}
