import type { BotTokenInfo } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function getBotTokenInfo(botId: string, signal?: AbortSignal): Promise<BotTokenInfo> {
  return api.get<BotTokenInfo>(vendorPath(botPath(botId, 'token')), { signal });
}

export function useBotTokenInfo(botId: string) {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.token(botId),
      queryFn: ({ signal }) => getBotTokenInfo(botId, signal),
      // Another vendor's or a deleted bot stays missing: no point asking again.
      retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    }),
  );
}
