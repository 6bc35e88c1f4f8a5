import type { AddFilterWordBody, FilterWord } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function addFilterWord(botId: string, body: AddFilterWordBody): Promise<FilterWord> {
  return api.post<FilterWord>(vendorPath(botPath(botId, 'filters/words')), body);
}

export function useAddFilterWord(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddFilterWordBody) => addFilterWord(botId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.filters(botId) }),
  });
}
