import type { BillingInvoice } from '@app/contracts/billing';
import type { DownloadLink } from '@app/contracts/common';
import { api, vendorPath } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/telegram/bridge';

/**
 * An invoice's or a fee statement's PDF through its signed link (POST …/pdf/link), which Telegram's downloadFile
 * fetches without the session. False when the user declined Telegram's prompt.
 */
export async function downloadInvoice(invoice: BillingInvoice): Promise<boolean> {
  const path =
    invoice.kind === 'fees'
      ? `/invoices/fees/${encodeURIComponent(invoice.id)}/pdf/link`
      : `/invoices/${encodeURIComponent(invoice.id)}/pdf/link`;
  const link = await api.post<DownloadLink>(vendorPath(path));
  return downloadFile(link.url, `${invoice.invoiceNumber}.pdf`);
}
