import type { ShippingOverview, ShippingSettingsInput } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

export function saveShippingSettings(botId: string, body: ShippingSettingsInput): Promise<ShippingOverview> {
  return api.put<ShippingOverview>(vendorPath(botPath(botId, 'shipping/settings')), body);
}

export function useSaveShippingSettings(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingSettingsInput) => saveShippingSettings(botId, body),
    onSuccess: (overview) => queryClient.setQueryData(settingsKeys.shipping(botId), overview),
  });
}
