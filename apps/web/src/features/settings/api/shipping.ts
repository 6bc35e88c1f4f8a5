import type {
  ShippingMethod,
  ShippingMethodInput,
  ShippingOverview,
  ShippingSettingsInput,
  UpdateShippingMethodInput,
} from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

// The Shipping Methods screen's changes; each refreshes the overview (methods, settings, zones).

export function addShippingMethod(botId: string, body: ShippingMethodInput): Promise<ShippingMethod> {
  return api.post<ShippingMethod>(vendorPath(botPath(botId, 'shipping/methods')), body);
}
export function updateShippingMethod(
  botId: string,
  methodId: string,
  body: UpdateShippingMethodInput,
): Promise<ShippingMethod> {
  return api.patch<ShippingMethod>(
    vendorPath(botPath(botId, `shipping/methods/${encodeURIComponent(methodId)}`)),
    body,
  );
}
export function removeShippingMethod(botId: string, methodId: string): Promise<void> {
  return api.delete<void>(vendorPath(botPath(botId, `shipping/methods/${encodeURIComponent(methodId)}`)));
}
export function saveShippingSettings(botId: string, body: ShippingSettingsInput): Promise<ShippingOverview> {
  return api.put<ShippingOverview>(vendorPath(botPath(botId, 'shipping/settings')), body);
}

function useShippingMutation<V, R>(botId: string, fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.shipping(botId) }),
  });
}

export const useAddShippingMethod = (botId: string) =>
  useShippingMutation(botId, (body: ShippingMethodInput) => addShippingMethod(botId, body));
export const useUpdateShippingMethod = (botId: string) =>
  useShippingMutation(botId, ({ id, body }: { id: string; body: UpdateShippingMethodInput }) =>
    updateShippingMethod(botId, id, body),
  );
export const useRemoveShippingMethod = (botId: string) =>
  useShippingMutation(botId, (id: string) => removeShippingMethod(botId, id));
export const useSaveShippingSettings = (botId: string) =>
  useShippingMutation(botId, (body: ShippingSettingsInput) => saveShippingSettings(botId, body));
