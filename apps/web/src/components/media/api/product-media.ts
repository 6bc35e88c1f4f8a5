import type { ProductMediaList } from '@app/contracts/media';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { mediaKeys } from './media-keys';

const base = (productId: string) => vendorPath(`/products/${encodeURIComponent(productId)}/images`);

/** GET /vendors/{id}/products/{productId}/images */
export function getProductMedia(productId: string): Promise<ProductMediaList> {
  return api.get<ProductMediaList>(base(productId));
}

export const productMediaQuery = (productId: string) =>
  queryOptions({ queryKey: mediaKeys.product(productId), queryFn: () => getProductMedia(productId) });

export function useProductMedia(productId: string | undefined) {
  return useQuery({ ...productMediaQuery(productId ?? ''), enabled: productId !== undefined });
}

/** POST …/images: attach uploads made before the product existed (in order, after its current ones). */
export function attachProductMedia(productId: string, uploadIds: string[]): Promise<ProductMediaList> {
  return api.post<ProductMediaList>(base(productId), { uploadIds });
}

export function reorderProductMedia(productId: string, imageIds: string[]): Promise<ProductMediaList> {
  return api.put<ProductMediaList>(`${base(productId)}/order`, { imageIds });
}

export function setMainProductMedia(productId: string, imageId: string): Promise<ProductMediaList> {
  return api.post<ProductMediaList>(`${base(productId)}/${encodeURIComponent(imageId)}/main`);
}

export function deleteProductMedia(productId: string, imageId: string): Promise<void> {
  return api.delete<void>(`${base(productId)}/${encodeURIComponent(imageId)}`);
}

/** Every change answers the product's media as they are now: the cache takes them, products refresh. */
function useMediaMutation<V>(productId: string, run: (v: V) => Promise<ProductMediaList | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (list) => {
      if (list) queryClient.setQueryData(mediaKeys.product(productId), list);
      else void queryClient.invalidateQueries({ queryKey: mediaKeys.product(productId) });
      void queryClient.invalidateQueries({ queryKey: queryRoots.products });
    },
  });
}

export const useAttachProductMedia = (productId: string) =>
  useMediaMutation(productId, (uploadIds: string[]) => attachProductMedia(productId, uploadIds));
export const useReorderProductMedia = (productId: string) =>
  useMediaMutation(productId, (imageIds: string[]) => reorderProductMedia(productId, imageIds));
export const useSetMainProductMedia = (productId: string) =>
  useMediaMutation(productId, (imageId: string) => setMainProductMedia(productId, imageId));
export const useDeleteProductMedia = (productId: string) =>
  useMediaMutation(productId, async (imageId: string) => {
    await deleteProductMedia(productId, imageId);
    return undefined;
  });
