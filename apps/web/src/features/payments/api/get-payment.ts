import type { Payment } from '@app/contracts/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { paymentKeys } from './payment-keys';

export function getPayment(paymentId: string, signal?: AbortSignal): Promise<Payment> {
  return api.get<Payment>(vendorPath(`/payments/${encodeURIComponent(paymentId)}`), { signal });
}

const settled = (p: Payment | undefined) =>
  p !== undefined &&
  ((p.status === 'completed' && (p.purpose === 'topup' || p.subscriptionActive)) ||
    p.status === 'failed' ||
    p.status === 'expired' ||
    p.status === 'refunded');

/**
 * A payment, polled every 2 s while `poll` and until the server says it is settled (completed with the
 * subscription live, or failed / expired): the screen learns the outcome from the server, not the client.
 */
export function usePaymentStatus(paymentId: string | null, poll: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: paymentKeys.payment(paymentId ?? ''),
    queryFn: ({ signal }) => getPayment(paymentId ?? '', signal),
    enabled: paymentId !== null,
    refetchInterval: (q) => (poll && !settled(q.state.data) ? 2000 : false),
  });
  const done = query.data?.status === 'completed';
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: paymentKeys.subscriptions() });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.balance() });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.invoices() });
    void queryClient.invalidateQueries({ queryKey: queryRoots.bots });
    void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
  }, [done, queryClient]);
  return query;
}
