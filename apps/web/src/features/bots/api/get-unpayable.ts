import type { PaymentProviders } from '@app/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { botKeys } from './bot-keys';

/**
 * The product types the bot sells that no switched-on payment method takes (the Payment Providers screen's
 * answer): the bot page warns of them, since its customers' checkout would fail.
 */
export function useUnpayableTypes(botId: string) {
  return useQuery({
    queryKey: botKeys.unpayable(botId),
    queryFn: ({ signal }) =>
      api
        .get<PaymentProviders>(vendorPath(`/bots/${encodeURIComponent(botId)}/payments`), { signal })
        .then((r) => r.unpayable ?? []),
    // Only a warning: a failed read shows none rather than an error.
    retry: false,
  });
}
