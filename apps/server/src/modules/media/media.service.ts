import type { Actor } from '../../lib/actor';
import type { MediaDeps } from './media-shared';
import { eraseVendorMedia, sweepUnattached } from './media-sweep.service';
import {
  type CustomerFileInput,
  customerFilesOf,
  openUpload,
  storeCustomerFile,
  type UploadInput,
  uploadMedia,
} from './media-upload.service';
import {
  attachUploads,
  listProductMedia,
  removeProductMedia,
  reorderProductMedia,
  setMainProductMedia,
} from './product-media.service';

// Uploads (media-upload.service.ts), a product's media (product-media.service.ts) and the sweep of what no
// product keeps (media-sweep.service.ts). Other modules import this file only.

export { type MediaDeps, mediaUrl, productImageUrls } from './media-shared';
export type { CustomerFileInput, StoredCustomerFile, UploadInput } from './media-upload.service';

/**
 * Uploads and a product's media. Guarantees: a file's type comes from its bytes; sizes are capped per type while
 * the bytes arrive (a download is streamed to storage, never held whole); images are re-encoded without EXIF
 * with a thumbnail and a medium size; a product holds at most 10 media, exactly one of them main while it has
 * any (spec part 2 §4); another vendor's product or upload is not found and unchanged. Every method is bound to
 * `deps`, safe to pass around unbound.
 */
export function createMediaService(deps: MediaDeps) {
  return {
    upload: (actor: Actor, input: UploadInput) => uploadMedia(deps, actor, input),
    listProductMedia: (actor: Actor, productId: string) => listProductMedia(deps, actor, productId),
    openUpload: (actor: Actor, uploadId: string) => openUpload(deps, actor, uploadId),
    attach: (actor: Actor, productId: string, uploadIds: string[]) =>
      attachUploads(deps, actor, productId, uploadIds),
    remove: (actor: Actor, productId: string, imageId: string) =>
      removeProductMedia(deps, actor, productId, imageId),
    reorder: (actor: Actor, productId: string, imageIds: string[]) =>
      reorderProductMedia(deps, actor, productId, imageIds),
    setMain: (actor: Actor, productId: string, imageId: string) =>
      setMainProductMedia(deps, actor, productId, imageId),
    sweepUnattached: () => sweepUnattached(deps),
    /** A customer's photo or document in a support conversation, stored as the vendor's upload. */
    storeCustomerFile: (vendorId: string, input: CustomerFileInput) =>
      storeCustomerFile(deps, vendorId, input),
    /** The stored customer files among `ids`: a photo's address, each file's size. */
    customerFilesOf: (vendorId: string, ids: string[]) => customerFilesOf(deps, vendorId, ids),
    /** The account purge: every upload of the vendor, rows and files. */
    eraseVendor: (vendorId: string) => eraseVendorMedia(deps, vendorId),
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
