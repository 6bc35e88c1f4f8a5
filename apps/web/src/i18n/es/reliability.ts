import type { reliability as en } from '../en/reliability';
import type { AreaCatalogue } from '../messages';

/** reliability: a rail that is off, a delivery still being retried (see en/reliability.ts). */
export const reliability = {
  'payments.error.ltcUnavailable': 'Los pagos con Litecoin no están disponibles en este momento.',
  'activity.order.delivery_delayed.title': 'Entrega retrasada en el pedido #{orderNumber}',
  'activity.order.delivery_delayed.description':
    'Telegram no aceptó el mensaje al cliente; se vuelve a enviar durante un máximo de dos horas.',
  'activity.order.delivery_failed.title': 'Entrega fallida en el pedido #{orderNumber}',
  'activity.order.delivery_failed.description':
    'Lo que pagó el cliente no se pudo enviar por Telegram. Envíeselo usted mismo.',
} satisfies AreaCatalogue<typeof en>;
