import type { AddCodesResponse, ImportCodesBody } from '@app/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export type ImportCodesInput = { productId: string; body: ImportCodesBody };

/** Adds codes (a file's lines) to a saved product's pool; duplicates come back skipped. */
export function importCodes({ productId, body }: ImportCodesInput): Promise<AddCodesResponse> {
  return api.post<AddCodesResponse>(
    vendorPath(`/products/${encodeURIComponent(productId)}/codes/import`),
    body,
  );
}

export function useImportCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCodes,
    onSuccess: (_result, { productId }) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}
