import type { SupportListResponse, SupportTab } from '@app/contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

export function getConversations(tab: SupportTab, search: string, signal?: AbortSignal) {
  const q = new URLSearchParams({ tab });
  if (search) q.set('search', search);
  return api.get<SupportListResponse>(vendorPath(`/support/conversations?${q}`), { signal });
}

/** The inbox, refreshed every 10 s while open (new customer messages arrive without a tap). */
export function useConversations(tab: SupportTab, search: string) {
  return useQuery(
    queryOptions({
      queryKey: supportKeys.list(tab, search),
      queryFn: ({ signal }) => getConversations(tab, search, signal),
      refetchInterval: 10_000,
    }),
  );
}
