import { ProductParams } from '@app/contracts/products';
import {
  ProductReview,
  ProductReviewsResponse,
  ReviewParams,
  UpdateReviewBody,
} from '@app/contracts/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReviewsService } from './reviews.service';

// A product's reviews belong with the product: the same `products` permission as its page.
export function reviewsRoutes(reviews: ReviewsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['products'];

    app.get(
      '/products/:productId/reviews',
      {
        config: { permission: 'products' },
        schema: { tags, params: ProductParams, response: { 200: ProductReviewsResponse } },
      },
      (req) => reviews.list(req.actor, req.params.productId),
    );

    app.patch(
      '/products/:productId/reviews/:reviewId',
      {
        config: { permission: 'products' },
        schema: { tags, params: ReviewParams, body: UpdateReviewBody, response: { 200: ProductReview } },
      },
      (req) => reviews.setHidden(req.actor, req.params.productId, req.params.reviewId, req.body.hidden),
    );
  };
}
