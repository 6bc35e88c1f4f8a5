import type { ProductReview } from '@app/contracts/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, vendorPath } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export type SetReviewHiddenInput = { productId: string; reviewId: string; hidden: boolean };

/** PATCH /products/{id}/reviews/{reviewId}: hides a review (it leaves the rating) or shows it again. */
export function setReviewHidden({
  productId,
  reviewId,
  hidden,
}: SetReviewHiddenInput): Promise<ProductReview> {
  return api.patch<ProductReview>(
    vendorPath(`/products/${encodeURIComponent(productId)}/reviews/${encodeURIComponent(reviewId)}`),
    { hidden },
  );
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewHidden,
    // The reviews and the product's rating both change.
    onSuccess: (_review, { productId }) =>
      queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) }),
  });
}
