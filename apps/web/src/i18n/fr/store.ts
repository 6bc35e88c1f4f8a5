import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ En vedette',
  'store.shop.faqs': 'FAQ',
  'store.shop.about': 'À propos',
  'store.shop.email': 'E-mail',
  'store.shop.phone': 'Téléphone',
  'store.shop.website': 'Site web',
  'store.shop.address': 'Adresse',
  'store.shop.hours': 'Horaires',
  'store.order.tax': 'Taxes',
  'store.order.taxAdded': 'Taxe de {rate} % ajoutée : {amount}',
  'store.order.taxIncluded': 'Taxe de {rate} % incluse : {amount}',
  'store.policies.terms': 'Conditions d’utilisation',
  'store.policies.privacy': 'Politique de confidentialité',
  'store.policies.refunds': 'Politique de remboursement',
  'store.policies.shipping': 'Politique de livraison',
} satisfies AreaCatalogue<typeof en>;
