import type { AddCodesResponse, GenerateCodesBody, PreviewCodesBody } from '@app/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export type GenerateCodesInput = { productId: string; body: GenerateCodesBody };

/** Generates codes into a saved product's pool (the server makes them in the type's format, §9). */
export function generateCodes({ productId, body }: GenerateCodesInput): Promise<AddCodesResponse> {
  return api.post<AddCodesResponse>(
    vendorPath(`/products/${encodeURIComponent(productId)}/codes/generate`),
    body,
  );
}

export function useGenerateCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateCodes,
    onSuccess: (_result, { productId }) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) });
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

/** Codes in the type's format for a product not saved yet: nothing is stored until the product is. */
export function previewCodes(body: PreviewCodesBody): Promise<{ codes: string[] }> {
  return api.post<{ codes: string[] }>(vendorPath('/products/codes/preview'), body);
}

export function usePreviewCodes() {
  return useMutation({ mutationFn: previewCodes });
}
