import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  botSettings,
  campaigns,
  productBots,
  productImages,
  products,
  supportMessages,
  vendors,
} from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type MediaRow = typeof productImages.$inferSelect;
export type NewMediaRow = typeof productImages.$inferInsert;

/** Kinds shown in a product's media grid (a downloadable file is not one of its images). */
export const GRID_KINDS = ['image', 'gif', 'video'] as const;

export async function insertUpload(db: Conn, row: NewMediaRow): Promise<MediaRow> {
  const [created] = await db.insert(productImages).values(row).returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}

export async function findUpload(db: Conn, vendorId: string, id: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(productImages)
    .where(and(eq(productImages.vendorId, vendorId), eq(productImages.id, id)));
  return row;
}

/** The vendor's uploads among `ids` (another vendor's are not returned). */
export function findUploads(db: Conn, vendorId: string, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productImages)
    .where(and(eq(productImages.vendorId, vendorId), inArray(productImages.id, ids)));
}

/**
 * Locks the product row for the rest of the transaction, so two requests changing its images (two uploads
 * racing for the 10th place, a delete and a set-main) run one after the other. False when there is none.
 */
export async function lockProduct(db: Conn, vendorId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.id, productId)))
    .for('update');
  return rows.length > 0;
}

/** Which bots sell the product: all of the vendor's, or those listed; undefined when there is no such product. */
export async function productReach(
  db: Conn,
  vendorId: string,
  productId: string,
): Promise<{ allBots: boolean; botIds: string[] } | undefined> {
  const [row] = await db
    .select({ allBots: products.allBots })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.id, productId)));
  if (!row) return undefined;
  if (row.allBots) return { allBots: true, botIds: [] };
  const links = await db
    .select({ botId: productBots.botId })
    .from(productBots)
    .where(and(eq(productBots.vendorId, vendorId), eq(productBots.productId, productId)));
  return { allBots: false, botIds: links.map((l) => l.botId) };
}

/** A product's grid media in their order. */
export function listProductMedia(db: Conn, vendorId: string, productId: string): Promise<MediaRow[]> {
  return db
    .select()
    .from(productImages)
    .where(
      and(
        eq(productImages.vendorId, vendorId),
        eq(productImages.productId, productId),
        inArray(productImages.kind, [...GRID_KINDS]),
      ),
    )
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
}

/** Unattached uploads of the vendor among `ids` (attached ones, or another vendor's, are not returned). */
export function findUnattached(db: Conn, vendorId: string, ids: string[]): Promise<MediaRow[]> {
  return db
    .select()
    .from(productImages)
    .where(
      and(
        eq(productImages.vendorId, vendorId),
        inArray(productImages.id, ids),
        isNull(productImages.productId),
      ),
    );
}

export async function placeMedia(
  db: Conn,
  vendorId: string,
  id: string,
  values: { productId?: string; position: number; isMain: boolean },
): Promise<void> {
  await db
    .update(productImages)
    .set(values)
    .where(and(eq(productImages.vendorId, vendorId), eq(productImages.id, id)));
}

export async function setMain(db: Conn, vendorId: string, productId: string, mainId: string | null) {
  await db
    .update(productImages)
    .set({ isMain: mainId === null ? sql`false` : sql`${productImages.id} = ${mainId}` })
    .where(and(eq(productImages.vendorId, vendorId), eq(productImages.productId, productId)));
}

export async function deleteMedia(db: Conn, vendorId: string, id: string): Promise<void> {
  await db.delete(productImages).where(and(eq(productImages.vendorId, vendorId), eq(productImages.id, id)));
}

/**
 * Deletes up to `limit` uploads that were never attached to a product and are older than `before`, across
 * vendors (SKIP LOCKED: several sweeping processes share the work), and answers them so their stored
 * objects can be removed.
 */
export async function deleteUnattachedBefore(db: Conn, before: Date, limit: number): Promise<MediaRow[]> {
  const due = db
    .select({ vendorId: productImages.vendorId, id: productImages.id })
    .from(productImages)
    .where(
      and(
        isNull(productImages.productId),
        lt(productImages.createdAt, before),
        // A digital product names its download in its details (`fileMediaId`) rather than attaching it: a
        // download some product names is kept, wherever in the details the id sits.
        sql`(${productImages.kind} <> 'file' or not exists (
          select 1 from ${products}
          where ${products.vendorId} = ${productImages.vendorId}
            and strpos(${products.details}::text, ${productImages.id}::text) > 0))`,
        // A store's logo or banner (per-bot settings) is kept by its address, which names the stored file.
        sql`not exists (
          select 1 from ${botSettings}
          where ${botSettings.vendorId} = ${productImages.vendorId}
            and strpos(${botSettings.store}::text, ${productImages.storageKey}) > 0)`,
        // A customer's photo or document in a support conversation is kept while a message names it.
        sql`not exists (
          select 1 from ${supportMessages}
          where ${supportMessages.vendorId} = ${productImages.vendorId}
            and ${supportMessages.mediaUploadId} = ${productImages.id})`,
        // A campaign's photo is kept by its address while the campaign may still send it (scheduled, sending).
        sql`not exists (
          select 1 from ${campaigns}
          where ${campaigns.vendorId} = ${productImages.vendorId}
            and ${campaigns.status} in ('scheduled', 'sending')
            and strpos(${campaigns.photoUrl}, left(${productImages.storageKey}, ${NAME_LENGTH})) > 0)`,
        // The vendor's profile photo is kept by its address, which names the upload's medium size.
        sql`not exists (
          select 1 from ${vendors}
          where ${vendors.id} = ${productImages.vendorId}
            and strpos(${vendors.profileImageUrl}, left(${productImages.storageKey}, ${NAME_LENGTH})) > 0)`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  // The tuple's order is the select's: (vendor_id, id).
  return db
    .delete(productImages)
    .where(sql`(${productImages.vendorId}, ${productImages.id}) in (${due})`)
    .returning();
}

/** Of the storage keys given, those some row still names (a duplicated product shares its original's files). */
export async function keysInUse(db: Conn, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: productImages.storageKey })
    .from(productImages)
    .where(inArray(productImages.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}

/**
 * Of the stored names given (the random part of a key, shared by an upload's original and its sizes), those some
 * row still names.
 */
export async function namesInUse(db: Conn, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const name = sql<string>`left(regexp_replace(${productImages.storageKey}, '^files/', ''), ${NAME_LENGTH})`;
  const rows = await db.selectDistinct({ name }).from(productImages).where(inArray(name, names));
  return new Set(rows.map((r) => r.name));
}

/** Stored names are 24 URL-safe characters (18 random bytes); see media.service.ts. */
export const NAME_LENGTH = 24;

/** Deletes every upload of a vendor (the account purge), answering the rows so their files can go too. */
export async function deleteAllOfVendor(db: Conn, vendorId: string): Promise<MediaRow[]> {
  return db.delete(productImages).where(eq(productImages.vendorId, vendorId)).returning();
}
