import type { storeSettings as en } from '../en/store-settings';
import type { AreaCatalogue } from '../messages';

/** storeSettings: the back-office screens of the store's policies and FAQs (see en/store-settings.ts). */
export const storeSettings = {
  'store.scope.label': 'S’applique à',
  'store.scope.allBots': 'Tous les bots',
  'store.policies.botHint':
    'La boutique de ce bot répond avec sa propre version de chaque politique ; si elle est vide, avec celle de Tous les bots.',
  'store.faqs.botHint':
    'Avec ses propres FAQ, la boutique de ce bot les affiche ; sinon, les FAQ de Tous les bots.',
  'store.policies.title': 'Politiques',
  'store.policies.hint':
    'Vos clients les lisent dans la boutique : /terms et /privacy répondent avec les conditions et la politique de confidentialité, la politique de remboursement accompagne chaque commande et celle de livraison chaque commande expédiée ; toutes sont sous /info et dans la Mini App.',
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
} satisfies AreaCatalogue<typeof en>;
