import type { BotListResponse } from '@app/contracts/bots';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botListKey } from '../../../lib/query-keys';

/** The vendor's bots, for the invoices' bot filter (the bots screen's list, shared by key). */
export function useBots() {
  return useQuery({
    queryKey: botListKey(),
    queryFn: ({ signal }) => api.get<BotListResponse>(vendorPath('/bots'), { signal }),
  });
}
