import type { BillingInvoicesQuery } from '@app/contracts/billing';
import { queryRoots } from '../../../lib/query-keys';

export const billingKeys = {
  all: queryRoots.billing,
  invoices: (query: BillingInvoicesQuery) => [...billingKeys.all, 'invoices', query] as const,
  methods: () => [...billingKeys.all, 'payment-methods'] as const,
  payouts: () => [...billingKeys.all, 'payouts'] as const,
  stars: (botId: string) => [...billingKeys.all, 'stars', botId] as const,
};
