import { api, vendorPath } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /invoices/fees/{YYYY-MM}/pdf: a month's plan fee statement, saved under its number. */
export async function downloadFeeStatement(month: string, number: string): Promise<void> {
  const blob = await api.get<Blob>(vendorPath(`/invoices/fees/${encodeURIComponent(month)}/pdf`), {
    responseType: 'blob',
  });
  saveFile(blob, `${number}.pdf`);
}
