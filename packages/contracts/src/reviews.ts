import { z } from 'zod';
import { ProductParams } from './products';

/**
 * Product reviews (issue 24): after an order completes, its customer may rate each line's product 1–5 with an
 * optional text, in the shop's chat, once per order line. The vendor lists a product's reviews and may hide
 * one; hidden reviews count in no rating.
 */
export const REVIEW_LIMITS = { textMax: 1000, pageMax: 50 } as const;

export const ProductReview = z.object({
  id: z.string().uuid(),
  productId: z.string().uuid(),
  orderId: z.string().uuid(),
  customerName: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type ProductReview = z.infer<typeof ProductReview>;

export const ProductReviewsResponse = z.object({
  reviews: z.array(ProductReview),
  /** Visible reviews' average, one decimal; null without one. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type ProductReviewsResponse = z.infer<typeof ProductReviewsResponse>;

export const ReviewParams = ProductParams.extend({ reviewId: z.uuid() });

export const UpdateReviewBody = z
  .object({ hidden: z.boolean({ error: 'hidden must be true or false' }) })
  .strict();
export type UpdateReviewBody = z.infer<typeof UpdateReviewBody>;
