import type { MediaUpload } from '@app/contracts/media';
import { api, vendorPath } from '../../../lib/api-client';

/**
 * POST /vendors/{id}/campaigns/photo: a campaign's photo, stored by the media module (typed by its bytes,
 * re-encoded), for who may send campaigns. Reports the upload's progress.
 */
export function uploadCampaignPhoto(file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('image', file, file.name);
  return api.upload<MediaUpload>(vendorPath('/campaigns/photo'), form, onProgress ? { onProgress } : {});
}
