import type { BillingCycle, DigitalDetails, DigitalType, KeyType } from '@app/contracts/products';
import type { Conn, Tx } from '../../db/types';
import { claimCodes } from './product-codes.service';
import { digitalOf, sellsCodes } from './product-view';
import * as repo from './products.repository';

/**
 * What the buyer of a digital product is told beside what they get: the file for a download, the event for a
 * ticket, how long a pass, subscription or key stays valid (days from delivery), a key's activations and the
 * support period.
 */
export type DigitalTerms = {
  fileName: string | null;
  fileFormat: string | null;
  fileSize: number | null;
  eventName: string | null;
  eventDate: string | null;
  venue: string | null;
  validityDays: number | null;
  activationLimit: number | null;
  /** Null unless the vendor offers technical support (its switch) for a number of days. */
  supportPeriodDays: number | null;
  /** The licence as the vendor named it ("Single user", "Commercial"); null: none given. */
  licenseType: string | null;
  /** The platforms it runs on (empty: none given). */
  compatibility: string[];
  /** A subscription's free trial, in days; null: none. */
  trialDays: number | null;
  /** What a product key unlocks (software, a game, a gift card, a coupon); null: not said. */
  keyType: KeyType | null;
};

/** How a paid digital product reaches its buyer, from its details as they are now. */
export type DigitalDelivery = (
  | { kind: 'codes'; digitalType: DigitalType }
  | {
      kind: 'download';
      /** The uploaded file (media module id), else an outside address. */
      fileMediaId: string | null;
      downloadUrl: string | null;
      maxDownloads: number;
      downloadExpiryDays: number;
    }
) & {
  /** Off: what the buyer paid for waits until the vendor releases it from the order. */
  autoDeliver: boolean;
  terms: DigitalTerms;
};

/** Days a subscription's billing cycle lasts; a lifetime one does not expire. */
const CYCLE_DAYS: Record<BillingCycle, number | null> = {
  monthly: 30,
  quarterly: 90,
  yearly: 365,
  lifetime: null,
};

/** The terms the buyer is told, by the product's digital type. */
export function digitalTermsOf(d: DigitalDetails): DigitalTerms {
  const type = d.digitalType;
  const validityDays =
    type === 'pass'
      ? (d.passValidityDays ?? null)
      : type === 'subscription'
        ? (d.validityDays ?? (d.billingCycle ? CYCLE_DAYS[d.billingCycle] : null))
        : type === 'product_key'
          ? (d.validityDays ?? null)
          : null;
  return {
    fileName: type === 'downloadable' ? (d.fileName ?? null) : null,
    fileFormat: type === 'downloadable' ? (d.fileFormat ?? null) : null,
    fileSize: type === 'downloadable' ? (d.fileSize ?? null) : null,
    eventName: type === 'ticket' ? (d.eventName ?? null) : null,
    eventDate: type === 'ticket' ? (d.eventDate ?? null) : null,
    venue: type === 'ticket' ? (d.venue ?? null) : null,
    validityDays,
    activationLimit: type === 'product_key' ? d.activationLimit : null,
    supportPeriodDays: d.technicalSupport && d.supportPeriodDays > 0 ? d.supportPeriodDays : null,
    licenseType: d.licenseType || null,
    compatibility: d.compatibility,
    trialDays: type === 'subscription' && d.trialDays ? d.trialDays : null,
    keyType: type === 'product_key' ? (d.keyType ?? null) : null,
  };
}

/** A digital product's delivery, or null when it is not (or no longer) a digital product. */
export async function digitalDeliveryOf(
  db: Conn,
  vendorId: string,
  productId: string,
): Promise<DigitalDelivery | null> {
  const row = await repo.findProduct(db, vendorId, productId);
  const digital = row ? digitalOf(row) : null;
  if (!row || !digital) return null;
  const shared = { autoDeliver: digital.autoDeliver, terms: digitalTermsOf(digital) };
  if (sellsCodes(row)) return { kind: 'codes', digitalType: digital.digitalType, ...shared };
  return {
    kind: 'download',
    fileMediaId: digital.fileMediaId ?? null,
    downloadUrl: digital.downloadUrl ?? null,
    maxDownloads: digital.maxDownloads,
    downloadExpiryDays: digital.downloadExpiryDays,
    ...shared,
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
