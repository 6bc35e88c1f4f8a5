import type { CustomerListItem } from '@app/contracts/customers';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import styles from './customers.module.css';
import { SegmentBadge } from './segment-badge';
import { useWhen } from './use-when';

export function CustomerCard({ customer }: { customer: CustomerListItem }) {
  const { t, formatMoney } = useI18n();
  const when = useWhen();
  const initial = customer.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Link to={`/customers/${customer.id}`} className={styles.card} data-testid="customer-card">
      <span className={styles.avatar} aria-hidden="true">
        {initial}
      </span>
      <span className={styles.body}>
        <span className={styles.line}>
          <span className={styles.name}>{customer.name}</span>
          <SegmentBadge segment={customer.segment} />
        </span>
        <span className={styles.line}>
          <span className={styles.meta}>
            {[
              customer.username ? `@${customer.username}` : null,
              t('customers.card.orders', { count: customer.orders }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <span className={styles.spent}>{formatMoney(customer.totalSpent, 'USD')}</span>
        </span>
        <span className={styles.meta}>
          {customer.lastOrderDate
            ? t('customers.card.lastOrder', { when: when(customer.lastOrderDate) })
            : t('customers.card.noOrders')}
          {customer.bot ? ` · @${customer.bot.username}` : ''}
        </span>
      </span>
    </Link>
  );
}

export function CustomerCardSkeleton() {
  return <div className={styles.skeleton} aria-hidden="true" />;
}
