import type { CodeListResponse, RevealedCode } from '@app/contracts/products';
import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

const CODES_PAGE_SIZE = 20;

/** A page of a product's code pool, each code masked (the server never lists one in full). */
export function getProductCodes(productId: string, page: number, signal?: AbortSignal) {
  return api.get<CodeListResponse>(vendorPath(`/products/${encodeURIComponent(productId)}/codes`), {
    query: { page, limit: CODES_PAGE_SIZE },
    signal,
  });
}

export function productCodesQueryOptions(productId: string) {
  return infiniteQueryOptions({
    queryKey: productKeys.codes(productId),
    queryFn: ({ pageParam, signal }) => getProductCodes(productId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useProductCodes(productId: string) {
  return useInfiniteQuery(productCodesQueryOptions(productId));
}

/** One code in full, on the vendor's request; kept out of the query cache (a secret shown, not stored). */
export function revealProductCode(input: { productId: string; codeId: string }): Promise<RevealedCode> {
  return api.post<RevealedCode>(
    vendorPath(
      `/products/${encodeURIComponent(input.productId)}/codes/${encodeURIComponent(input.codeId)}/reveal`,
    ),
    {},
  );
}

export function useRevealProductCode() {
  return useMutation({ mutationFn: revealProductCode });
}
