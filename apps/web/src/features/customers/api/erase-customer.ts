import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** DELETE /customers/{id}: erases the customer's personal data (their orders' figures stay, anonymised). */
export function eraseCustomer(customerId: string): Promise<unknown> {
  return api.delete(vendorPath(`/customers/${encodeURIComponent(customerId)}`));
}

export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseCustomer,
    onSuccess: (_result, customerId) => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
