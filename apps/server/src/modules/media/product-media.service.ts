import { MEDIA_LIMITS, type ProductMediaItem, type ProductMediaList } from '@app/contracts/media';
import type { Db, Tx } from '../../db/types';
import { type Actor, eventActorOf, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type EventActor, recordEvent } from '../events/record-event';
import * as repo from './media.repository';
import { type MediaDeps, mediaUrl, nowOf } from './media-shared';
import { removeUnused } from './media-sweep.service';

// A product's media: at most 10, exactly one of them main while it has any (spec part 2 §4), kept in order
// 0..n-1. Every change locks the product's row first (two uploads racing for the 10th place).

const eventActor = (actor: Actor): EventActor => eventActorOf(actor);

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
export async function checkRoomFor(db: Db, actor: Actor, productId: string) {
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

/** Records `product.updated` with the media change and the count after it, inside the change's transaction. */
async function productUpdated(
  deps: MediaDeps,
  tx: Tx,
  actor: Actor,
  productId: string,
  change: string,
  count: number,
) {
  await recordEvent(tx, {
    vendorId: actor.vendorId,
    type: 'product.updated',
    actor: eventActor(actor),
    subject: { kind: 'product', id: productId },
    payload: { change, media: count },
    at: nowOf(deps),
  });
}

/** Appends unattached uploads to a product's media; the first one is main when the product has none. */
export async function appendTo(
  deps: MediaDeps,
  tx: Tx,
  actor: Actor,
  productId: string,
  rows: repo.MediaRow[],
) {
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
  await productUpdated(deps, tx, actor, productId, 'media.added', current.length + rows.length);
}

/** The product's media in their order. */
export async function listProductMedia(
  deps: MediaDeps,
  actor: Actor,
  productId: string,
): Promise<ProductMediaList> {
  await assertVisible(deps.db, actor, productId);
  const rows = await repo.listProductMedia(deps.db, actor.vendorId, productId);
  return { images: rows.map(toItem) };
}

/** Attaches earlier uploads (in the order given) after the product's current media. */
export async function attachUploads(
  deps: MediaDeps,
  actor: Actor,
  productId: string,
  uploadIds: string[],
): Promise<ProductMediaList> {
  const ids = [...new Set(uploadIds)];
  await deps.db.transaction(async (tx) => {
    const found = await repo.findUnattached(tx, actor.vendorId, ids);
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = ids.map((id) => byId.get(id));
    if (rows.some((r) => r === undefined)) throw new AppError('UPLOAD_NOT_FOUND');
    const media = rows as repo.MediaRow[];
    if (media.some((r) => r.kind === 'file')) {
      throw new AppError('MEDIA_INVALID', { reason: 'type' });
    }
    await appendTo(deps, tx, actor, productId, media);
  });
  return listProductMedia(deps, actor, productId);
}

/** Deletes one of the product's media and its stored files; a deleted main passes to the first left. */
export async function removeProductMedia(
  deps: MediaDeps,
  actor: Actor,
  productId: string,
  imageId: string,
): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
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
    await productUpdated(deps, tx, actor, productId, 'media.removed', left.length);
    return target;
  });
  // After commit: a failed removal leaves an orphan file (swept later), never a row pointing at nothing.
  await removeUnused(deps, [removed]);
}

/** Puts the product's media in the order given (exactly its current ids, each once). */
export async function reorderProductMedia(
  deps: MediaDeps,
  actor: Actor,
  productId: string,
  imageIds: string[],
): Promise<ProductMediaList> {
  await deps.db.transaction(async (tx) => {
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
    await productUpdated(deps, tx, actor, productId, 'media.reordered', current.length);
  });
  return listProductMedia(deps, actor, productId);
}

/** Makes one of the product's media its main one; the flag leaves the previous main. */
export async function setMainProductMedia(
  deps: MediaDeps,
  actor: Actor,
  productId: string,
  imageId: string,
): Promise<ProductMediaList> {
  await deps.db.transaction(async (tx) => {
    const current = await lockedMedia(tx, actor, productId);
    if (!current.some((m) => m.id === imageId)) throw new AppError('MEDIA_NOT_FOUND');
    await repo.setMain(tx, actor.vendorId, productId, imageId);
    await productUpdated(deps, tx, actor, productId, 'media.main', current.length);
  });
  return listProductMedia(deps, actor, productId);
}
