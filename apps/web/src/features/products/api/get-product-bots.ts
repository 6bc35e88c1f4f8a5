import type { BotListResponse } from '@app/contracts/bots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botListKey } from '../../../lib/query-keys';

/**
 * The vendor's bots for the bot dropdown and selector (spec §7.1: GET /vendors/{id}/bots). Cached under the
 * bots feature's list key, so both features share one answer and a bot change refreshes both.
 */
export function getProductBots(signal?: AbortSignal): Promise<BotListResponse> {
  return api.get<BotListResponse>(vendorPath('/bots'), { signal });
}

export function productBotsQueryOptions() {
  return queryOptions({
    queryKey: botListKey(),
    queryFn: ({ signal }) => getProductBots(signal),
    select: (data) => data.bots.map((bot) => ({ id: bot.id, name: bot.name, username: bot.username })),
  });
}

export function useProductBots() {
  return useQuery(productBotsQueryOptions());
}
