import type { StoreDetails } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function getStoreDetails(botId: string, signal?: AbortSignal): Promise<StoreDetails> {
  return api.get<StoreDetails>(vendorPath(botPath(botId, 'store')), { signal });
}

export function useStoreDetails(botId: string) {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.store(botId),
      queryFn: ({ signal }) => getStoreDetails(botId, signal),
      // Another vendor's or a deleted bot stays missing: no point asking again.
      retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    }),
  );
}
