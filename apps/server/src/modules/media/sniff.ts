import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@app/contracts/media';
import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the type check reads (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

export type Sniffed =
  | { kind: 'image' | 'gif'; mimeType: (typeof IMAGE_MIME_TYPES)[number]; ext: string }
  | { kind: 'video'; mimeType: (typeof VIDEO_MIME_TYPES)[number]; ext: string }
  | { kind: 'other'; mimeType: string; ext: string };

const VIDEO_EXT: Record<(typeof VIDEO_MIME_TYPES)[number], string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
};

const isImage = (m: string): m is (typeof IMAGE_MIME_TYPES)[number] =>
  (IMAGE_MIME_TYPES as readonly string[]).includes(m);
const isVideo = (m: string): m is (typeof VIDEO_MIME_TYPES)[number] =>
  (VIDEO_MIME_TYPES as readonly string[]).includes(m);

/**
 * What a file is, from its first bytes (magic numbers), whatever its name or the Content-Type the client
 * claimed. Anything not an allowed image or video is `other` (a downloadable file at most).
 */
export async function sniff(head: Buffer): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return { kind: 'other', mimeType: 'application/octet-stream', ext: 'bin' };
  // An Ogg container with a Theora stream is a video; Ogg audio is not (file-type says audio/ogg or video/ogg).
  if (isImage(found.mime)) {
    return {
      kind: found.mime === 'image/gif' ? 'gif' : 'image',
      mimeType: found.mime,
      ext: found.ext === 'jpg' ? 'jpg' : found.ext,
    };
  }
  if (isVideo(found.mime)) return { kind: 'video', mimeType: found.mime, ext: VIDEO_EXT[found.mime] };
  return { kind: 'other', mimeType: found.mime, ext: found.ext };
}
