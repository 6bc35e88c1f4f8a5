import type { StoreDetails, StoreDetailsInput } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function saveStore(botId: string, body: StoreDetailsInput): Promise<StoreDetails> {
  return api.put<StoreDetails>(vendorPath(botPath(botId, 'store')), body);
}

export function useSaveStore(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreDetailsInput) => saveStore(botId, body),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.store(botId), saved),
  });
}
