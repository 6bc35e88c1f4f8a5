import type { WelcomeMessage } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function getWelcomeMessage(botId: string, signal?: AbortSignal): Promise<WelcomeMessage> {
  return api.get<WelcomeMessage>(vendorPath(botPath(botId, 'welcome')), { signal });
}

export function useWelcomeMessage(botId: string) {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.welcome(botId),
      queryFn: ({ signal }) => getWelcomeMessage(botId, signal),
      // Another vendor's or a deleted bot stays missing: no point asking again.
      retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    }),
  );
}
