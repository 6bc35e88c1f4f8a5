import type { reliability as en } from '../en/reliability';
import type { AreaCatalogue } from '../messages';

/** reliability: a rail that is off, a delivery still being retried (see en/reliability.ts). */
export const reliability = {
  'payments.error.ltcUnavailable': 'Les paiements en Litecoin ne sont pas disponibles pour le moment.',
  'activity.order.delivery_delayed.title': 'Livraison retardée pour la commande #{orderNumber}',
  'activity.order.delivery_delayed.description':
    'Telegram n’a pas accepté le message au client ; il est renvoyé pendant deux heures au plus.',
  'activity.order.delivery_failed.title': 'Échec de livraison pour la commande #{orderNumber}',
  'activity.order.delivery_failed.description':
    'Ce que le client a payé n’a pas pu être envoyé par Telegram. Envoyez-le-lui vous-même.',
} satisfies AreaCatalogue<typeof en>;
