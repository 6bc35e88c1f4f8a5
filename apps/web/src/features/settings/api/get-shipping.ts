import type { ShippingOverview } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function getShippingOverview(botId: string, signal?: AbortSignal): Promise<ShippingOverview> {
  return api.get<ShippingOverview>(vendorPath(botPath(botId, 'shipping')), { signal });
}

export function useShippingOverview(botId: string) {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.shipping(botId),
      queryFn: ({ signal }) => getShippingOverview(botId, signal),
      // Another vendor's or a deleted bot stays missing: no point asking again.
      retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    }),
  );
}
