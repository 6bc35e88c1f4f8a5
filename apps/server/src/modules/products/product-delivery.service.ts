import type { DigitalType } from '@app/contracts/products';
import type { Conn, Tx } from '../../db/types';
import { claimCodes } from './product-codes.service';
import { digitalOf, sellsCodes } from './product-view';
import * as repo from './products.repository';

/** How a paid digital product reaches its buyer, from its details as they are now. */
export type DigitalDelivery =
  | { kind: 'codes'; digitalType: DigitalType }
  | {
      kind: 'download';
      /** The uploaded file (media module id), else an outside address. */
      fileMediaId: string | null;
      downloadUrl: string | null;
      maxDownloads: number;
      downloadExpiryDays: number;
    };

/** A digital product's delivery, or null when it is not (or no longer) a digital product. */
export async function digitalDeliveryOf(
  db: Conn,
  vendorId: string,
  productId: string,
): Promise<DigitalDelivery | null> {
  const row = await repo.findProduct(db, vendorId, productId);
  const digital = row ? digitalOf(row) : null;
  if (!row || !digital) return null;
  if (sellsCodes(row)) return { kind: 'codes', digitalType: digital.digitalType };
  return {
    kind: 'download',
    fileMediaId: digital.fileMediaId ?? null,
    downloadUrl: digital.downloadUrl ?? null,
    maxDownloads: digital.maxDownloads,
    downloadExpiryDays: digital.downloadExpiryDays,
  };
}

/**
 * The codes an order holds for a product, topped up from the pool to `quantity` when checkout claimed fewer
 * (never beyond it: a repeated delivery finds them all and claims nothing). CODES_UNAVAILABLE when the pool
 * cannot make up the difference.
 */
export async function codesForOrder(
  tx: Tx,
  vendorId: string,
  productId: string,
  orderId: string,
  quantity: number,
): Promise<string[]> {
  const held = (await repo.codesOfOrder(tx, vendorId, orderId))
    .filter((c) => c.productId === productId)
    .map((c) => c.code);
  if (held.length >= quantity) return held.slice(0, quantity);
  const more = await claimCodes(tx, vendorId, productId, quantity - held.length, orderId);
  return [...held, ...more.map((c) => c.code)];
}
