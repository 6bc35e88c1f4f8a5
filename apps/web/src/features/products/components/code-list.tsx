import type { ProductCode } from '@app/contracts/products';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showAlert } from '../../../lib/telegram/bridge';
import { useProductCodes, useRevealProductCode } from '../api/get-product-codes';
import styles from './inventory.module.css';

/**
 * A code pool's codes, masked as the server lists them. "Show" asks the server for one code in full; it stays
 * on screen only until hidden or the tab is left (never cached).
 */
export function CodeList({ productId }: { productId: string }) {
  const { t } = useI18n();
  const codes = useProductCodes(productId);
  const reveal = useRevealProductCode();
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const items = codes.data?.pages.flatMap((page) => page.codes) ?? [];

  const toggle = (code: ProductCode) => {
    if (revealed[code.id]) {
      setRevealed(({ [code.id]: _hidden, ...rest }) => rest);
      return;
    }
    reveal.mutate(
      { productId, codeId: code.id },
      {
        onSuccess: (full) => setRevealed((current) => ({ ...current, [full.id]: full.code })),
        onError: () => {
          haptics.error();
          void showAlert(t('products.codes.revealFailed'));
        },
      },
    );
  };

  return (
    <Card aria-labelledby="code-list-title" data-testid="code-list">
      <h2 id="code-list-title" className={styles.title}>
        {t('products.codes.title')}
      </h2>
      <p className={styles.muted}>{t('products.codes.hint')}</p>
      {codes.isError && !codes.data ? (
        <ErrorState
          message={t('products.codes.loadError')}
          onRetry={() => void codes.refetch()}
          retrying={codes.isFetching}
        />
      ) : !codes.data ? (
        <span role="status" aria-label={t('products.codes.loading')}>
          <Spinner size="small" />
        </span>
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t('products.codes.empty')}</p>
      ) : (
        <ul className={styles.codes}>
          {items.map((code) => {
            const full = revealed[code.id];
            const pending = reveal.isPending && reveal.variables?.codeId === code.id;
            return (
              <li key={code.id} className={styles.code}>
                <code className={styles.codeText}>{full ?? code.code}</code>
                <span
                  className={`${styles.status} ${code.status === 'available' ? styles.available : styles.issued}`}
                >
                  {t(code.status === 'available' ? 'products.codes.available' : 'products.codes.issued')}
                </span>
                <Button
                  variant="plain"
                  className={styles.toggle}
                  onClick={() => toggle(code)}
                  disabled={pending}
                  aria-label={t(full ? 'products.codes.hideLabel' : 'products.codes.showLabel', {
                    code: code.code,
                  })}
                >
                  {t(full ? 'products.codes.hide' : 'products.codes.show')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {codes.hasNextPage ? (
        <Button
          variant="secondary"
          className={styles.more}
          onClick={() => void codes.fetchNextPage()}
          disabled={codes.isFetchingNextPage}
        >
          {t('products.codes.more')}
        </Button>
      ) : null}
    </Card>
  );
}
