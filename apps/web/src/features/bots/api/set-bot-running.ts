import type { Bot } from '@app/contracts/bots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botKeys, DASHBOARD_KEY_PREFIX } from './bot-keys';

export type SetBotRunningInput = { botId: string; run: boolean };

/** POST /bots/{id}/start or /stop. */
export function setBotRunning({ botId, run }: SetBotRunningInput): Promise<Bot> {
  return api.post<Bot>(vendorPath(`/bots/${encodeURIComponent(botId)}/${run ? 'start' : 'stop'}`));
}

export function useSetBotRunning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBotRunning,
    onSettled: (_bot, _error, { botId }) => {
      void queryClient.invalidateQueries({ queryKey: botKeys.list() });
      void queryClient.invalidateQueries({ queryKey: botKeys.detail(botId) });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY_PREFIX });
    },
  });
}
