import type { DownloadLink } from '@app/contracts/common';
import { api, vendorPath } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/telegram/bridge';

/**
 * A month's plan fee statement (YYYY-MM), named after its number: a link made for it, which Telegram's
 * downloadFile fetches itself, without the session. False when the user declined Telegram's prompt.
 */
export async function downloadFeeStatement(month: string, number: string): Promise<boolean> {
  const link = await api.post<DownloadLink>(
    vendorPath(`/invoices/fees/${encodeURIComponent(month)}/pdf/link`),
  );
  return downloadFile(link.url, `${number}.pdf`);
}
