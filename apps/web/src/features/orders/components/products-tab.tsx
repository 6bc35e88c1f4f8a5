import type { OrderDetail } from '@app/contracts/orders';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { TYPE_KEYS } from '../lib/labels';
import styles from './order-detail.module.css';

export function ProductsTab({ order }: { order: OrderDetail }) {
  const { t, formatMoney } = useI18n();
  return (
    <Card className={styles.section}>
      <ul className={styles.products}>
        {order.products.map((product) => (
          <li key={product.id} className={styles.product}>
            <span className={styles.productName}>
              {product.name}
              <span className={styles.productMeta}>
                {t(TYPE_KEYS[product.productType])} ·{' '}
                {t('orders.detail.productTotal', {
                  quantity: product.quantity,
                  price: formatMoney(product.price, order.currency),
                })}
              </span>
              {product.tax > 0 ? (
                <span className={styles.productMeta}>
                  {t(product.taxIncluded ? 'store.order.taxIncluded' : 'store.order.taxAdded', {
                    rate: product.taxRate ?? 0,
                    amount: formatMoney(product.tax, order.currency),
                  })}
                </span>
              ) : null}
            </span>
            <span>{formatMoney(product.total, order.currency)}</span>
          </li>
        ))}
      </ul>
      {order.taxTotal > 0 ? (
        <div className={styles.total}>
          <span>{t('store.order.tax')}</span>
          <span>{formatMoney(order.taxTotal, order.currency)}</span>
        </div>
      ) : null}
      <div className={styles.total}>
        <span>{t('orders.detail.total')}</span>
        <span>{formatMoney(order.amount, order.currency)}</span>
      </div>
    </Card>
  );
}
