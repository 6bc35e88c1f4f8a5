import type { AddFilterWordBody, ContentFilters, FilterListId, FilterWord } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

// The content filters' changes: each saves at once and refreshes the filters.

export function addFilterWord(botId: string, body: AddFilterWordBody): Promise<FilterWord> {
  return api.post<FilterWord>(vendorPath(botPath(botId, 'filters/words')), body);
}

export function removeFilterWord(botId: string, wordId: string): Promise<void> {
  return api.delete<void>(vendorPath(botPath(botId, `filters/words/${encodeURIComponent(wordId)}`)));
}

export function setFilterList(
  botId: string,
  listId: FilterListId,
  enabled: boolean,
): Promise<ContentFilters> {
  return api.put<ContentFilters>(vendorPath(botPath(botId, `filters/lists/${listId}`)), { enabled });
}

function useFiltersMutation<V, R>(botId: string, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.filters(botId) }),
  });
}

export const useAddFilterWord = (botId: string) =>
  useFiltersMutation(botId, (body: AddFilterWordBody) => addFilterWord(botId, body));
export const useRemoveFilterWord = (botId: string) =>
  useFiltersMutation(botId, (wordId: string) => removeFilterWord(botId, wordId));
export const useSetFilterList = (botId: string) =>
  useFiltersMutation(botId, ({ listId, enabled }: { listId: FilterListId; enabled: boolean }) =>
    setFilterList(botId, listId, enabled),
  );
