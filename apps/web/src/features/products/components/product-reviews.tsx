import type { ProductReview } from '@app/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showAlert, showConfirm } from '../../../lib/telegram/bridge';
import { useProductReviews } from '../api/get-product-reviews';
import { useSetReviewHidden } from '../api/set-review-hidden';
import { describeProductError } from '../lib/messages';
import styles from './product-reviews.module.css';

/** "★ 4.5 · 2 reviews", or "No reviews yet": a product's rating from its visible reviews. */
export function RatingSummary({ rating, count }: { rating: number | null; count: number }) {
  const { t } = useI18n();
  return (
    <span className={styles.summary} data-testid="product-rating">
      {rating === null ? t('products.reviews.none') : t('products.reviews.summary', { rating, count })}
    </span>
  );
}

/** The product's reviews, newest first; the vendor hides one (it leaves the rating) or shows it again. */
export function ProductReviews({ productId }: { productId: string }) {
  const { t } = useI18n();
  const reviews = useProductReviews(productId);
  const data = reviews.data;
  return (
    <Card aria-labelledby="product-reviews-title">
      <h2 id="product-reviews-title" className={styles.title}>
        {t('products.reviews.title')}
      </h2>
      {data ? (
        <>
          <RatingSummary rating={data.rating} count={data.reviewCount} />
          <ul className={styles.list}>
            {data.reviews.map((review) => (
              <ReviewRow key={review.id} productId={productId} review={review} />
            ))}
          </ul>
        </>
      ) : reviews.isError ? (
        <ErrorState
          message={t('products.reviews.loadFailed')}
          onRetry={() => void reviews.refetch()}
          retrying={reviews.isFetching}
        />
      ) : (
        <LoadingState />
      )}
    </Card>
  );
}

function ReviewRow({ productId, review }: { productId: string; review: ProductReview }) {
  const { t, formatDate } = useI18n();
  const update = useSetReviewHidden();
  const toggle = async () => {
    const hidden = !review.hidden;
    if (hidden) {
      const ok = await showConfirm(t('products.reviews.confirmHide'), t('products.reviews.hide'), {
        destructive: true,
      });
      if (!ok) return;
    }
    update.mutate(
      { productId, reviewId: review.id, hidden },
      {
        onSuccess: () => haptics.success(),
        onError: (error) => {
          haptics.error();
          void showAlert(describeProductError(error, 'products.reviews.failed'));
        },
      },
    );
  };
  return (
    <li className={`${styles.review} ${review.hidden ? styles.hidden : ''}`}>
      <div className={styles.head}>
        <span
          className={styles.stars}
          role="img"
          aria-label={t('products.reviews.stars', { rating: review.rating })}
        >
          {'★'.repeat(review.rating)}
          <span className={styles.off}>{'★'.repeat(5 - review.rating)}</span>
        </span>
        <span className={styles.who}>{review.customerName}</span>
        <span className={styles.when}>{formatDate(review.createdAt)}</span>
        {review.hidden ? <span className={styles.badge}>{t('products.reviews.hidden')}</span> : null}
      </div>
      {review.text ? <p className={styles.text}>{review.text}</p> : null}
      <Button variant="secondary" onClick={() => void toggle()} disabled={update.isPending}>
        {review.hidden ? t('products.reviews.show') : t('products.reviews.hide')}
      </Button>
    </li>
  );
}
