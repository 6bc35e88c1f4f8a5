import { randomBytes } from 'node:crypto';
import {
  MEDIA_LIMITS,
  type MediaKind,
  type MediaUpload,
  type ProductMediaItem,
  type ProductMediaList,
  type UploadMediaType,
} from '@app/contracts/media';
import type { Db, Tx } from '../../db/types';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type EventActor, recordEvent } from '../events/record-event';
import { ImageDecodeError, processImage } from './images';
import * as repo from './media.repository';
import { SNIFF_BYTES, type Sniffed, sniff } from './sniff';
import type { StorageDriver } from './storage';

/** Where a stored object is served publicly (media-files.routes.ts). Downloads (`files/…`) never are. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** A new random stored name: 144 bits, URL-safe (repo.NAME_LENGTH characters). Never the client's file name. */
const randomName = () => randomBytes(18).toString('base64url');

/** The public addresses of a stored image's sizes (the catalogue's product views use these). */
export function productImageUrls(row: Pick<repo.MediaRow, 'storageKey' | 'sizes'>) {
  const url = mediaUrl(row.storageKey);
  const sized = (size: string) => {
    const key = row.sizes[size];
    return key ? mediaUrl(key) : url;
  };
  return { url, thumbnailUrl: sized('thumbnail'), mediumUrl: sized('medium') };
}

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

const eventActor = (actor: Actor): EventActor => ({ kind: actor.kind, id: String(actor.telegramId) });

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

function toItem(row: repo.MediaRow): ProductMediaItem {
  const thumb = row.sizes.thumbnail ? mediaUrl(row.sizes.thumbnail) : null;
  return {
    id: row.id,
    type: row.kind,
    url: mediaUrl(row.storageKey),
    thumbnail: thumb,
    thumbnailUrl: thumb,
    mediumUrl: row.sizes.medium ? mediaUrl(row.sizes.medium) : null,
    name: row.originalName,
    size: row.sizeBytes,
    duration: row.durationS,
    isMain: row.isMain,
    order: row.position,
  };
}

const storedKeys = (row: Pick<repo.MediaRow, 'storageKey' | 'sizes'>) => [
  row.storageKey,
  ...Object.values(row.sizes),
];

export type MediaDeps = { db: Db; storage: StorageDriver; now?: () => Date };

/**
 * Uploads and a product's media. Guarantees: a file's type comes from its bytes; sizes are capped per type while
 * the bytes arrive (a download is streamed to storage, never held whole); images are re-encoded without EXIF
 * with a thumbnail and a medium size; a product holds at most 10 media, exactly one of them main while it has
 * any (spec part 2 §4); another vendor's product or upload is not found and unchanged.
 */
