import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { botKeys } from './bot-keys';

export function deleteBot(botId: string): Promise<void> {
  return api.delete<void>(vendorPath(`/bots/${encodeURIComponent(botId)}`));
}

export function useDeleteBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBot,
    onSuccess: (_result, botId) => {
      queryClient.removeQueries({ queryKey: botKeys.detail(botId) });
      void queryClient.invalidateQueries({ queryKey: botKeys.list() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
