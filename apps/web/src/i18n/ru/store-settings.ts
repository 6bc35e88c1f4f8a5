import type { storeSettings as en } from '../en/store-settings';
import type { AreaCatalogue } from '../messages';

/** storeSettings: the back-office screens of the store's policies and FAQs (see en/store-settings.ts). */
export const storeSettings = {
  'store.scope.label': 'Применяется к',
  'store.scope.allBots': 'Все боты',
  'store.policies.botHint':
    'Магазин этого бота отвечает своей версией правила; если она пуста — версией для всех ботов.',
  'store.faqs.botHint':
    'Если у бота есть свои вопросы и ответы, его магазин показывает их; если нет — общие для всех ботов.',
  'store.policies.title': 'Правила',
  'store.policies.hint':
    'Покупатели читают их в магазине: /terms и /privacy показывают условия и политику конфиденциальности, условия возврата приходят с каждым заказом, условия доставки — с каждым заказом с доставкой; все они есть в /info и в Mini App.',
  'store.policies.tooLong': 'В правилах не больше 5000 символов.',
  'store.faqs.title': 'Частые вопросы',
  'store.faqs.none': 'Частых вопросов пока нет.',
  'store.faqs.new': 'Новый вопрос',
  'store.faqs.question': 'Вопрос',
  'store.faqs.answer': 'Ответ',
  'store.faqs.add': 'Добавить вопрос',
  'store.faqs.remove': 'Удалить',
  'store.faqs.removeConfirm': 'Удалить этот вопрос?',
  'store.faqs.questionRequired': 'Напишите вопрос.',
  'store.faqs.answerRequired': 'Напишите ответ.',
  'store.loadFailed': 'Не удалось загрузить. Попробуйте ещё раз.',
  'store.hub.policiesHint': 'Условия, конфиденциальность, возврат, доставка',
  'store.hub.faqsHint': 'Что спрашивают покупатели',
} satisfies AreaCatalogue<typeof en>;
