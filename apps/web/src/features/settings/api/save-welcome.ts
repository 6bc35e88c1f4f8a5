import type { WelcomeMessage, WelcomeMessageInput } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botDetailKey } from '../../../lib/query-keys';
import { botPath, settingsKeys } from './settings-keys';

export function saveWelcome(botId: string, body: WelcomeMessageInput): Promise<WelcomeMessage> {
  return api.put<WelcomeMessage>(vendorPath(botPath(botId, 'welcome')), body);
}

export function useSaveWelcome(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WelcomeMessageInput) => saveWelcome(botId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.welcome(botId), saved);
      // The bot page shows the same welcome text (it has one home, the bot).
      void queryClient.invalidateQueries({ queryKey: botDetailKey(botId) });
    },
  });
}
