/** storeSettings: English. The back-office screens of the store's policies and FAQs (Settings → Policies, FAQs). */
export const storeSettings = {
  'store.scope.label': 'Applies to',
  'store.scope.allBots': 'All bots',
  'store.policies.botHint':
    "This bot's shop answers its own version of a policy; where it is empty, the All bots version.",
  'store.faqs.botHint': "With FAQs of its own, this bot's shop lists them; without, the All bots FAQs.",
  'store.policies.title': 'Policies',
  'store.policies.hint':
    'Your customers read these in the shop: /terms and /privacy answer the terms and privacy policy, the refund policy comes with every order and the shipping policy with every order that ships; all are under /info and in the Mini App.',
  'store.policies.tooLong': 'A policy holds up to 5000 characters.',
  'store.faqs.title': 'FAQs',
  'store.faqs.none': 'No FAQs yet.',
  'store.faqs.new': 'New FAQ',
  'store.faqs.question': 'Question',
  'store.faqs.answer': 'Answer',
  'store.faqs.add': 'Add FAQ',
  'store.faqs.remove': 'Delete',
  'store.faqs.removeConfirm': 'Delete this FAQ?',
  'store.faqs.questionRequired': 'Please write the question.',
  'store.faqs.answerRequired': 'Please write the answer.',
  'store.loadFailed': 'Could not load. Please try again.',
  'store.hub.policiesHint': 'Terms, privacy, refunds, shipping',
  'store.hub.faqsHint': 'Questions your customers ask',
};
