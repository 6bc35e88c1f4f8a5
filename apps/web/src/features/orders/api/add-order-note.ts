import type { AddOrderNoteBody, OrderNote } from '@app/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type AddOrderNoteInput = { orderId: string; body: AddOrderNoteBody };

/** POST /orders/{id}/notes: an internal note of the vendor's team. */
export function addOrderNote({ orderId, body }: AddOrderNoteInput): Promise<OrderNote> {
  return api.post<OrderNote>(vendorPath(`/orders/${encodeURIComponent(orderId)}/notes`), body);
}

export function useAddOrderNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrderNote,
    onSuccess: (_note, { orderId }) =>
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId), exact: true }),
  });
}
