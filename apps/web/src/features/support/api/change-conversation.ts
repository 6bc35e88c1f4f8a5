import type { CannedReplyList, SupportConversation, SupportMessage } from '@app/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

const path = (id: string) => `/support/conversations/${encodeURIComponent(id)}`;

/** Sends a reply through the shop bot; the thread and the inbox change. */
export function useSendReply(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<SupportMessage>(vendorPath(`${path(id)}/messages`), { text }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: supportKeys.messages(id) });
      void client.invalidateQueries({ queryKey: supportKeys.conversation(id) });
      void client.invalidateQueries({ queryKey: supportKeys.lists() });
    },
  });
}

type Change = { action: 'close' | 'reopen' } | { action: 'assign'; assignee: number | null };

/** Close, reopen or assign the conversation. */
export function useChangeConversation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      api.post<SupportConversation>(
        vendorPath(`${path(id)}/${change.action}`),
        change.action === 'assign' ? { assignee: change.assignee } : undefined,
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: supportKeys.conversation(id) });
      void client.invalidateQueries({ queryKey: supportKeys.lists() });
    },
  });
}

export function useCannedReplies(botId: string | undefined) {
  return useQuery({
    queryKey: supportKeys.canned(botId ?? ''),
    queryFn: ({ signal }) =>
      api.get<CannedReplyList>(
        vendorPath(`/support/canned-replies?botId=${encodeURIComponent(botId ?? '')}`),
        {
          signal,
        },
      ),
    enabled: Boolean(botId),
  });
}
