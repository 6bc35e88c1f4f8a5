import type { ContentFilters, FilterListId } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

/** Switches a predefined list on or off; answers the filters as they are now. */
export function setFilterList(
  botId: string,
  listId: FilterListId,
  enabled: boolean,
): Promise<ContentFilters> {
  return api.put<ContentFilters>(vendorPath(botPath(botId, `filters/lists/${listId}`)), { enabled });
}

export function useSetFilterList(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, enabled }: { listId: FilterListId; enabled: boolean }) =>
      setFilterList(botId, listId, enabled),
    onSuccess: (filters) => queryClient.setQueryData(settingsKeys.filters(botId), filters),
  });
}
