import type { DownloadLink } from '@app/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';

/**
 * A link to the catalogue CSV that works for a few minutes without the session: Telegram's downloadFile
 * fetches the file itself (see lib/telegram/bridge.ts downloadFile).
 */
export function getProductsExportLink(): Promise<DownloadLink> {
  return api.post<DownloadLink>(vendorPath('/products/export/link'));
}

export function useProductsExportLink() {
  return useMutation({ mutationFn: getProductsExportLink });
}
