import type { BotTokenInfo } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botDetailKey, botListKey } from '../../../lib/query-keys';
import { botPath, settingsKeys } from './settings-keys';

/** A new token of the same bot (after /revoke in @BotFather); the server checks it with getMe. */
export function replaceToken(botId: string, token: string): Promise<BotTokenInfo> {
  return api.put<BotTokenInfo>(vendorPath(botPath(botId, 'token')), { token });
}

export function useReplaceToken(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => replaceToken(botId, token),
    onSuccess: (info) => {
      queryClient.setQueryData(settingsKeys.token(botId), info);
      // The bot's card and page show the masked token too.
      void queryClient.invalidateQueries({ queryKey: botListKey() });
      void queryClient.invalidateQueries({ queryKey: botDetailKey(botId) });
    },
  });
}
