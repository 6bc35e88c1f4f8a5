import type { stars as en } from '../en/stars';
import type { AreaCatalogue } from '../messages';

export const stars = {
  'stars.title': 'Telegram Stars',
  'stars.note':
    'Les Stars payées par vos clients arrivent sur votre bot. Chaque transaction est rapprochée de sa commande.',
  'stars.loading': 'Chargement des Stars',
  'stars.loadError': 'Impossible de charger les Stars',
  'stars.refresh': 'Actualiser depuis Telegram',
  'stars.refreshFailed': 'Impossible de joindre Telegram. Veuillez réessayer.',
  'stars.balance': 'Solde',
  'stars.syncedAt': 'Mis à jour {date}',
  'stars.neverSynced': 'Pas encore récupéré depuis Telegram',
  'stars.unmatched': {
    one: '{count} transaction ne correspond à aucune commande',
    other: '{count} transactions ne correspondent à aucune commande',
  },
  'stars.transactions': 'Transactions',
  'stars.empty': 'Aucune transaction en Stars pour le moment',
  'stars.payment': 'Paiement',
  'stars.refund': 'Remboursement',
  'stars.withdrawal': 'Retrait',
  'stars.order': 'Commande n° {number}',
  'stars.match.paid': 'Payée',
  'stars.match.refunded': 'Remboursée',
  'stars.match.unmatched': 'Non rapprochée',
  'stars.match.other': 'Autre',
  'stars.reason.noOrder': 'Aucune commande de ce bot ne correspond à ce paiement.',
  'stars.reason.orderNotPaid': "La commande indiquée n'est pas enregistrée comme payée.",
  'stars.reason.chargeback':
    "Stars rendues à l'acheteur sans remboursement de notre part (une rétrofacturation).",
} satisfies AreaCatalogue<typeof en>;
