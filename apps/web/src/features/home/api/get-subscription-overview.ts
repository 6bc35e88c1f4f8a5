import type { SubscriptionOverview } from '@app/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { getVendorId } from '../../../lib/session';
import { dashboardKeys } from './dashboard-keys';

export function getSubscriptionOverview(signal?: AbortSignal): Promise<SubscriptionOverview> {
  return api.get<SubscriptionOverview>(vendorPath('/subscriptions/overview'), { signal });
}

export function subscriptionOverviewQueryOptions(vendorId: string) {
  return queryOptions({
    queryKey: dashboardKeys.subscriptions(vendorId),
    queryFn: ({ signal }) => getSubscriptionOverview(signal),
  });
}

export function useSubscriptionOverview() {
  return useQuery(subscriptionOverviewQueryOptions(getVendorId()));
}
