import type { OrderDetail } from '@app/contracts/orders';
import { isRefundable } from '@app/contracts/shop-payments';
import { useI18n } from '../../../i18n/i18n';
import { haptics, showAlert, showConfirm } from '../../../lib/telegram/bridge';
import { useRefundOrder } from '../api/refund-order';

/**
 * The Refund action of a paid order: confirmed in a Telegram popup (it cancels the order and, for Telegram
 * Stars, returns them at once), with a haptic on success and the reason in an alert on failure.
 */
export function useRefundAction(
  order: Pick<OrderDetail, 'id' | 'number' | 'paymentStatus' | 'amount' | 'currency'>,
) {
  const { t, formatMoney } = useI18n();
  const mutation = useRefundOrder();

  const refund = async () => {
    const confirmed = await showConfirm(
      t('orders.refund.confirm', {
        number: String(order.number),
        amount: formatMoney(order.amount, order.currency),
      }),
      t('orders.refund.confirmButton'),
      { destructive: true },
    );
    if (!confirmed) return false;
    try {
      await mutation.mutateAsync(order.id);
      haptics.success();
      return true;
    } catch {
      haptics.error();
      await showAlert(t('orders.refund.failed'));
      return false;
    }
  };

  return { canRefund: isRefundable(order.paymentStatus), pending: mutation.isPending, refund };
}
