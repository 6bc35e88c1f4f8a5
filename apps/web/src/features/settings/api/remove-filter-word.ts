import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function removeFilterWord(botId: string, wordId: string): Promise<void> {
  return api.delete<void>(vendorPath(botPath(botId, `filters/words/${encodeURIComponent(wordId)}`)));
}

export function useRemoveFilterWord(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (wordId: string) => removeFilterWord(botId, wordId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.filters(botId) }),
  });
}
