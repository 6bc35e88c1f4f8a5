import type { DownloadLink } from '@app/contracts/common';
import { api, vendorPath } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/telegram/bridge';

/**
 * An invoice's PDF, named after its number: a link made for it (POST /invoices/{id}/pdf/link), which Telegram's
 * downloadFile fetches itself, without the session. False when the user declined Telegram's prompt.
 */
export async function downloadInvoice(invoiceId: string, number: string): Promise<boolean> {
  const link = await api.post<DownloadLink>(
    vendorPath(`/invoices/${encodeURIComponent(invoiceId)}/pdf/link`),
  );
  return downloadFile(link.url, `${number}.pdf`);
}
