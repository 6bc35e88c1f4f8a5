import type { BotDetail, UpdateBotDetailBody } from '@app/contracts/bots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { botKeys } from './bot-keys';

export type UpdateBotDetailInput = { botId: string; body: UpdateBotDetailBody };

export function updateBotDetail({ botId, body }: UpdateBotDetailInput): Promise<BotDetail> {
  return api.patch<BotDetail>(vendorPath(`/bot-details/${encodeURIComponent(botId)}`), body);
}

export function useUpdateBotDetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBotDetail,
    onSuccess: async (detail, { botId }) => {
      queryClient.setQueryData(botKeys.detail(botId), detail);
      void queryClient.invalidateQueries({ queryKey: botKeys.list() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
      // Spec part 1 §4: a save refetches the bot.
      await queryClient.invalidateQueries({ queryKey: botKeys.detail(botId), exact: true });
    },
  });
}
