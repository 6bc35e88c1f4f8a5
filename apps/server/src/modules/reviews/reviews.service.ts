import { type ProductReview, type ProductReviewsResponse, REVIEW_LIMITS } from '@app/contracts/reviews';
import type { Db, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { ratingOf } from '../../lib/rating';
import { recordEvent } from '../events/record-event';
import { findOrderRow, orderIdOfItem, orderItems } from '../orders/orders.service';
import { setProductRating } from '../products/products-sale.service';
import * as repo from './reviews.repository';

// Product reviews (issue 24): a customer rates what they bought, in the shop's chat, once per order line and
// only once the order completed; the product's rating is its visible reviews' average, kept on the product in
// the same transaction as every review change. The vendor lists a product's reviews and hides or shows one.

export type ReviewsDeps = {
  db: Db;
  /** Whether the caller may see a product (PRODUCT_NOT_FOUND otherwise). */
  products: { visible(actor: Actor, productId: string): Promise<unknown> };
  now?: () => Date;
};

/** The customer in the shop: who they are and which bot they write to. */
export type Reviewer = { vendorId: string; botId: string; customerId: string; customerName: string };

/** The next line of an order the customer may still rate; `done` when every line has a review. */
export type NextToRate = { status: 'line'; itemId: string; productName: string } | { status: 'done' };

const nowOf = (deps: ReviewsDeps) => deps.now?.() ?? new Date();

const toReview = (r: repo.ReviewRow): ProductReview => ({
  id: r.id,
  productId: r.productId,
  orderId: r.orderId,
  customerName: r.customerName,
  rating: r.rating,
  text: r.text,
  hidden: r.hidden,
  createdAt: r.createdAt.toISOString(),
});

async function refreshRating(tx: Tx, vendorId: string, productId: string) {
  await setProductRating(tx, vendorId, productId, await repo.visibleRatings(tx, vendorId, productId));
}

/** The customer's completed order through this bot, or REVIEW_NOT_ALLOWED (not theirs, not completed). */
async function ownCompletedOrder(db: Db | Tx, who: Reviewer, orderId: string) {
  const order = await findOrderRow(db, who.vendorId, orderId);
  if (!order || order.customerId !== who.customerId || order.botId !== who.botId) {
    throw new AppError('REVIEW_NOT_ALLOWED');
  }
  if (order.status !== 'completed') throw new AppError('REVIEW_NOT_ALLOWED');
  return order;
}

/** The first line of the customer's completed order without a review (lines of deleted products are skipped). */
export async function nextToRate(deps: ReviewsDeps, who: Reviewer, orderId: string): Promise<NextToRate> {
  await ownCompletedOrder(deps.db, who, orderId);
  const [items, reviewed] = await Promise.all([
    orderItems(deps.db, who.vendorId, orderId),
    repo.reviewedLines(deps.db, who.vendorId, orderId),
  ]);
  const next = items.find((i) => i.productId !== null && !reviewed.has(i.id));
  return next ? { status: 'line', itemId: next.id, productName: next.name } : { status: 'done' };
}

/**
 * Rates one line of the customer's completed order: REVIEW_NOT_ALLOWED for a line that is not theirs or of an
 * order not completed, REVIEW_EXISTS for a line rated already. Answers the review and the product's name.
 */
export async function rateLine(
  deps: ReviewsDeps,
  who: Reviewer,
  itemId: string,
  rating: number,
): Promise<{ reviewId: string; orderId: string; productName: string }> {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new AppError('REVIEW_NOT_ALLOWED');
  return deps.db.transaction(async (tx) => {
    const orderId = await orderIdOfItem(tx, who.vendorId, itemId);
    if (!orderId) throw new AppError('REVIEW_NOT_ALLOWED');
    await ownCompletedOrder(tx, who, orderId);
    const item = (await orderItems(tx, who.vendorId, orderId)).find((i) => i.id === itemId);
    if (!item?.productId) throw new AppError('REVIEW_NOT_ALLOWED');
    const row = await repo.insertReview(tx, {
      vendorId: who.vendorId,
      productId: item.productId,
      orderId,
      orderItemId: itemId,
      botId: who.botId,
      customerId: who.customerId,
      customerName: who.customerName,
      rating,
      at: nowOf(deps),
    });
    if (!row) throw new AppError('REVIEW_EXISTS');
    await refreshRating(tx, who.vendorId, item.productId);
    return { reviewId: row.id, orderId, productName: item.name };
  });
}

/**
 * Adds the customer's words to their review (already through the bot's content filters; `hold`: a filter asked
 * for the vendor's review, so the review stays hidden until the vendor shows it).
 */
export async function addReviewText(
  deps: ReviewsDeps,
  who: Reviewer,
  reviewId: string,
  text: string,
  hold: boolean,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findReview(tx, who.vendorId, reviewId);
    if (!row || row.customerId !== who.customerId) throw new AppError('REVIEW_NOT_FOUND');
    await repo.updateReview(tx, who.vendorId, reviewId, {
      text: text.trim().slice(0, REVIEW_LIMITS.textMax),
      ...(hold ? { hidden: true } : {}),
      at: nowOf(deps),
    });
    if (hold) await refreshRating(tx, who.vendorId, row.productId);
  });
}

