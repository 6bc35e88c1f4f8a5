import { type AccountDeletion, DELETE_ACCOUNT_PHRASE } from '@app/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, vendorPath } from '../../../lib/api-client';
import { botListKey, queryRoots } from '../../../lib/query-keys';

/** DELETE /vendors/{id}/bots/{botId}: the bot page's delete (webhook removed, runtime dropped). */
export const deleteBot = (botId: string) =>
  api.delete<null>(vendorPath(`/bots/${encodeURIComponent(botId)}`));

/** DELETE /vendors/{id} with the phrase: the account's deletion, scheduled in 30 days. */
export const deleteAccount = () =>
  apiRequest<AccountDeletion>(vendorPath(''), {
    method: 'DELETE',
    body: { confirmation: DELETE_ACCOUNT_PHRASE },
  });

export function useDeleteBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBot,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: botListKey() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
