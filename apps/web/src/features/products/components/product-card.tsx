import type { ProductListItem } from '@app/contracts/products';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { durationText, STOCK_STATUS_LABEL, stockText, TYPE_ICON, TYPE_LABEL } from '../lib/labels';
import { stockLevel } from '../lib/product-rules';
import styles from './product-card.module.css';

const LEVEL_CLASS = { high: styles.stockHigh, medium: styles.stockMedium, low: styles.stockLow } as const;

/** One product of the list (spec §2.1). Memoised: the list re-renders as pages arrive. */
export const ProductCard = memo(function ProductCard({ product }: { product: ProductListItem }) {
  const { t, formatMoney } = useI18n();
  const navigate = useNavigate();
  const open = () => navigate(`/products/${product.id}`);
  const botBadge =
    product.botIds === 'all'
      ? t('products.card.allBots')
      : product.bots.length === 1
        ? `@${product.bots[0]?.username ?? ''}`
        : `@${product.bots[0]?.username ?? ''} +${product.bots.length - 1}`;
  const kindLine =
    product.productType === 'digital' && product.digitalType
      ? t(`products.digitalType.${product.digitalType}`)
      : product.productType === 'service' && product.duration
        ? durationText(product.duration, product.durationUnit)
        : null;

  return (
    <article className={styles.card} aria-label={product.name} data-testid="product-card">
      <header className={`${styles.typeHeader} ${styles[product.productType]}`}>
        <span>{t(TYPE_LABEL[product.productType])}</span>
        <span className={styles.badges}>
          {product.status !== 'active' ? (
            <span className={styles.statusBadge}>{t(`products.status.${product.status}`)}</span>
          ) : null}
          <span className={styles.stockBadge}>{t(STOCK_STATUS_LABEL[product.stockStatus])}</span>
        </span>
      </header>
      <button type="button" className={styles.body} onClick={open}>
        <span className={styles.thumb} aria-hidden="true">
          {product.image ? <img src={product.image} alt="" loading="lazy" /> : TYPE_ICON[product.productType]}
        </span>
        <span className={styles.info}>
          <span className={styles.name}>{product.name}</span>
          {product.sku ? (
            <span className={styles.meta}>{t('products.card.sku', { sku: product.sku })}</span>
          ) : null}
          <span className={styles.meta}>
            {[product.category?.name ?? t('products.card.noCategory'), product.subcategory?.name, kindLine]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      </button>
      <footer className={styles.footer}>
        <span className={styles.price}>{formatMoney(product.price, product.currency)}</span>
        <span className={`${styles.stock} ${LEVEL_CLASS[stockLevel(product.stock)]}`}>
          {stockText(product)}
        </span>
        <span className={styles.botBadge}>{botBadge}</span>
        <Button
          variant="secondary"
          className={styles.edit}
          onClick={() =>
            navigate(`/products/${product.id}/edit`, { state: { productType: product.productType } })
          }
          aria-label={t('products.card.editItem', { name: product.name })}
        >
          {t('products.card.edit')}
        </Button>
      </footer>
    </article>
  );
});

export function ProductCardSkeleton() {
  return <div className={styles.skeleton} aria-hidden="true" />;
}
