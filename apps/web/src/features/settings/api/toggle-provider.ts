import type { PaymentProvider, PaymentProviderId } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

/** Flips a configured provider on or off. */
export function toggleProvider(
  botId: string,
  id: PaymentProviderId,
  enabled: boolean,
): Promise<PaymentProvider> {
  return api.patch<PaymentProvider>(vendorPath(botPath(botId, `payments/${id}`)), { enabled });
}

export function useToggleProvider(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: PaymentProviderId; enabled: boolean }) =>
      toggleProvider(botId, id, enabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.payments(botId) }),
  });
}