export function createMediaService(deps: MediaDeps) {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The product, as the catalogue scopes it: the vendor's, and for staff held to some bots, sold through one of
   * them. Anything else is not found (and nothing is changed).
   */
  async function assertVisible(conn: Db | Tx, actor: Actor, productId: string) {
    const reach = await repo.productReach(conn, actor.vendorId, productId);
    const visible =
      reach !== undefined &&
      (actor.botIds === 'all' ||
        (reach.allBots ? actor.botIds.length > 0 : reach.botIds.some((b) => inBotScope(actor.botIds, b))));
    if (!visible) throw new AppError('PRODUCT_NOT_FOUND');
  }

  /** Refuses early (before storing anything) an upload for a product not found or full. */
  async function checkRoomFor(actor: Actor, productId: string) {
    await assertVisible(db, actor, productId);
    const current = await repo.listProductMedia(db, actor.vendorId, productId);
    if (current.length >= MEDIA_LIMITS.maxImagesPerProduct)
      throw new AppError('PRODUCT_IMAGES_LIMIT', { max: MEDIA_LIMITS.maxImagesPerProduct });
  }

  /** Locks the product (see repo.lockProduct) and answers its media; not found when the caller may not see it. */
  async function lockedMedia(tx: Tx, actor: Actor, productId: string) {
    if (!(await repo.lockProduct(tx, actor.vendorId, productId))) throw new AppError('PRODUCT_NOT_FOUND');
    await assertVisible(tx, actor, productId);
    return repo.listProductMedia(tx, actor.vendorId, productId);
  }

  async function productUpdated(tx: Tx, actor: Actor, productId: string, change: string, count: number) {
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      type: 'product.updated',
      actor: eventActor(actor),
      subject: { kind: 'product', id: productId },
      payload: { change, media: count },
      at: now(),
    });
  }

  /** Appends unattached uploads to a product's media; the first one is main when the product has none. */
  async function appendTo(tx: Tx, actor: Actor, productId: string, rows: repo.MediaRow[]) {
    const current = await lockedMedia(tx, actor, productId);
    if (current.length + rows.length > MEDIA_LIMITS.maxImagesPerProduct) {
      throw new AppError('PRODUCT_IMAGES_LIMIT', { max: MEDIA_LIMITS.maxImagesPerProduct });
    }
    let hasMain = current.some((m) => m.isMain);
    let position = current.reduce((max, m) => Math.max(max, m.position + 1), 0);
    for (const row of rows) {
      await repo.placeMedia(tx, actor.vendorId, row.id, {
        productId,
        position,
        isMain: !hasMain,
      });
      hasMain = true;
      position += 1;
    }
    await productUpdated(tx, actor, productId, 'media.added', current.length + rows.length);
  }

  /** Stores the upload's objects; answers the row to insert. Removes what it stored if anything fails. */
  async function store(input: UploadInput, vendorId: string): Promise<repo.NewMediaRow> {
    const { head, all } = await peek(input.body, SNIFF_BYTES);
    const sniffed = await sniff(head);
    const { kind, maxBytes } = decideKind(input, sniffed);
    const name = randomName();
    const base = { vendorId, kind, originalName: displayName(input.filename), createdAt: now() };

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
        await storage.remove(Object.values(keys));
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

  /** Removes the stored objects of rows gone, unless another row (a duplicated product's) still names them. */
  async function removeUnused(rows: Pick<repo.MediaRow, 'storageKey' | 'sizes'>[]) {
    const inUse = await repo.keysInUse(
      db,
      rows.map((r) => r.storageKey),
    );
    await storage.remove(rows.filter((r) => !inUse.has(r.storageKey)).flatMap(storedKeys));
  }

  /** Removes stored objects older than `before` that no row names (a deleted product's, a crashed upload's). */
  async function sweepOrphanFiles(before: Date): Promise<number> {
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      const nameOf = (key: string) => key.replace(/^files\//, '').slice(0, repo.NAME_LENGTH);
      const inUse = await repo.namesInUse(db, [...new Set(batch.map(nameOf))]);
      const orphans = batch.filter((key) => !inUse.has(nameOf(key)));
      await storage.remove(orphans);
      removed += orphans.length;
      batch = [];
    };
    for await (const key of storage.listOlderThan(before)) {
      batch.push(key);
      if (batch.length >= 500) await flush();
    }
    if (batch.length > 0) await flush();
    return removed;
  }

  async function list(actor: Actor, productId: string): Promise<ProductMediaList> {
    await assertVisible(db, actor, productId);
    const rows = await repo.listProductMedia(db, actor.vendorId, productId);
    return { images: rows.map(toItem) };
  }

  return {
    /** Stores an uploaded file (see UploadInput), attached to `productId` when one is given. */
    async upload(actor: Actor, input: UploadInput): Promise<MediaUpload> {
      let row: repo.NewMediaRow;
      try {
        if (input.productId) await checkRoomFor(actor, input.productId);
        row = await store(input, actor.vendorId);
      } catch (err) {
        input.discard();
        if (err instanceof TooLarge) {
          const isFile = input.endpoint === 'media' && input.mediaType === 'file';
          throw isFile
            ? new AppError('MEDIA_FILE_TOO_LARGE')
            : new AppError('MEDIA_INVALID', { reason: 'size' });
        }
        throw err;
      }
      try {
        const created = await db.transaction(async (tx) => {
          const inserted = await repo.insertUpload(tx, row);
          if (input.productId) {
            if (inserted.kind === 'file') {
              throw new AppError('MEDIA_INVALID', { reason: 'type' });
            }
            await appendTo(tx, actor, input.productId, [inserted]);
          }
          return inserted;
        });
        return toMediaUpload(created);
      } catch (err) {
        await storage.remove(storedKeys({ storageKey: row.storageKey, sizes: row.sizes ?? {} }));
        throw err;
      }
    },

    /** The product's media in their order. */
    listProductMedia: list,

    /**
     * One of the vendor's uploads, to download (a digital product's private file included): its name, type
     * and bytes. Another vendor's is not found.
     */
    async openUpload(actor: Actor, uploadId: string) {
      const row = await repo.findUpload(db, actor.vendorId, uploadId);
      const opened = row ? await storage.open(row.storageKey) : null;
      if (!row || !opened) throw new AppError('UPLOAD_NOT_FOUND');
      return { name: row.originalName ?? 'download', mimeType: row.mimeType, ...opened };
    },

    /** Attaches earlier uploads (in the order given) after the product's current media. */
    async attach(actor: Actor, productId: string, uploadIds: string[]): Promise<ProductMediaList> {
      const ids = [...new Set(uploadIds)];
      await db.transaction(async (tx) => {
        const found = await repo.findUnattached(tx, actor.vendorId, ids);
        const byId = new Map(found.map((r) => [r.id, r]));
        const rows = ids.map((id) => byId.get(id));
        if (rows.some((r) => r === undefined)) throw new AppError('UPLOAD_NOT_FOUND');
        const media = rows as repo.MediaRow[];
        if (media.some((r) => r.kind === 'file')) {
          throw new AppError('MEDIA_INVALID', { reason: 'type' });
        }
        await appendTo(tx, actor, productId, media);
      });
      return list(actor, productId);
    },

    /** Deletes one of the product's media and its stored files; a deleted main passes to the first left. */
    async remove(actor: Actor, productId: string, imageId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const current = await lockedMedia(tx, actor, productId);
        const target = current.find((m) => m.id === imageId);
        if (!target) throw new AppError('MEDIA_NOT_FOUND');
        await repo.deleteMedia(tx, actor.vendorId, imageId);
        const left = current.filter((m) => m.id !== imageId);
        // Renumber so order stays 0..n-1; the main moves to the first remaining when the main went.
        for (const [position, m] of left.entries()) {
          const isMain = target.isMain ? position === 0 : m.isMain;
          if (m.position !== position || m.isMain !== isMain) {
            await repo.placeMedia(tx, actor.vendorId, m.id, { position, isMain });
          }
        }
        await productUpdated(tx, actor, productId, 'media.removed', left.length);
        return target;
      });
      // After commit: a failed removal leaves an orphan file (swept later), never a row pointing at nothing.
      await removeUnused([removed]);
    },

    /** Puts the product's media in the order given (exactly its current ids, each once). */
    async reorder(actor: Actor, productId: string, imageIds: string[]): Promise<ProductMediaList> {
      await db.transaction(async (tx) => {
        const current = await lockedMedia(tx, actor, productId);
        const known = new Set(current.map((m) => m.id));
        const unique = new Set(imageIds);
        if (unique.size !== imageIds.length || imageIds.some((id) => !known.has(id))) {
          throw new AppError('MEDIA_NOT_FOUND');
        }
        if (imageIds.length !== current.length) {
          throw new AppError('MEDIA_ORDER_INVALID');
        }
        for (const [position, id] of imageIds.entries()) {
          const m = current.find((c) => c.id === id);
          if (m && m.position !== position) {
            await repo.placeMedia(tx, actor.vendorId, id, { position, isMain: m.isMain });
          }
        }
        await productUpdated(tx, actor, productId, 'media.reordered', current.length);
      });
      return list(actor, productId);
    },

    /** Makes one of the product's media its main one; the flag leaves the previous main. */
    async setMain(actor: Actor, productId: string, imageId: string): Promise<ProductMediaList> {
      await db.transaction(async (tx) => {
        const current = await lockedMedia(tx, actor, productId);
        if (!current.some((m) => m.id === imageId)) throw new AppError('MEDIA_NOT_FOUND');
        await repo.setMain(tx, actor.vendorId, productId, imageId);
        await productUpdated(tx, actor, productId, 'media.main', current.length);
      });
      return list(actor, productId);
    },

    /**
     * The media.sweep job: deletes uploads never attached within a day with their stored objects, then stored
     * objects over a day old that no row names any more (those of deleted products).
     */
    async sweepUnattached(): Promise<{ deleted: number; orphanFiles: number }> {
      const before = new Date(now().getTime() - MEDIA_LIMITS.unattachedTtlMs);
      let deleted = 0;
      for (;;) {
        const rows = await repo.deleteUnattachedBefore(db, before, 500);
        if (rows.length === 0) break;
        await removeUnused(rows);
        deleted += rows.length;
        if (rows.length < 500) break;
      }
      return { deleted, orphanFiles: await sweepOrphanFiles(before) };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
