import type { CustomerDetail, UpdateCustomerBody } from '@app/contracts/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export type UpdateCustomerInput = { customerId: string; body: UpdateCustomerBody };

/** PUT /customers/{id}: tags, notes, email, phone. */
export function updateCustomer({ customerId, body }: UpdateCustomerInput): Promise<CustomerDetail> {
  return api.put<CustomerDetail>(vendorPath(`/customers/${encodeURIComponent(customerId)}`), body);
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer, { customerId }) => {
      queryClient.setQueryData(customerKeys.detail(customerId), customer);
      // Tags show on the list's cards.
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
