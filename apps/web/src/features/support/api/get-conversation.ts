import type { SupportConversationDetail, SupportMessageList } from '@app/contracts/support';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

const path = (id: string) => `/support/conversations/${encodeURIComponent(id)}`;

export function useConversation(id: string) {
  return useQuery({
    queryKey: supportKeys.conversation(id),
    queryFn: ({ signal }) => api.get<SupportConversationDetail>(vendorPath(path(id)), { signal }),
  });
}

/** The thread, refreshed every 5 s while open, so the customer's answers appear. */
export function useMessages(id: string) {
  return useQuery({
    queryKey: supportKeys.messages(id),
    queryFn: ({ signal }) => api.get<SupportMessageList>(vendorPath(`${path(id)}/messages`), { signal }),
    refetchInterval: 5_000,
  });
}
