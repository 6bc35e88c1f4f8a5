import type { StarsMismatchSummary } from '@app/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { getVendorId } from '../../../lib/session';
import { dashboardKeys } from './dashboard-keys';

/** How many of the vendor's bots' Star transactions match no order (billing's Stars reconciliation). */
export function useStarsMismatches() {
  return useQuery({
    queryKey: dashboardKeys.stars(getVendorId()),
    queryFn: ({ signal }) =>
      api.get<StarsMismatchSummary>(vendorPath('/billing/stars/mismatches'), { signal }),
  });
}
