import { randomBytes } from 'node:crypto';
import { MEDIA_LIMITS, type MediaKind, type MediaUpload, type UploadMediaType } from '@app/contracts/media';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { ImageDecodeError, processImage } from './images';
import * as repo from './media.repository';
import { type MediaDeps, mediaUrl, nowOf, storedKeys } from './media-shared';
import { appendTo, checkRoomFor } from './product-media.service';
import { SNIFF_BYTES, type Sniffed, sniff } from './sniff';

// Uploads: a file's type comes from its bytes; sizes are capped per type while the bytes arrive (a download is
// streamed to storage, never held whole); images are re-encoded without EXIF with a thumbnail and a medium size.

export type UploadInput = {
  /** `image`: images only; `media`: images and videos, or any file when `mediaType` is `file`. */
  endpoint: 'image' | 'media';
  mediaType?: UploadMediaType | undefined;
  /** Attach the upload to this product at once (the edit screen); otherwise it waits for an attach call. */
  productId?: string | undefined;
  /** The client's file name: shown back to the vendor, never used to store or to type the file. */
  filename: string;
  /** The file's bytes as they arrive. */
  body: AsyncIterable<Buffer>;
  /** Lets the rest of a refused file flow past unread, so the client still receives the answer. */
  discard: () => void;
};

class TooLarge extends Error {}

/** A new random stored name: 144 bits, URL-safe (repo.NAME_LENGTH characters). Never the client's file name. */
const randomName = () => randomBytes(18).toString('base64url');

/** The first `n` bytes of a stream, and the stream of all of its bytes (those read included) after them. */
async function peek(body: AsyncIterable<Buffer>, n: number) {
  const it = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < n) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    if (done) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, all };
}

/** The stream, refusing (TooLarge) as soon as it passes `max` bytes: never read further than that. */
async function* capped(source: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > max) throw new TooLarge();
    yield chunk;
  }
}

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** What the upload is stored as, from its bytes and what the endpoint allows; refused otherwise. */
function decideKind(input: UploadInput, sniffed: Sniffed): { kind: MediaKind; maxBytes: number } {
  if (input.endpoint === 'media' && input.mediaType === 'file') {
    return { kind: 'file', maxBytes: MEDIA_LIMITS.fileBytes };
  }
  if (sniffed.kind === 'image' || sniffed.kind === 'gif') {
    return { kind: sniffed.kind, maxBytes: MEDIA_LIMITS.imageBytes };
  }
  if (sniffed.kind === 'video' && input.endpoint === 'media') {
    return { kind: 'video', maxBytes: MEDIA_LIMITS.videoBytes };
  }
  throw new AppError('MEDIA_INVALID', { reason: 'type' });
}

const SHARP_FORMAT = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;

/** A client's file name as we show it back: its last path segment, without control characters, bounded. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean.length > 0 ? clean : 'upload').slice(0, 200);
}

function toMediaUpload(row: repo.MediaRow): MediaUpload {
  const isPublic = row.kind !== 'file';
  const thumb = row.sizes.thumbnail ? mediaUrl(row.sizes.thumbnail) : null;
  return {
    id: row.id,
    type: row.kind,
    url: isPublic ? mediaUrl(row.storageKey) : null,
    thumbnail: thumb,
    thumbnailUrl: thumb,
    mediumUrl: row.sizes.medium ? mediaUrl(row.sizes.medium) : null,
    name: row.originalName ?? 'upload',
    size: row.sizeBytes,
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    duration: row.durationS,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores the upload's objects; answers the row to insert. Removes what it stored if anything fails. */
async function storeUpload(deps: MediaDeps, input: UploadInput, vendorId: string): Promise<repo.NewMediaRow> {
  const { storage } = deps;
  const { head, all } = await peek(input.body, SNIFF_BYTES);
  const sniffed = await sniff(head);
  const { kind, maxBytes } = decideKind(input, sniffed);
  const name = randomName();
  const base = { vendorId, kind, originalName: displayName(input.filename), createdAt: nowOf(deps) };

  if (kind === 'image' || kind === 'gif') {
    const bytes = await collect(capped(all(), maxBytes));
    const format = SHARP_FORMAT[sniffed.mimeType as keyof typeof SHARP_FORMAT];
    const image = await processImage(bytes, format).catch((err: unknown) => {
      if (err instanceof ImageDecodeError) {
        throw new AppError('MEDIA_INVALID', { reason: 'decode' });
      }
      throw err;
    });
    const keys = {
      original: `${name}.${sniffed.ext}`,
      thumbnail: `${name}_t.webp`,
      medium: `${name}_m.webp`,
    };
    try {
      await Promise.all([
        storage.put(keys.original, image.original),
        storage.put(keys.thumbnail, image.thumbnail),
        storage.put(keys.medium, image.medium),
      ]);
    } catch (err) {
      // When the storage itself is down this fails too: the media sweep removes what no row names later.
      await storage.remove(Object.values(keys)).catch(() => undefined);
      throw err;
    }
    return {
      ...base,
      storageKey: keys.original,
      mimeType: sniffed.mimeType,
      sizeBytes: image.original.length,
      sizes: { thumbnail: keys.thumbnail, medium: keys.medium },
      width: image.width,
      height: image.height,
    };
  }

  // Videos and downloads go to storage as they arrive. Downloads are private: under files/, no extension,
  // never served by the public media route.
  const key = kind === 'file' ? `files/${name}` : `${name}.${sniffed.ext}`;
  const size = await storage.put(key, capped(all(), maxBytes));
  return { ...base, storageKey: key, mimeType: sniffed.mimeType, sizeBytes: size, sizes: {} };
}

