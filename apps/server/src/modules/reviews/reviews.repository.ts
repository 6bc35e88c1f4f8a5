import { and, desc, eq, sql } from 'drizzle-orm';
import { productReviews } from '../../db/schema/index';
import type { Conn, Tx } from '../../db/types';

export type ReviewRow = typeof productReviews.$inferSelect;

/** Adds a review of an order line; null when the line has one already (one per line, kept by a unique index). */
export async function insertReview(
  tx: Tx,
  r: Pick<
    ReviewRow,
    'vendorId' | 'productId' | 'orderId' | 'orderItemId' | 'botId' | 'customerId' | 'customerName' | 'rating'
  > & { at: Date },
): Promise<ReviewRow | null> {
  const { at, ...values } = r;
  const [row] = await tx
    .insert(productReviews)
    .values({ ...values, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: [productReviews.vendorId, productReviews.orderItemId] })
    .returning();
  return row ?? null;
}

export async function findReview(db: Conn, vendorId: string, reviewId: string): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.vendorId, vendorId), eq(productReviews.id, reviewId)))
    .limit(1);
  return row ?? null;
}

export async function updateReview(
  tx: Tx,
  vendorId: string,
  reviewId: string,
  set: Partial<Pick<ReviewRow, 'hidden' | 'text'>> & { at: Date },
): Promise<void> {
  const { at, ...rest } = set;
  await tx
    .update(productReviews)
    .set({ ...rest, updatedAt: at })
    .where(and(eq(productReviews.vendorId, vendorId), eq(productReviews.id, reviewId)));
}

/** The product's visible reviews' ratings, summed and counted. */
export async function visibleRatings(tx: Tx, vendorId: string, productId: string) {
  const [row] = await tx
    .select({
      sum: sql<number>`coalesce(sum(${productReviews.rating}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(productReviews)
    .where(
      and(
        eq(productReviews.vendorId, vendorId),
        eq(productReviews.productId, productId),
        eq(productReviews.hidden, false),
      ),
    );
  return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
}

/** A product's reviews, newest first. */
export function listReviews(db: Conn, vendorId: string, productId: string, limit: number) {
  return db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.vendorId, vendorId), eq(productReviews.productId, productId)))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit);
}

/** The lines of an order that have a review. */
export async function reviewedLines(db: Conn, vendorId: string, orderId: string): Promise<Set<string>> {
  const rows = await db
    .select({ itemId: productReviews.orderItemId })
    .from(productReviews)
    .where(and(eq(productReviews.vendorId, vendorId), eq(productReviews.orderId, orderId)));
  return new Set(rows.map((r) => r.itemId));
}
