import type { OrderDetail, UpdateOrderStatusBody } from '@app/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { ORDER_DEPENDENT_KEY_PREFIXES, orderKeys } from './order-keys';

export type UpdateOrderStatusInput = { orderId: string; body: UpdateOrderStatusBody };

/** PATCH /orders/{id}/status: the server moves the order through its state machine (409 otherwise). */
export function updateOrderStatus({ orderId, body }: UpdateOrderStatusInput): Promise<OrderDetail> {
  return api.patch<OrderDetail>(vendorPath(`/orders/${encodeURIComponent(orderId)}/status`), body);
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
    },
    // Lists, stats, and the figures of Home, customers and analytics all move with a status.
    onSettled: (_order, _error, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'stats'] });
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      for (const prefix of ORDER_DEPENDENT_KEY_PREFIXES)
        void queryClient.invalidateQueries({ queryKey: prefix });
    },
  });
}
