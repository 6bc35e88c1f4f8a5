import type { SubscriptionsResponse } from '@app/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export function getSubscriptions(signal?: AbortSignal): Promise<SubscriptionsResponse> {
  return api.get<SubscriptionsResponse>(vendorPath('/subscriptions'), { signal });
}

export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.subscriptions(), queryFn: ({ signal }) => getSubscriptions(signal) });

export function useSubscriptions() {
  return useQuery(subscriptionsQueryOptions());
}
