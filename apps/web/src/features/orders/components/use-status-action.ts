import type { OrderStatus } from '@app/contracts/catalogue';
import { nextForwardStatus, type OrderListItem } from '@app/contracts/orders';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { isApiError } from '../../../lib/api-client';
import { haptics, showConfirm } from '../../../lib/telegram/bridge';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { STATUS_KEYS } from '../lib/labels';

type Movable = Pick<OrderListItem, 'id' | 'number' | 'status' | 'productType' | 'allowedStatuses'>;

/**
 * The Update Status action of an order: the next status its state machine allows (ARCHITECTURE.md "Order
 * statuses"; the server's allowed moves when it sent them), confirmed in a Telegram popup, with a haptic on
 * success and on failure (spec part 1 §8: a failed update gives an error haptic only).
 */
export function useStatusAction(order: Movable) {
  const { t } = useI18n();
  const mutation = useUpdateOrderStatus();
  const navigate = useNavigate();
  const next: OrderStatus | null =
    order.allowedStatuses.find((s) => s !== 'cancelled') ??
    nextForwardStatus(order.productType, order.status);
  const canCancel = order.allowedStatuses.includes('cancelled');

  const move = async (to: OrderStatus, extra: { trackingNumber?: string } = {}) => {
    const confirmed =
      to === 'cancelled'
        ? await showConfirm(
            t('orders.cancel.confirm', { number: String(order.number) }),
            t('orders.cancel.confirmButton'),
            {
              destructive: true,
            },
          )
        : await showConfirm(
            t('orders.update.confirm', {
              number: String(order.number),
              from: t(STATUS_KEYS[order.status]),
              to: t(STATUS_KEYS[to]),
            }),
            t('orders.update.confirmButton'),
          );
    if (!confirmed) return false;
    try {
      await mutation.mutateAsync({ orderId: order.id, body: { status: to, ...extra } });
      haptics.success();
      return true;
    } catch (error) {
      haptics.error();
      // The bot's shipping asks for a tracking number: the order's screen has the field for it.
      if (isApiError(error) && error.code === 'TRACKING_NUMBER_REQUIRED')
        void navigate(`/orders/${order.id}`);
      return false;
    }
  };

  return {
    next,
    canCancel,
    pending: mutation.isPending,
    advance: (extra?: { trackingNumber?: string }) => (next ? move(next, extra) : Promise.resolve(false)),
    cancel: () => move('cancelled'),
  };
}
