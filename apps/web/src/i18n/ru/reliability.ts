import type { reliability as en } from '../en/reliability';
import type { AreaCatalogue } from '../messages';

/** reliability: a rail that is off, a delivery still being retried (see en/reliability.ts). */
export const reliability = {
  'payments.error.ltcUnavailable': 'Оплата в Litecoin сейчас недоступна.',
  'activity.order.delivery_delayed.title': 'Доставка по заказу #{orderNumber} задерживается',
  'activity.order.delivery_delayed.description':
    'Telegram не принял сообщение покупателю; оно отправляется повторно в течение двух часов.',
  'activity.order.delivery_failed.title': 'Доставка по заказу #{orderNumber} не удалась',
  'activity.order.delivery_failed.description':
    'Оплаченное покупателем не удалось отправить через Telegram. Отправьте это сами.',
} satisfies AreaCatalogue<typeof en>;
