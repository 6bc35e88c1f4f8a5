import type { BotListResponse } from '@app/contracts/bots';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from './api-client';
import { botListKey } from './query-keys';

/**
 * The vendor's bots as the filters of several screens offer them (orders, customers, analytics, Home's
 * insights). It shares the bots screen's cache entry (the same key and answer, features/bots/api), so the
 * list is fetched once for all of them.
 */
export function useBotOptions() {
  return useQuery({
    queryKey: botListKey(),
    queryFn: ({ signal }) => api.get<BotListResponse>(vendorPath('/bots'), { signal }),
    select: (list) => list.bots.map((bot) => ({ id: bot.id, name: bot.name, username: bot.username })),
  });
}
