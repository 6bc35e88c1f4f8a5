import type { AddPaymentMethodBody, PaymentMethodList, SavedPaymentMethod } from '@app/contracts/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

export function usePaymentMethods() {
  return useQuery({
    queryKey: billingKeys.methods(),
    queryFn: ({ signal }) => api.get<PaymentMethodList>(vendorPath('/billing/payment-methods'), { signal }),
  });
}

export function useAddPaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPaymentMethodBody) =>
      api.post<SavedPaymentMethod>(vendorPath('/billing/payment-methods'), body),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.methods() }),
  });
}

export function useSetDefaultMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<PaymentMethodList>(
        vendorPath(`/billing/payment-methods/${encodeURIComponent(id)}/default`),
        {},
      ),
    onSuccess: (list) => client.setQueryData(billingKeys.methods(), list),
  });
}

export function useRemoveMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<PaymentMethodList>(vendorPath(`/billing/payment-methods/${encodeURIComponent(id)}`)),
    onSuccess: (list) => client.setQueryData(billingKeys.methods(), list),
  });
}
