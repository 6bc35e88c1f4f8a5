import type { ConfigureProviderBody, PaymentProvider, PaymentProviderId } from '@app/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botPath, settingsKeys } from './settings-keys';

/** Saves a provider's configuration; the server enables it (spec part 2 §4). Secrets go in, never out. */
export function configureProvider(
  botId: string,
  id: PaymentProviderId,
  body: ConfigureProviderBody,
): Promise<PaymentProvider> {
  return api.put<PaymentProvider>(vendorPath(botPath(botId, `payments/${id}`)), body);
}

export function useConfigureProvider(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: PaymentProviderId; body: ConfigureProviderBody }) =>
      configureProvider(botId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.payments(botId) }),
  });
}
