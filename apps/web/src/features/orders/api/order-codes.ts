import type { OrderCodesResponse, RevealedOrderCode } from '@app/contracts/orders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

const codesPath = (orderId: string) => vendorPath(`/orders/${encodeURIComponent(orderId)}/codes`);

/** The codes the order's buyer received, masked. */
export function useOrderCodes(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.detail(orderId), 'codes'] as const,
    queryFn: ({ signal }) => api.get<OrderCodesResponse>(codesPath(orderId), { signal }),
    enabled,
  });
}

/** One code in full; the server records the reveal in the audit trail. */
export function useRevealOrderCode(orderId: string) {
  return useMutation({
    mutationFn: (codeId: string) =>
      api.post<RevealedOrderCode>(`${codesPath(orderId)}/${encodeURIComponent(codeId)}/reveal`),
  });
}
