import type { CreatePaymentBody, Payment } from '@app/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { paymentKeys } from './payment-keys';

export type PayMethod = 'stars' | 'ltc' | 'wallet';

const PATHS: Record<PayMethod, string> = {
  stars: '/payments/stars/create',
  ltc: '/payments/ltc/create',
  wallet: '/payments/wallet/pay',
};

/** POST /payments/stars/create, /payments/ltc/create or /payments/wallet/pay ({botId, plan, period}). */
export function createPayment(method: PayMethod, body: CreatePaymentBody): Promise<Payment> {
  return api.post<Payment>(vendorPath(PATHS[method]), body);
}

export function useCreatePayment(method: PayMethod) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentBody) => createPayment(method, body),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.payment(payment.id), payment);
      // A wallet payment completes at once: balance, cards and bots change.
      if (payment.status === 'completed') {
        void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
        void queryClient.invalidateQueries({ queryKey: queryRoots.bots });
        void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
      }
    },
  });
}
