import type { Payment, TopUpBody } from '@app/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

/** POST /payments/wallet/topup {method, amountMinor}: a Stars invoice or a Litecoin address for the funds. */
export function topUpWallet(body: TopUpBody): Promise<Payment> {
  return api.post<Payment>(vendorPath('/payments/wallet/topup'), body);
}

export function useTopUpWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpWallet,
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.payment(payment.id), payment),
  });
}
