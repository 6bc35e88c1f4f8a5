import type { ShippingMethod, UpdateShippingMethodInput } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

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

export function useUpdateShippingMethod(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateShippingMethodInput }) =>
      updateShippingMethod(botId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.shipping(botId) }),
  });
}
