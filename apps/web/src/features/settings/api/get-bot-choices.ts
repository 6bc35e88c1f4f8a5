import type { BotListResponse } from '@app/contracts/bots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botListKey } from '../../../lib/query-keys';

/** The hub's bot selector reads the bot list (spec part 2 §2.3: "The hub also loads the bot list"). */
export function getBotChoices(signal?: AbortSignal): Promise<BotListResponse> {
  return api.get<BotListResponse>(vendorPath('/bots'), { signal });
}

export function useBotChoices() {
  return useQuery(queryOptions({ queryKey: botListKey(), queryFn: ({ signal }) => getBotChoices(signal) }));
}
