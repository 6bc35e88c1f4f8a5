import type { ContentFilters } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function getContentFilters(botId: string, signal?: AbortSignal): Promise<ContentFilters> {
  return api.get<ContentFilters>(vendorPath(botPath(botId, 'filters')), { signal });
}

export function useContentFilters(botId: string) {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.filters(botId),
      queryFn: ({ signal }) => getContentFilters(botId, signal),
      // Another vendor's or a deleted bot stays missing: no point asking again.
      retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    }),
  );
}
