import type { PaymentMethodList, SavedPaymentMethod } from '@app/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

/** The vendor's default payment method (what renews the bots' plans), or null when none is saved (the wallet). */
export function useDefaultPaymentMethod() {
  return useQuery({
    queryKey: paymentKeys.defaultMethod(),
    queryFn: ({ signal }) => api.get<PaymentMethodList>(vendorPath('/billing/payment-methods'), { signal }),
    // Read afresh on each visit: the default is changed on another screen (/settings/payment).
    staleTime: 0,
    select: (list): SavedPaymentMethod | null => list.methods.find((m) => m.isDefault) ?? null,
  });
}
