import type { BillingInvoiceList, BillingInvoicesQuery } from '@app/contracts/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

export function getInvoices(query: BillingInvoicesQuery, signal?: AbortSignal): Promise<BillingInvoiceList> {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.botId) params.set('botId', query.botId);
  const search = params.size > 0 ? `?${params}` : '';
  return api.get<BillingInvoiceList>(vendorPath(`/billing/invoices${search}`), { signal });
}

/** The invoices and fee statements, filtered; the last list stays on screen while a new filter loads. */
export function useInvoices(query: BillingInvoicesQuery) {
  return useQuery({
    queryKey: billingKeys.invoices(query),
    queryFn: ({ signal }) => getInvoices(query, signal),
    placeholderData: keepPreviousData,
  });
}
