import type { shared as en } from '../en/shared';
import type { AreaCatalogue } from '../messages';

/** shared: texts of other areas that the first load shows (see en/shared.ts). */
export const shared = {
  'developer.export.type.orders': 'Commandes',
  'developer.export.type.order_items': 'Articles de commande',
  'developer.export.type.customers': 'Clients',
  'developer.export.type.products': 'Produits',
  'developer.export.type.categories': 'Catégories',
  'developer.export.type.payments': 'Paiements et factures',
  'developer.export.type.activity': "Journal d'activité",
  'developer.export.type.analytics': 'Chiffres quotidiens',
  'orders.status.all': 'Toutes',
  'orders.status.pending': 'En attente',
  'orders.status.processing': 'En préparation',
  'orders.status.shipped': 'Expédiée',
  'orders.status.delivered': 'Livrée',
  'orders.status.completed': 'Terminée',
  'orders.status.scheduled': 'Planifiée',
  'orders.status.in_progress': 'En cours',
  'orders.status.cancelled': 'Annulée',
  'payments.demo.invoiceConfirm': 'Démo : payer cette facture avec Telegram Stars ?',
  'settings.payments.provider.stars': 'Telegram Stars',
  'settings.payments.provider.card': 'Paiements par carte',
  'settings.payments.provider.wallet': 'Paiements par portefeuille',
  'settings.payments.provider.regional': 'Paiements régionaux',
  'settings.payments.provider.crypto': 'Crypto',
  'settings.payments.provider.cash_on_delivery': 'Paiement à la livraison',
  'staff.noAccess.title': 'Accès refusé',
  'staff.noAccess.message': "Vous n'avez pas accès à cet écran",
  'staff.noAccess.hint': 'Demandez au propriétaire de la boutique la permission nécessaire.',
  'staff.noAccess.home': "Aller à l'accueil",
  'staff.home.limited': "Voici ce sur quoi vous pouvez travailler aujourd'hui",
  'staff.invite.accept.wrongAccount':
    'Cette invitation est destinée à un autre compte Telegram. Ouvrez-la depuis le compte auquel elle a été envoyée.',
  'staff.invite.accept.expired': "Ce lien d'invitation a expiré. Demandez-en un nouveau.",
  'staff.invite.accept.invalid': "Ce lien d'invitation n'est pas valide ou a déjà été utilisé.",
} satisfies AreaCatalogue<typeof en>;
