import type { storeSettings as en } from '../en/store-settings';
import type { AreaCatalogue } from '../messages';

/** storeSettings: the back-office screens of the store's policies and FAQs (see en/store-settings.ts). */
export const storeSettings = {
  'store.scope.label': 'Gilt für',
  'store.scope.allBots': 'Alle Bots',
  'store.policies.botHint':
    'Der Shop dieses Bots antwortet mit seiner eigenen Fassung einer Richtlinie; ist sie leer, mit der Fassung für Alle Bots.',
  'store.faqs.botHint':
    'Mit eigenen FAQs zeigt der Shop dieses Bots diese; ohne eigene die FAQs für Alle Bots.',
  'store.policies.title': 'Richtlinien',
  'store.policies.hint':
    'Deine Kunden lesen sie im Shop: /terms und /privacy zeigen AGB und Datenschutzerklärung, die Rückerstattungsrichtlinie kommt mit jeder Bestellung, die Versandrichtlinie mit jeder Bestellung, die versendet wird; alle stehen unter /info und in der Mini App.',
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
} satisfies AreaCatalogue<typeof en>;