/** Stores an uploaded file (see UploadInput), attached to `productId` when one is given. */
export async function uploadMedia(deps: MediaDeps, actor: Actor, input: UploadInput): Promise<MediaUpload> {
  let row: repo.NewMediaRow;
  try {
    if (input.productId) await checkRoomFor(deps.db, actor, input.productId);
    row = await storeUpload(deps, input, actor.vendorId);
  } catch (err) {
    input.discard();
    if (err instanceof TooLarge) {
      const isFile = input.endpoint === 'media' && input.mediaType === 'file';
      throw isFile ? new AppError('MEDIA_FILE_TOO_LARGE') : new AppError('MEDIA_INVALID', { reason: 'size' });
    }
    throw err;
  }
  try {
    const created = await deps.db.transaction(async (tx) => {
      const inserted = await repo.insertUpload(tx, row);
      if (input.productId) {
        if (inserted.kind === 'file') {
          throw new AppError('MEDIA_INVALID', { reason: 'type' });
        }
        await appendTo(deps, tx, actor, input.productId, [inserted]);
      }
      return inserted;
    });
    return toMediaUpload(created);
  } catch (err) {
    await deps.storage.remove(storedKeys({ storageKey: row.storageKey, sizes: row.sizes ?? {} }));
    throw err;
  }
}

/**
 * One of the vendor's uploads, to download (a digital product's private file included): its name, type and
 * bytes. Another vendor's is not found.
 */
export async function openUpload(deps: MediaDeps, actor: Actor, uploadId: string) {
  const row = await repo.findUpload(deps.db, actor.vendorId, uploadId);
  const opened = row ? await deps.storage.open(row.storageKey) : null;
  if (!row || !opened) throw new AppError('UPLOAD_NOT_FOUND');
  return { name: row.originalName ?? 'download', mimeType: row.mimeType, ...opened };
}

/** A file a customer sent a shop bot (a support conversation's photo or document), stored as the vendor's. */
export type CustomerFileInput = {
  kind: 'photo' | 'document';
  /** The customer's file name (documents): shown back, never used to store or to type the file. */
  filename: string;
  body: AsyncIterable<Buffer>;
};

/** What a stored customer file is: its upload, and for a photo the address of its medium size. */
export type StoredCustomerFile = { uploadId: string; url: string | null; sizeBytes: number };

/**
 * Stores a customer's file as the vendor's upload, through the same guarantees as the vendor's own: a photo
 * must be an image (re-encoded without EXIF, with a medium size, at most MEDIA_LIMITS.imageBytes), a document
 * is kept private (files/…). Refused as `MEDIA_INVALID` (not an image, or an image too large) or
 * `MEDIA_FILE_TOO_LARGE`; nothing is kept then. The upload stays unattached: the media sweep keeps it while a
 * support message names it.
 */
export async function storeCustomerFile(
  deps: MediaDeps,
  vendorId: string,
  input: CustomerFileInput,
): Promise<StoredCustomerFile> {
  const upload: UploadInput =
    input.kind === 'photo'
      ? { endpoint: 'image', filename: input.filename, body: input.body, discard: () => undefined }
      : {
          endpoint: 'media',
          mediaType: 'file',
          filename: input.filename,
          body: input.body,
          discard: () => undefined,
        };
  let row: repo.NewMediaRow;
  try {
    row = await storeUpload(deps, upload, vendorId);
  } catch (err) {
    if (err instanceof TooLarge) {
      throw input.kind === 'photo'
        ? new AppError('MEDIA_INVALID', { reason: 'size' })
        : new AppError('MEDIA_FILE_TOO_LARGE');
    }
    throw err;
  }
  try {
    const created = await repo.insertUpload(deps.db, row);
    const medium = created.sizes.medium;
    return {
      uploadId: created.id,
      url: created.kind === 'file' ? null : mediaUrl(medium ?? created.storageKey),
      sizeBytes: created.sizeBytes,
    };
  } catch (err) {
    await deps.storage.remove(storedKeys({ storageKey: row.storageKey, sizes: row.sizes ?? {} }));
    throw err;
  }
}

/** The stored customer files among `ids`, by id: a photo's address (its medium size) and each file's size. */
export async function customerFilesOf(
  deps: MediaDeps,
  vendorId: string,
  ids: string[],
): Promise<Map<string, { url: string | null; sizeBytes: number }>> {
  const rows = await repo.findUploads(deps.db, vendorId, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        url: r.kind === 'file' ? null : mediaUrl(r.sizes.medium ?? r.storageKey),
        sizeBytes: r.sizeBytes,
      },
    ]),
  );
}
