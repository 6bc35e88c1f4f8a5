import { z } from 'zod';
import { text } from './common';

/** The numbers the spec fixes for media (part 2 §5.3, §9). */
export const MEDIA_LIMITS = {
  maxImagesPerProduct: 10,
  imageBytes: 5 * 1024 * 1024,
  videoBytes: 50 * 1024 * 1024,
  fileBytes: 500 * 1024 * 1024,
  /** Uploads not attached to a product by then are swept. */
  unattachedTtlMs: 24 * 3600 * 1000,
  /** The gallery (part 2 §2.1, §9). */
  zoomMin: 1,
  zoomMax: 3,
  zoomStep: 0.5,
  autoPlayMs: 5000,
} as const;

/** Image and video types, as their bytes say they are (never the name or the header). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm', 'video/ogg'] as const;

/** The spec's texts (part 2 §8), word for word. */
export const MEDIA_MESSAGES = {
  invalidFile: 'Some files are invalid. Images (JPEG, PNG, GIF, WEBP) max 5MB, Videos (MP4, WEBM) max 50MB',
  /** `{max}`: filled from the error's details. */
  tooManyImages: 'You can only upload up to {max} images',
  fileTooLarge: 'Downloadable files max 500MB',
  fileRequired: 'A file is required',
} as const;

/** What an upload holds: a still image, an animated GIF, a video, or a downloadable file of any type. */
export const MediaKind = z.enum(['image', 'gif', 'video', 'file']);
export type MediaKind = z.infer<typeof MediaKind>;

/** What `/upload/media` may be asked for; `file` (a digital product's download) takes any type. */
export const UploadMediaType = z.enum(['image', 'gif', 'video', 'file']);
export type UploadMediaType = z.infer<typeof UploadMediaType>;

/**
 * The upload endpoints' query (the multipart text fields that come before the file are read the same way):
 * `productId` attaches the upload to that product at once, `mediaType=file` allows any type as a download.
 */
export const UploadQuery = z
  .object({
    productId: z.uuid().optional(),
    mediaType: UploadMediaType.optional(),
  })
  .strict();
export type UploadQuery = z.infer<typeof UploadQuery>;

/**
 * One stored upload (spec part 2 §3.4 media item, and §6's upload answer: id, url, thumbnail, duration).
 * Images carry a thumbnail and a medium size; downloadable files have no public URL (`url` null).
 */
export const MediaUpload = z.object({
  id: z.uuid(),
  type: MediaKind,
  url: z.string().nullable(),
  thumbnail: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  mediumUrl: z.string().nullable(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration: z.number().nullable(),
  createdAt: z.iso.datetime(),
});
export type MediaUpload = z.infer<typeof MediaUpload>;

export const ProductMediaParams = z.object({
  vendorId: text().min(1).max(64),
  productId: z.uuid(),
});
export type ProductMediaParams = z.infer<typeof ProductMediaParams>;

export const UploadParams = z.object({ vendorId: text().min(1).max(64), uploadId: z.uuid() });
export type UploadParams = z.infer<typeof UploadParams>;

export const ProductImageParams = ProductMediaParams.extend({ imageId: z.uuid() });
export type ProductImageParams = z.infer<typeof ProductImageParams>;

/** Attach earlier uploads to a product, in this order, after its current images. */
export const AttachImagesBody = z
  .object({ uploadIds: z.array(z.uuid()).min(1).max(MEDIA_LIMITS.maxImagesPerProduct) })
  .strict();
export type AttachImagesBody = z.infer<typeof AttachImagesBody>;

/** The product's images in their new order: exactly its current image ids, each once. */
export const ReorderImagesBody = z
  .object({ imageIds: z.array(z.uuid()).min(1).max(MEDIA_LIMITS.maxImagesPerProduct) })
  .strict();
export type ReorderImagesBody = z.infer<typeof ReorderImagesBody>;

/** One image of a product, as the uploader and the gallery show it (spec part 2 §3.4). */
export const ProductMediaItem = z.object({
  /** The upload's id: an image is its upload, attached. */
  id: z.uuid(),
  type: MediaKind,
  url: z.string(),
  thumbnail: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  mediumUrl: z.string().nullable(),
  name: z.string().nullable(),
  size: z.number().int(),
  duration: z.number().nullable(),
  isMain: z.boolean(),
  order: z.number().int(),
});
export type ProductMediaItem = z.infer<typeof ProductMediaItem>;

export const ProductMediaList = z.object({ images: z.array(ProductMediaItem) });
export type ProductMediaList = z.infer<typeof ProductMediaList>;
