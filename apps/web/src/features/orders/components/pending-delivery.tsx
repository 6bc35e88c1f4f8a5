import type { OrderPendingDelivery } from '@app/contracts/orders';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../i18n/i18n';
import { InfoList } from './info-list';
import styles from './order-detail.module.css';

/**
 * What the customer paid for and has not received yet because Telegram refused the message: the durable
 * delivery job's attempts, when it tries again and Telegram's last words (issue 26 D).
 */
export function PendingDelivery({ pending }: { pending: OrderPendingDelivery }) {
  const { t, formatDate } = useI18n();
  return (
    <Card
      className={styles.section}
      aria-labelledby="order-pending-delivery"
      data-testid="order-pending-delivery"
    >
      <h2 id="order-pending-delivery" className={styles.sectionTitle}>
        {t('orders.detail.pendingDelivery')}
      </h2>
      <p className={styles.muted}>{t('orders.detail.pendingDeliveryHint')}</p>
      <InfoList
        rows={[
          [
            t('orders.detail.deliveryAttempts'),
            t('orders.detail.deliveryAttemptsValue', { count: pending.attempts, max: pending.maxAttempts }),
          ],
          [
            t('orders.detail.nextAttempt'),
            pending.nextAttemptAt && Date.parse(pending.nextAttemptAt) > Date.now()
              ? formatDate(pending.nextAttemptAt, { timeStyle: 'short' })
              : t('orders.detail.nextAttemptNow'),
          ],
          ...(pending.lastError
            ? ([[t('orders.detail.lastError'), pending.lastError]] as [string, string][])
            : []),
        ]}
      />
    </Card>
  );
}
