import type { OrderListItem } from '@app/contracts/orders';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { STATUS_KEYS, TYPE_KEYS, typeIcon } from '../lib/labels';
import styles from './order-card.module.css';
import { StatusBadge } from './status-badge';
import { useStatusAction } from './use-status-action';

export function OrderCard({ order }: { order: OrderListItem }) {
  const { t, formatMoney, formatDate } = useI18n();
  const action = useStatusAction(order);
  return (
    <article
      className={styles.card}
      aria-label={t('orders.card.number', { number: String(order.number) })}
      data-testid="order-card"
    >
      <Link
        to={`/orders/${order.id}`}
        className={styles.main}
        aria-label={t('orders.card.open', { number: String(order.number) })}
      >
        <div className={styles.head}>
          <span className={styles.number}>{t('orders.card.number', { number: String(order.number) })}</span>
          <StatusBadge status={order.status} />
        </div>
        <div className={styles.row}>
          <span className={styles.customer}>
            {order.customer.name}
            {order.customer.username ? (
              <span className={styles.hint}> @{order.customer.username}</span>
            ) : null}
          </span>
          <span className={styles.amount}>{formatMoney(order.amount, order.currency)}</span>
        </div>
        <div className={styles.meta}>
          <span>
            <span aria-hidden="true">{typeIcon(order.productType)} </span>
            {t(TYPE_KEYS[order.productType])} · {t('orders.card.items', { count: order.items })}
          </span>
          <span>@{order.bot.username}</span>
          <time dateTime={order.createdAt}>
            {formatDate(order.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </div>
      </Link>
      {action.next ? (
        <Button
          variant="secondary"
          fullWidth
          className={styles.update}
          disabled={action.pending}
          onClick={() => void action.advance()}
          aria-label={`${t('orders.card.updateStatus')}: ${t('orders.card.nextStatus', { status: t(STATUS_KEYS[action.next]) })}`}
        >
          {t('orders.card.updateStatus')}
          <span className={styles.next}>→ {t(STATUS_KEYS[action.next])}</span>
        </Button>
      ) : null}
    </article>
  );
}

export function OrderCardSkeleton() {
  return <div className={styles.skeleton} aria-hidden="true" />;
}
