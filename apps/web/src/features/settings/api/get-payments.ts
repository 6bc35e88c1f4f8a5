import type { PaymentProviders } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function getPaymentProviders(botId: string, signal?: AbortSignal): Promise<PaymentProviders> {
  return api.get<PaymentProviders>(vendorPath(botPath(botId, 'payments')), { signal });
}

export function usePaymentProviders(botId: string) {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.payments(botId),
      queryFn: ({ signal }) => getPaymentProviders(botId, signal),
      // Another vendor's or a deleted bot stays missing: no point asking again.
      retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
    }),
  );
}
