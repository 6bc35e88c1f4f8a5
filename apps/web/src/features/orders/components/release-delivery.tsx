import type { OrderDetail } from '@app/contracts/orders';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showAlert, showConfirm } from '../../../lib/telegram/bridge';
import { useReleaseOrder } from '../api/release-order';
import styles from './order-detail.module.css';

/**
 * A paid digital order whose products do not deliver automatically holds its codes or files: the vendor's
 * Release (confirmed in a Telegram popup) sends them to the buyer.
 */
export function ReleaseDelivery({ order }: { order: Pick<OrderDetail, 'id' | 'number'> }) {
  const { t } = useI18n();
  const mutation = useReleaseOrder();

  const release = async () => {
    const confirmed = await showConfirm(
      t('orders.release.confirm', { number: String(order.number) }),
      t('orders.release.button'),
    );
    if (!confirmed) return;
    try {
      await mutation.mutateAsync(order.id);
      haptics.success();
    } catch {
      haptics.error();
      await showAlert(t('orders.release.failed'));
    }
  };

  return (
    <div className={styles.held} data-testid="order-held">
      <p className={styles.muted}>{t('orders.detail.held')}</p>
      <Button variant="secondary" onClick={() => void release()} disabled={mutation.isPending}>
        {t('orders.release.button')}
      </Button>
    </div>
  );
}
