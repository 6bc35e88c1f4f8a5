import type { OrderDetail } from '@app/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * POST /orders/{id}/release: the server sends the buyer what a paid digital order holds (its products do not
 * deliver automatically); 409 ORDER_NOT_HELD when it holds nothing.
 */
export function releaseOrder(orderId: string): Promise<OrderDetail> {
  return api.post<OrderDetail>(vendorPath(`/orders/${encodeURIComponent(orderId)}/release`));
}

export function useReleaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
    },
    // The order completes once sent: its codes and the lists move with it.
    onSettled: (_order, _error, orderId) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}
