import type { OrderActor, OrderDetail, OrderTimelineEntry } from '@app/contracts/orders';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { getRole } from '../../../lib/session';
import { actorKey, PAYMENT_KEYS, STATUS_KEYS } from '../lib/labels';
import styles from './order-detail.module.css';

const PAYMENT_EVENT_KEYS: Partial<Record<string, MessageKey>> = {
  'payment.received': 'orders.payment.paid',
  'payment.failed': 'orders.payment.failed',
  'refund.created': 'orders.payment.refunded',
};

/** Every change of the order, oldest first, with who made it and when (from the order's events). */
export function TimelineTab({ order }: { order: OrderDetail }) {
  const { t, formatDate } = useI18n();
  const actorName = (actor: OrderActor) => {
    const key = actorKey(actor, getRole() === 'VENDOR');
    return key ? t(key) : (actor.name ?? '');
  };
  const title = (entry: OrderTimelineEntry) => {
    if (entry.kind === 'created') return t('orders.timeline.placed');
    if (entry.kind === 'note') return t('orders.timeline.note');
    // What this payment event did, not where the payment stands now (a paid order later refunded).
    if (entry.kind === 'payment')
      return t(PAYMENT_EVENT_KEYS[entry.event] ?? PAYMENT_KEYS[order.paymentStatus]);
    if (entry.status) return t('orders.timeline.status', { status: t(STATUS_KEYS[entry.status]) });
    if (entry.paymentMethod === 'cash_on_delivery') return t('orders.timeline.cashOnDelivery');
    if (entry.shippingMethod) return t('orders.timeline.shipping', { method: entry.shippingMethod });
    return t('orders.timeline.updated');
  };
  return (
    <Card className={styles.section}>
      <ol className={styles.timeline} data-testid="order-timeline">
        {order.timeline.map((entry) => (
          <li key={entry.id} className={styles.event}>
            <span className={styles.eventTitle}>{title(entry)}</span>
            <span className={styles.eventMeta}>
              <time dateTime={entry.timestamp}>
                {formatDate(entry.timestamp, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>{' '}
              · {t('orders.timeline.by', { actor: actorName(entry.actor) })}
            </span>
            {entry.trackingNumber ? (
              <span className={styles.eventMeta}>
                {t('orders.timeline.tracking', { tracking: entry.trackingNumber })}
              </span>
            ) : null}
            {entry.note ? <span className={styles.eventMeta}>{entry.note}</span> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
