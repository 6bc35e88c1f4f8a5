import { api, vendorPath } from '../../../lib/api-client';

/** GET /invoices/{id}/pdf, saved as a file named after the invoice number. */
export async function downloadInvoice(invoiceId: string, number: string): Promise<void> {
  const blob = await api.get<Blob>(vendorPath(`/invoices/${encodeURIComponent(invoiceId)}/pdf`), {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
