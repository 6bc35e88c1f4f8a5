import { DAY_MS } from '@app/contracts/common';
import { BulkPricingTier, type ServiceDetails, type ServiceSlot } from '@app/contracts/products';
import type { Conn, Tx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { dayOf } from '../../lib/days';
import { type ChangedBy, stockEvents } from './product-events';
import { openSlotsOf } from './product-reads.service';
import { physicalOf, sellsCodes, serviceOf } from './product-view';
import * as repo from './products.repository';
import type { SaleProduct, SaleVariation } from './sale-rules';
import { SERIES_DEFAULT_OCCURRENCES, seriesStarts } from './slots';

// What the shop runtime and the orders module need of the catalogue to sell: products as they are sold,
// stock taken and given back, service slots booked and freed, an order's codes. Each function runs in the
// caller's transaction, like claimCodes and releaseCodes (product-codes.service.ts).

const SYSTEM: (vendorId: string) => ChangedBy = (vendorId) => ({
  vendorId,
  kind: 'system',
  telegramId: null,
});

function saleProductOf(row: repo.ProductRow): SaleProduct {
  const physical = physicalOf(row);
  const types = physical?.variations ?? [];
  const combinations = types.length === 2 ? (physical?.combinations ?? []) : [];
  // Two types with combinations: each combination is what the customer picks ("M / Red").
  const variations: SaleVariation[] = combinations.length
    ? combinations.flatMap((c) =>
        c.id
          ? [
              {
                id: c.id,
                type: types[0]?.type ?? 'size',
                value: c.values.join(' / '),
                priceAdjustment: c.priceAdjustment,
                stock: c.stock,
                values: [...c.values],
              },
            ]
          : [],
      )
    : types.flatMap((v) =>
        v.values.flatMap((value) =>
          value.id
            ? [
                {
                  id: value.id,
                  type: v.type,
                  value: value.value,
                  priceAdjustment: value.priceAdjustment,
                  stock: value.stock,
                },
              ]
            : [],
        ),
      );
  const tiers = (Array.isArray(row.bulkPricing) ? row.bulkPricing : []).flatMap((t) => {
    const parsed = BulkPricingTier.safeParse(t);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    id: row.id,
    name: row.name,
    productType: row.productType,
    priceMinor: row.priceMinor,
    currency: row.currency,
    stock: row.stock,
    trackInventory: row.trackInventory,
    allowBackorder: row.allowBackorder,
    sellsCodes: sellsCodes(row),
    maxPerOrder: physical?.maxPerOrder ?? null,
    taxRate: row.taxRate,
    taxInclusive: row.taxInclusive,
    variations,
    ...(combinations.length
      ? { variationTypes: [types[0]?.type, types[1]?.type] as SaleProduct['variationTypes'] }
      : {}),
    bulkPricing: tiers,
    service: serviceOf(row),
    warranty: physical?.warranty ? (physical.warrantyPeriod?.trim() ?? '') : null,
    returnPolicy: physical?.returnPolicy?.trim() || null,
    comparePrice: row.comparePriceMinor,
  };
}

/** The products among `ids` that the bot sells now (active, sold through it), as the shop prices them. */
export async function productsForSale(
  conn: Conn,
  vendorId: string,
  botId: string,
  ids: string[],
): Promise<SaleProduct[]> {
  const rows = await repo.saleRows(conn, vendorId, botId, [...new Set(ids)]);
  return rows.map(saleProductOf);
}

/**
 * Holds the products given (row locks, in id order) until the transaction ends. A transaction that changes
 * several products' stock, codes or bookings, or those and the order rollups, takes them first: the products
 * before any rollup row, so checkouts, cancellations and the funnel's counts never wait on each other in a
 * circle.
 */
export async function holdProducts(tx: Tx, vendorId: string, productIds: string[]): Promise<void> {
  await repo.lockProducts(tx, vendorId, [...new Set(productIds)].sort());
}

export type StockLine = { productId: string; variationId: string | null; quantity: number };

type StoredValue = Record<string, unknown> & { id?: string; stock?: number };
type StoredVariation = Record<string, unknown> & { values?: StoredValue[] };

/**
 * A physical product's stored details with one variation value's stock moved by `delta` (everything else
 * kept as stored), the value's new stock (null when no value has that id) and the product's new total.
 */
function withVariationStock(row: repo.ProductRow, variationId: string, delta: number) {
  const combos = (Array.isArray(row.details.combinations) ? row.details.combinations : []) as StoredValue[];
  if (combos.length > 0) {
    // Size × colour: the combination's stock moves; the product's is the combinations' sum.
    let stock: number | null = null;
    const combinations = combos.map((c) => {
      if (c.id !== variationId) return c;
      stock = (c.stock ?? 0) + delta;
      return { ...c, stock };
    });
    const total = combinations.reduce((sum, c) => sum + (c.stock ?? 0), 0);
    return { stock: stock as number | null, details: { ...row.details, combinations }, total };
  }
  const stored = (Array.isArray(row.details.variations) ? row.details.variations : []) as StoredVariation[];
  const moved = { stock: null as number | null };
  const variations = stored.map((v) => ({
    ...v,
    values: (v.values ?? []).map((value) => {
      if (value.id !== variationId) return value;
      moved.stock = (value.stock ?? 0) + delta;
      return { ...value, stock: moved.stock };
    }),
  }));
  const total = variations.reduce((sum, v) => sum + v.values.reduce((s, x) => s + (x.stock ?? 0), 0), 0);
  return { stock: moved.stock, details: { ...row.details, variations }, total };
}

/**
 * Takes a physical line's units from stock. Guarded (the shop's checkout): a tracked product (or variation
 * value) without backorder gives them only when that many are left, so two customers never both take the
 * last unit; the loser gets STOCK_UNAVAILABLE and the caller's transaction rolls back. Unguarded (orders
 * recorded after the fact) stock may go below zero. Untracked products are not counted. Records
 * product.outofstock when the last unit goes.
 */
export async function reserveStock(
  tx: Tx,
  vendorId: string,
  line: StockLine,
  opts: { guarded: boolean } = { guarded: true },
): Promise<void> {
  const unavailable = () =>
    new AppError('STOCK_UNAVAILABLE', { productId: line.productId, requested: line.quantity });
  if (line.variationId === null) {
    const after = await repo.takeStock(tx, vendorId, line.productId, line.quantity, opts.guarded);
    if (!after) throw unavailable();
    if (after.trackInventory) {
      await stockEvents(tx, SYSTEM(vendorId), { ...after, stock: after.stock + line.quantity }, after);
    }
    return;
  }
  // A value's stock lives in the product's details: the row lock orders concurrent takers.
  const before = await repo.lockProduct(tx, vendorId, line.productId);
  if (before?.productType !== 'physical') throw unavailable();
  const next = withVariationStock(before, line.variationId, -line.quantity);
  if (next.stock === null) throw unavailable();
  if (!before.trackInventory) return;
  if (opts.guarded && next.stock < 0 && !before.allowBackorder) throw unavailable();
  const after = await repo.updateProduct(tx, vendorId, before.id, {
    details: next.details,
    stock: next.total,
  });
  if (after) await stockEvents(tx, SYSTEM(vendorId), before, after);
}

/** Gives a physical line's units back to stock (its order was cancelled). A value deleted since is skipped. */
export async function returnStock(tx: Tx, vendorId: string, line: StockLine): Promise<void> {
  if (line.variationId === null) {
    await repo.giveStock(tx, vendorId, line.productId, line.quantity);
    return;
  }
  const before = await repo.lockProduct(tx, vendorId, line.productId);
  if (before?.productType !== 'physical' || !before.trackInventory) return;
  const next = withVariationStock(before, line.variationId, line.quantity);
  if (next.stock === null) return;
  await repo.updateProduct(tx, vendorId, before.id, { details: next.details, stock: next.total });
}

/** The open slots of a service the bot sells, on the days `from`..`to`; null when it is not such a service. */
export async function slotsForSale(
  conn: Conn,
  vendorId: string,
  botId: string,
  productId: string,
  range: { from: string; to: string },
  at: Date,
): Promise<{ timezone: string; slots: ServiceSlot[] } | null> {
  const [row] = await repo.saleRows(conn, vendorId, botId, [productId]);
  const service = row ? serviceOf(row) : null;
  if (!row || !service) return null;
  return { timezone: service.availability.timezone, slots: await openSlotsOf(conn, row, service, range, at) };
}

/**
 * The occurrences a booking at `start` takes, each an open slot with `quantity` places left: the slot alone, or
 * for a recurring service its series (seriesStarts: the same time each day, week or month, up to maxOccurrences
 * or SERIES_DEFAULT_OCCURRENCES, within a year), leaving out the occurrences that are not open or have no room.
 * Empty when the slot at `start` itself cannot be had.
 */
async function openSeriesOf(
  conn: Conn,
  row: repo.ProductRow,
  service: ServiceDetails,
  start: Date,
  quantity: number,
  at: Date,
): Promise<ServiceSlot[]> {
  const recurring = service.recurringOptions;
  const starts = recurring?.enabled
    ? seriesStarts(
        service,
        start.getTime(),
        recurring.frequency,
        recurring.maxOccurrences ?? SERIES_DEFAULT_OCCURRENCES,
      )
    : [start.getTime()];
  const last = starts[starts.length - 1] ?? start.getTime();
  const day = (ms: number) => dayOf(new Date(ms));
  const open = await openSlotsOf(
    conn,
    row,
    service,
    { from: day(start.getTime() - DAY_MS), to: day(last + DAY_MS) },
    at,
  );
  const byStart = new Map(open.map((s) => [Date.parse(s.start), s]));
  const taken = starts.flatMap((t) => {
    const slot = byStart.get(t);
    return slot && slot.available >= quantity ? [slot] : [];
  });
  return taken[0] && Date.parse(taken[0].start) === start.getTime() ? taken : [];
}

/** What booking the bot's service at `start` would take now (see openSeriesOf); empty when it cannot. */
export async function seriesForSale(
  conn: Conn,
  b: { vendorId: string; botId: string; productId: string; start: Date; quantity: number; at: Date },
): Promise<ServiceSlot[]> {
  const [row] = await repo.saleRows(conn, b.vendorId, b.botId, [b.productId]);
  const service = row ? serviceOf(row) : null;
  if (!row || !service) return [];
  return openSeriesOf(conn, row, service, b.start, b.quantity, b.at);
}

/**
 * Books `quantity` places of a service's slot for an order, and for a recurring service of each occurrence of
 * its series that has room (openSeriesOf): only open slots with that many places left (the product row lock
 * orders concurrent bookings, so a slot is never overbooked). SLOT_UNAVAILABLE when the slot itself cannot be
 * had. Answers the slots booked, first the one chosen.
 */
export async function bookSlot(
  tx: Tx,
  b: {
    vendorId: string;
    productId: string;
    start: Date;
    quantity: number;
    orderId: string;
    customerId: string;
    at: Date;
  },
): Promise<ServiceSlot[]> {
  const row = await repo.lockProduct(tx, b.vendorId, b.productId);
  const service = row ? serviceOf(row) : null;
  if (!row || !service) throw new AppError('SLOT_UNAVAILABLE');
  const slots = await openSeriesOf(tx, row, service, b.start, b.quantity, b.at);
  if (slots.length === 0) throw new AppError('SLOT_UNAVAILABLE');
  for (const slot of slots) {
    await repo.insertBooking(tx, {
      vendorId: b.vendorId,
      productId: b.productId,
      slotStart: new Date(slot.start),
      slotEnd: new Date(slot.end),
      quantity: b.quantity,
      orderId: b.orderId,
      customerId: b.customerId,
    });
  }
  return slots;
}

/** Frees an order's booked slots (the order was cancelled). */
export async function releaseBookings(tx: Tx, vendorId: string, orderId: string): Promise<number> {
  return repo.cancelBookings(tx, vendorId, orderId);
}

/** Adds the shop's product views (product cards shown) to the products' view counts. */
export async function countViews(tx: Tx, vendorId: string, views: Map<string, number>): Promise<void> {
  await repo.addViews(tx, vendorId, views);
}

/** Sets a product's rating from its visible reviews (their ratings' sum and count): modules/reviews. */
export async function setProductRating(
  tx: Tx,
  vendorId: string,
  productId: string,
  rating: { sum: number; count: number },
): Promise<void> {
  await repo.setRating(tx, vendorId, productId, rating);
}

/** What a shared product address (`/shop/{botId}/p/{slug}`) shows in link previews: its SEO words first. */
export type ProductPageMeta = {
  productId: string;
  name: string;
  title: string;
  description: string | null;
  /** The vendor's SEO keywords (the page's `<meta name="keywords">`). */
  keywords: string[];
};

/**
 * The meta tags of the shop's product page for `slug` in this bot: the SEO title (else the meta title, else the
 * name) and description (else the meta description, else the short description); null when the bot sells no
 * active product with that slug.
 */
export async function productPageMeta(
  conn: Conn,
  vendorId: string,
  botId: string,
  slug: string,
): Promise<ProductPageMeta | null> {
  const row = await repo.saleRowBySlug(conn, vendorId, botId, slug);
  if (!row) return null;
  const seo = (row.seo ?? {}) as {
    seoTitle?: string;
    metaTitle?: string;
    seoDescription?: string;
    metaDescription?: string;
    seoKeywords?: string[];
  };
  return {
    productId: row.id,
    name: row.name,
    title: seo.seoTitle || seo.metaTitle || row.name,
    description: seo.seoDescription || seo.metaDescription || row.shortDescription || null,
    keywords: seo.seoKeywords ?? [],
  };
}
