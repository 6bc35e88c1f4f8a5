import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function removeShippingMethod(botId: string, methodId: string): Promise<void> {
  return api.delete<void>(vendorPath(botPath(botId, `shipping/methods/${encodeURIComponent(methodId)}`)));
}

export function useRemoveShippingMethod(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methodId: string) => removeShippingMethod(botId, methodId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.shipping(botId) }),
  });
}
