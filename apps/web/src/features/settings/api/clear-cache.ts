import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

/** Drops what the shop runtime cached of the bot (bot info, pending conversations). */
export function clearCache(botId: string): Promise<{ cacheClearedAt: string }> {
  return api.post<{ cacheClearedAt: string }>(vendorPath(botPath(botId, 'token/clear-cache')), {});
}

export function useClearCache(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearCache(botId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.token(botId) }),
  });
}
