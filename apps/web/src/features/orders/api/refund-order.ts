import type { OrderDetail } from '@app/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { ORDER_DEPENDENT_KEY_PREFIXES, orderKeys } from './order-keys';

/**
 * POST /orders/{id}/refund: the server refunds a paid order (Telegram Stars go back through Telegram) and
 * cancels it; 409 ORDER_NOT_REFUNDABLE when it is not paid.
 */
export function refundOrder(orderId: string): Promise<OrderDetail> {
  return api.post<OrderDetail>(vendorPath(`/orders/${encodeURIComponent(orderId)}/refund`));
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
    },
    // A refund cancels the order: lists, stats and every figure built from orders move with it.
    onSettled: (_order, _error, orderId) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'stats'] });
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      for (const prefix of ORDER_DEPENDENT_KEY_PREFIXES)
        void queryClient.invalidateQueries({ queryKey: prefix });
    },
  });
}
