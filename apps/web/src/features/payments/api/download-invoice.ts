import { api, vendorPath } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /invoices/{id}/pdf, saved as a file named after the invoice number. */
export async function downloadInvoice(invoiceId: string, number: string): Promise<void> {
  const blob = await api.get<Blob>(vendorPath(`/invoices/${encodeURIComponent(invoiceId)}/pdf`), {
    responseType: 'blob',
  });
  saveFile(blob, `${number}.pdf`);
}
