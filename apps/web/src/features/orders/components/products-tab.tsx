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
            </span>
            <span>{formatMoney(product.total, order.currency)}</span>
          </li>
        ))}
      </ul>
      <div className={styles.total}>
        <span>{t('orders.detail.total')}</span>
        <span>{formatMoney(order.amount, order.currency)}</span>
      </div>
    </Card>
  );
}
