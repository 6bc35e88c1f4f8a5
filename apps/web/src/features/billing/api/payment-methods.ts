import type {
  AddPaymentMethodBody,
  PaymentMethodList,
  Payout,
  PayoutOverview,
  PayoutSettingsBody,
  RequestPayoutBody,
  SavedPaymentMethod,
} from '@app/contracts/billing';
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

export function usePayouts() {
  return useQuery({
    queryKey: billingKeys.payouts(),
    queryFn: ({ signal }) => api.get<PayoutOverview>(vendorPath('/billing/payouts'), { signal }),
  });
}

export function useSavePayoutSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutSettingsBody) =>
      api.put<PayoutOverview>(vendorPath('/billing/payouts/settings'), body),
    onSuccess: (overview) => client.setQueryData(billingKeys.payouts(), overview),
  });
}

export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestPayoutBody) => api.post<Payout>(vendorPath('/billing/payouts'), body),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.payouts() }),
  });
}

/** A two-step code for this session: payout details may then change for 10 minutes (the account's step-up). */
export function useStepUp() {
  return useMutation({
    mutationFn: (code: string) => api.post<{ validUntil: string }>(vendorPath('/security/step-up'), { code }),
  });
}
