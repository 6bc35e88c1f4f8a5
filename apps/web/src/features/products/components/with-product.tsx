import type { Product } from '@app/contracts/products';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Page } from '../../../components/ui/page';
import { LoadingState } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { isApiError } from '../../../lib/api-client';
import { useProduct } from '../api/get-product';
import { describeProductError } from '../lib/messages';

/**
 * Loads a product for a screen about it (its page, its edit form): the loading state, the spec's empty state
 * for a product that is not there, or an error with Retry; the screen itself once it has the product.
 */
export function WithProduct(props: {
  productId: string;
  title: MessageKey;
  loadingLabel: MessageKey;
  testId: string;
  children: (product: Product) => ReactNode;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const product = useProduct(props.productId);

  if (product.isSuccess) return props.children(product.data);
  const notFound = product.isError && isApiError(product.error) && product.error.status === 404;
  return (
    <Page title={t(props.title)} data-testid={props.testId}>
      {product.isPending ? (
        <LoadingState label={t(props.loadingLabel)} />
      ) : notFound ? (
        <EmptyState
          icon="📦"
          title={t('products.detail.noData')}
          action={
            <Button onClick={() => navigate('/products')}>{t('products.detail.backToProducts')}</Button>
          }
        />
      ) : (
        <ErrorState
          message={describeProductError(product.error, 'products.detail.loadError')}
          onRetry={() => void product.refetch()}
          retrying={product.isFetching}
        />
      )}
    </Page>
  );
}