/** A product's reviews (newest first, hidden ones included and marked) with its rating. */
export async function listProductReviews(
  deps: ReviewsDeps,
  actor: Actor,
  productId: string,
): Promise<ProductReviewsResponse> {
  await deps.products.visible(actor, productId);
  const rows = await repo.listReviews(deps.db, actor.vendorId, productId, REVIEW_LIMITS.pageMax);
  const shown = rows.filter((r) => !r.hidden);
  const sum = shown.reduce((s, r) => s + r.rating, 0);
  return { reviews: rows.map(toReview), rating: ratingOf(sum, shown.length), reviewCount: shown.length };
}

/** Hides a review (it leaves the product's rating) or shows it again; recorded as a product.updated event. */
export async function setReviewHidden(
  deps: ReviewsDeps,
  actor: Actor,
  productId: string,
  reviewId: string,
  hidden: boolean,
): Promise<ProductReview> {
  await deps.products.visible(actor, productId);
  return deps.db.transaction(async (tx) => {
    const row = await repo.findReview(tx, actor.vendorId, reviewId);
    if (!row || row.productId !== productId) throw new AppError('REVIEW_NOT_FOUND');
    const at = nowOf(deps);
    await repo.updateReview(tx, actor.vendorId, reviewId, { hidden, at });
    await refreshRating(tx, actor.vendorId, productId);
    await recordEvent(tx, {
      vendorId: actor.vendorId,
      botId: row.botId,
      type: 'product.updated',
      actor: { kind: actor.kind, id: String(actor.telegramId) },
      subject: { kind: 'product', id: productId },
      payload: { change: 'review', reviewId, hidden },
    });
    return toReview({ ...row, hidden, updatedAt: at });
  });
}

/** The reviews service: the vendor's API and the shop's chat, every method bound to `deps`. */
export function createReviewsService(deps: ReviewsDeps) {
  return {
    list: (actor: Actor, productId: string) => listProductReviews(deps, actor, productId),
    setHidden: (actor: Actor, productId: string, reviewId: string, hidden: boolean) =>
      setReviewHidden(deps, actor, productId, reviewId, hidden),
    /** The shop's side (features/reviews.ts). */
    shop: {
      nextToRate: (who: Reviewer, orderId: string) => nextToRate(deps, who, orderId),
      rate: (who: Reviewer, itemId: string, rating: number) => rateLine(deps, who, itemId, rating),
      addText: (who: Reviewer, reviewId: string, text: string, hold: boolean) =>
        addReviewText(deps, who, reviewId, text, hold),
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
