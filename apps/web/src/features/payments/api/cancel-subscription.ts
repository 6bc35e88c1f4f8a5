import type { SubscriptionCard } from '@app/contracts/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { paymentKeys } from './payment-keys';

/** POST /subscriptions/{botId}/cancel: runs to the period's end, then the bot stops. */
export function cancelSubscription(botId: string): Promise<SubscriptionCard> {
  return api.post<SubscriptionCard>(vendorPath(`/subscriptions/${encodeURIComponent(botId)}/cancel`), {});
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.subscriptions() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.bots });
      void queryClient.invalidateQueries({ queryKey: queryRoots.dashboard });
    },
  });
}
