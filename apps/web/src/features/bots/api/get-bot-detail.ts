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
    // A missing bot (or an id that cannot be one) stays missing: no point asking again, and no second of
    // waiting before "Bot Not Found".
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 1,
  });
}

export function useBotDetail(botId: string) {
  return useQuery(botDetailQueryOptions(botId));
}
