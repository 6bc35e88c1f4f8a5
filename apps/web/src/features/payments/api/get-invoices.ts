import type { InvoiceList } from '@app/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export function getInvoices(signal?: AbortSignal): Promise<InvoiceList> {
  return api.get<InvoiceList>(vendorPath('/invoices'), { signal });
}

export function useInvoices() {
  return useQuery({ queryKey: paymentKeys.invoices(), queryFn: ({ signal }) => getInvoices(signal) });
}
