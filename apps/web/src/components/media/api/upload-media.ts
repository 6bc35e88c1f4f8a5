import type { MediaUpload, UploadMediaType } from '@app/contracts/media';
import { api, vendorPath } from '../../../lib/api-client';

export type UploadMediaInput = {
  file: File;
  /** Attach to this product at once; without it the upload waits for the product's save. */
  productId?: string | undefined;
  mediaType?: UploadMediaType | undefined;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** POST /vendors/{id}/upload/image (images) or /upload/media (videos and downloads), with upload progress. */
export function uploadMedia({ file, productId, mediaType, onProgress, signal }: UploadMediaInput) {
  const form = new FormData();
  // Text fields before the file: the server reads them as the file starts to arrive.
  if (productId) form.append('productId', productId);
  if (mediaType) form.append('mediaType', mediaType);
  const isImage = file.type.startsWith('image/') && mediaType !== 'file';
  form.append(isImage ? 'image' : mediaType === 'file' ? 'file' : 'video', file, file.name);
  return api.upload<MediaUpload>(vendorPath(isImage ? '/upload/image' : '/upload/media'), form, {
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}
