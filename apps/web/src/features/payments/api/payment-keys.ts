import { queryRoots } from '../../../lib/query-keys';

export const paymentKeys = {
  all: queryRoots.payments,
  subscriptions: () => [...paymentKeys.all, 'subscriptions'] as const,
  prices: () => [...paymentKeys.all, 'prices'] as const,
  payment: (id: string) => [...paymentKeys.all, 'payment', id] as const,
  balance: () => [...paymentKeys.all, 'wallet-balance'] as const,
  invoices: () => [...paymentKeys.all, 'invoices'] as const,
  defaultMethod: () => [...paymentKeys.all, 'default-method'] as const,
};
