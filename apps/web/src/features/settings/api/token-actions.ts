import type { BotTokenInfo, ConnectionTest } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { BOT_LIST_KEY, botDetailKey, botPath, settingsKeys } from './settings-keys';

// The Bot Token screen's actions: replace, test the connection, set the webhook again, clear the cache.

export function replaceToken(botId: string, token: string): Promise<BotTokenInfo> {
  return api.put<BotTokenInfo>(vendorPath(botPath(botId, 'token')), { token });
}
export function testConnection(botId: string): Promise<ConnectionTest> {
  return api.post<ConnectionTest>(vendorPath(botPath(botId, 'token/test')), {});
}
export function updateWebhook(botId: string): Promise<BotTokenInfo> {
  return api.post<BotTokenInfo>(vendorPath(botPath(botId, 'token/webhook')), {});
}
export function clearCache(botId: string): Promise<{ cacheClearedAt: string }> {
  return api.post<{ cacheClearedAt: string }>(vendorPath(botPath(botId, 'token/clear-cache')), {});
}

export function useReplaceToken(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => replaceToken(botId, token),
    onSuccess: (info) => {
      queryClient.setQueryData(settingsKeys.token(botId), info);
      void queryClient.invalidateQueries({ queryKey: BOT_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: botDetailKey(botId) });
    },
  });
}

export function useTestConnection(botId: string) {
  return useMutation({ mutationFn: () => testConnection(botId) });
}

export function useUpdateWebhook(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => updateWebhook(botId),
    onSuccess: (info) => queryClient.setQueryData(settingsKeys.token(botId), info),
  });
}

export function useClearCache(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearCache(botId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.token(botId) }),
  });
}
