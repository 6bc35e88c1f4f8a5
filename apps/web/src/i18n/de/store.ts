import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ Empfohlen',
  'store.shop.warrantyFor': '🛡 Garantie: {period}',
  'store.shop.warrantyIncluded': '🛡 Mit Garantie',
  'store.shop.returns': '↩️ Rückgabe: {policy}',
  'store.scope.label': 'Gilt für',
  'store.scope.allBots': 'Alle Bots',
  'store.policies.botHint':
    'Der Shop dieses Bots antwortet mit seiner eigenen Fassung einer Richtlinie; ist sie leer, mit der Fassung für Alle Bots.',
  'store.faqs.botHint':
    'Mit eigenen FAQs zeigt der Shop dieses Bots diese; ohne eigene die FAQs für Alle Bots.',
  'store.policies.title': 'Richtlinien',
  'store.policies.hint':
    'Deine Kunden lesen sie im Shop: /terms und /privacy zeigen AGB und Datenschutzerklärung, die Rückerstattungsrichtlinie kommt mit jeder Bestellung, die Versandrichtlinie mit jeder Bestellung, die versendet wird; alle stehen unter /info und in der Mini App.',
  'store.policies.terms': 'Nutzungsbedingungen',
  'store.policies.privacy': 'Datenschutzerklärung',
  'store.policies.refunds': 'Rückerstattungsrichtlinie',
  'store.policies.shipping': 'Versandrichtlinie',
  'store.policies.tooLong': 'Eine Richtlinie hat höchstens 5000 Zeichen.',
  'store.faqs.title': 'FAQ',
  'store.faqs.none': 'Noch keine FAQ.',
  'store.faqs.new': 'Neue Frage',
  'store.faqs.question': 'Frage',
  'store.faqs.answer': 'Antwort',
  'store.faqs.add': 'Frage hinzufügen',
  'store.faqs.remove': 'Löschen',
  'store.faqs.removeConfirm': 'Diese Frage löschen?',
  'store.faqs.questionRequired': 'Bitte schreibe die Frage.',
  'store.faqs.answerRequired': 'Bitte schreibe die Antwort.',
  'store.loadFailed': 'Laden fehlgeschlagen. Bitte erneut versuchen.',
  'store.hub.policiesHint': 'AGB, Datenschutz, Rückerstattung, Versand',
  'store.hub.faqsHint': 'Was deine Kunden fragen',
  'store.shop.faqs': 'FAQ',
  'store.shop.about': 'Über uns',
  'store.shop.email': 'E-Mail',
  'store.shop.phone': 'Telefon',
  'store.shop.website': 'Website',
  'store.shop.address': 'Adresse',
  'store.shop.hours': 'Öffnungszeiten',
  'store.order.tax': 'Steuer',
  'store.order.taxAdded': '{rate} % Steuer zuzüglich: {amount}',
  'store.order.taxIncluded': '{rate} % Steuer enthalten: {amount}',
} satisfies AreaCatalogue<typeof en>;
