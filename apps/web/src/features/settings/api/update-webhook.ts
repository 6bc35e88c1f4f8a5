import type { BotTokenInfo } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

/** Sets the running bot's webhook again, with a new secret. */
export function updateWebhook(botId: string): Promise<BotTokenInfo> {
  return api.post<BotTokenInfo>(vendorPath(botPath(botId, 'token/webhook')), {});
}

export function useUpdateWebhook(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => updateWebhook(botId),
    onSuccess: (info) => queryClient.setQueryData(settingsKeys.token(botId), info),
  });
}
