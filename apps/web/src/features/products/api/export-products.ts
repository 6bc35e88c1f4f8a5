import type { ProductsExportLink } from '@app/contracts/products';
import { useMutation } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';

/**
 * A link to the catalogue CSV that works for a few minutes without the session: Telegram's downloadFile
 * fetches the file itself (see lib/telegram downloadFile).
 */
export function getProductsExportLink(): Promise<ProductsExportLink> {
  return api.post<ProductsExportLink>(vendorPath('/products/export/link'));
}

export function useProductsExportLink() {
  return useMutation({ mutationFn: getProductsExportLink });
}
