import type { Bot, BotDetail, BotListResponse } from '@app/contracts/bots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { botKeys } from './bot-keys';

export type SetBotRunningInput = { botId: string; run: boolean };

/** POST /bots/{id}/start or /stop. */
export function setBotRunning({ botId, run }: SetBotRunningInput): Promise<Bot> {
  return api.post<Bot>(vendorPath(`/bots/${encodeURIComponent(botId)}/${run ? 'start' : 'stop'}`));
}

export function useSetBotRunning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBotRunning,
    // The answer is the bot as it now is: put it in the cache before the mutation stops pending, so a
    // switch goes from "where it is going" straight to "where it is", never back to the old state while
    // the list refetches.
    onSuccess: (bot) => {
      queryClient.setQueryData<BotListResponse>(botKeys.list(), (list) =>
        list ? { ...list, bots: list.bots.map((b) => (b.id === bot.id ? bot : b)) } : list,
      );
      queryClient.setQueryData<BotDetail>(botKeys.detail(bot.id), (detail) =>
        detail ? { ...detail, ...bot } : detail,
      );
    },
    // The list's summary (active count) and Home's figures are computed on the server: refetch them.
    onSettled: (_bot, _error, { botId }) => {
      void queryClient.invalidateQueries({ queryKey: botKeys.list() });
      void queryClient.invalidateQueries({ queryKey: botKeys.detail(botId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
