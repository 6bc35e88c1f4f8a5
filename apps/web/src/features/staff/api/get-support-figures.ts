import type { SupportStaffFiguresResponse } from '@app/contracts/support';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

/** Support Staff's figures from real conversations (tickets, first response, rating, busy), per Telegram id. */
export function useSupportFigures() {
  return useQuery({
    queryKey: [...staffKeys.all, 'support-figures'] as const,
    queryFn: ({ signal }) =>
      api.get<SupportStaffFiguresResponse>(vendorPath('/support/staff-figures'), { signal }),
    refetchInterval: 60_000,
  });
}
