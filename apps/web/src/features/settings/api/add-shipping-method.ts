import type { ShippingMethod, ShippingMethodInput } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function addShippingMethod(botId: string, body: ShippingMethodInput): Promise<ShippingMethod> {
  return api.post<ShippingMethod>(vendorPath(botPath(botId, 'shipping/methods')), body);
}

export function useAddShippingMethod(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingMethodInput) => addShippingMethod(botId, body),
    // The overview holds the methods and the zones derived from them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.shipping(botId) }),
  });
}
