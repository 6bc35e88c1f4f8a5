import type { SubscriptionOverview } from '@app/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { getVendorId } from '../../../lib/session';
import { dashboardKeys } from './dashboard-keys';

export function getSubscriptionOverview(signal?: AbortSignal): Promise<SubscriptionOverview> {
  return api.get<SubscriptionOverview>(vendorPath('/subscriptions/overview'), { signal });
}

/** Home's Subscription Overview (spec part 1 §2): live subscriptions and their monthly cost. */
export function useSubscriptionOverview() {
  return useQuery({
    queryKey: [...dashboardKeys.all, 'subscriptions', getVendorId()] as const,
    queryFn: ({ signal }) => getSubscriptionOverview(signal),
    // A staff member without the billing permission is refused (403): the card is simply not shown.
    retry: false,
  });
}
