import type { ActivityItem } from '@app/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botKeys } from './bot-keys';

/** Spec part 1 §9: activity polls every 60 s. */
const ACTIVITY_POLL_MS = 60_000;

/** The bot's slice of the activity feed (the domain events people read about), newest first. */
export function getBotActivity(botId: string, limit: number, signal?: AbortSignal): Promise<ActivityItem[]> {
  return api.get<ActivityItem[]>(vendorPath('/dashboard/activity'), { query: { botId, limit }, signal });
}

export function botActivityQueryOptions(botId: string, limit = 5) {
  return queryOptions({
    queryKey: botKeys.activity(botId, limit),
    queryFn: ({ signal }) => getBotActivity(botId, limit, signal),
    refetchInterval: ACTIVITY_POLL_MS,
  });
}

export function useBotActivity(botId: string, limit = 5) {
  return useQuery(botActivityQueryOptions(botId, limit));
}
