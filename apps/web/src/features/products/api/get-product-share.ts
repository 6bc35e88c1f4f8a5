import type { ProductShare } from '@app/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** The product's deep links, one per bot it is sold through: https://t.me/{bot}?start=product_{id}. */
export function getProductShare(productId: string, signal?: AbortSignal): Promise<ProductShare> {
  return api.get<ProductShare>(vendorPath(`/products/${encodeURIComponent(productId)}/share`), { signal });
}

export function productShareQueryOptions(productId: string) {
  return queryOptions({
    queryKey: productKeys.share(productId),
    queryFn: ({ signal }) => getProductShare(productId, signal),
  });
}

/** The QR code of a deep link, as SVG text from the server. */
export function getProductQrSvg(productId: string, botId: string, signal?: AbortSignal): Promise<string> {
  return api.get<string>(vendorPath(`/products/${encodeURIComponent(productId)}/qr`), {
    query: { botId, format: 'svg' },
    signal,
    responseType: 'text',
  });
}

export function useProductQr(productId: string, botId: string | undefined) {
  return useQuery({
    queryKey: productKeys.qr(productId, botId ?? ''),
    queryFn: ({ signal }) => getProductQrSvg(productId, botId ?? '', signal),
    enabled: Boolean(botId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
