import type { MyBots } from '@app/contracts/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { myBotsKey } from './query-keys';

/**
 * The caller's bots by name (`GET /me/bots`): what every bot picker offers (orders, customers, products,
 * analytics, billing, the settings hub, Home's insights). The owner gets every bot; a staff member the bots of
 * their seat, whatever their permissions (GET /bots needs `bots`, which a Support Agent does not hold). Kept
 * under the bot list's key, so a bot created, renamed or deleted refreshes the pickers too.
 */
export function myBotsQueryOptions() {
  return queryOptions({
    queryKey: myBotsKey(),
    queryFn: ({ signal }) => api.get<MyBots>('/me/bots', { signal }),
  });
}

export function useMyBots() {
  return useQuery(myBotsQueryOptions());
}

/** The pickers' options: id, name and username of each of the caller's bots. */
export function useBotOptions() {
  return useQuery({ ...myBotsQueryOptions(), select: (list) => list.bots });
}
