import type { BotDetail } from '@app/contracts/bots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { botKeys } from './bot-keys';

export function getBotDetail(botId: string, signal?: AbortSignal): Promise<BotDetail> {
  return api.get<BotDetail>(vendorPath(`/bot-details/${encodeURIComponent(botId)}`), { signal });
}

export function botDetailQueryOptions(botId: string) {
  return queryOptions({
    queryKey: botKeys.detail(botId),
    queryFn: ({ signal }) => getBotDetail(botId, signal),
    // A missing bot stays missing: no point asking again.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
  });
}

export function useBotDetail(botId: string) {
  return useQuery(botDetailQueryOptions(botId));
}
