import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ En vedette',
  'store.shop.warrantyFor': '🛡 Garantie : {period}',
  'store.shop.warrantyIncluded': '🛡 Garantie incluse',
  'store.shop.returns': '↩️ Retours : {policy}',
  'store.scope.label': 'S’applique à',
  'store.scope.allBots': 'Tous les bots',
  'store.policies.botHint':
    'La boutique de ce bot répond avec sa propre version de chaque politique ; si elle est vide, avec celle de Tous les bots.',
  'store.faqs.botHint':
    'Avec ses propres FAQ, la boutique de ce bot les affiche ; sinon, les FAQ de Tous les bots.',
  'store.policies.title': 'Politiques',
  'store.policies.hint':
    'Vos clients les lisent dans la boutique : /terms et /privacy répondent avec les conditions et la politique de confidentialité, la politique de remboursement accompagne chaque commande et celle de livraison chaque commande expédiée ; toutes sont sous /info et dans la Mini App.',
  'store.policies.terms': 'Conditions d’utilisation',
  'store.policies.privacy': 'Politique de confidentialité',
  'store.policies.refunds': 'Politique de remboursement',
  'store.policies.shipping': 'Politique de livraison',
  'store.policies.tooLong': 'Une politique contient au plus 5000 caractères.',
  'store.faqs.title': 'FAQ',
  'store.faqs.none': 'Pas encore de FAQ.',
  'store.faqs.new': 'Nouvelle question',
  'store.faqs.question': 'Question',
  'store.faqs.answer': 'Réponse',
  'store.faqs.add': 'Ajouter la question',
  'store.faqs.remove': 'Supprimer',
  'store.faqs.removeConfirm': 'Supprimer cette question ?',
  'store.faqs.questionRequired': 'Veuillez écrire la question.',
  'store.faqs.answerRequired': 'Veuillez écrire la réponse.',
  'store.loadFailed': 'Chargement impossible. Réessayez.',
  'store.hub.policiesHint': 'Conditions, confidentialité, remboursements, livraison',
  'store.hub.faqsHint': 'Les questions de vos clients',
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
} satisfies AreaCatalogue<typeof en>;
