import type { ProductReviewsResponse } from '@app/contracts/reviews';
import { useQuery } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/** GET /products/{id}/reviews: the product's reviews, newest first, hidden ones marked. */
export function getProductReviews(productId: string, signal?: AbortSignal) {
  return api.get<ProductReviewsResponse>(vendorPath(`/products/${encodeURIComponent(productId)}/reviews`), {
    signal,
  });
}

export function useProductReviews(productId: string) {
  return useQuery({
    queryKey: productKeys.reviews(productId),
    queryFn: ({ signal }) => getProductReviews(productId, signal),
  });
}
