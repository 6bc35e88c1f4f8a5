import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ Рекомендуем',
  'store.shop.warrantyFor': '🛡 Гарантия: {period}',
  'store.shop.warrantyIncluded': '🛡 С гарантией',
  'store.shop.returns': '↩️ Возврат: {policy}',
  'store.scope.label': 'Применяется к',
  'store.scope.allBots': 'Все боты',
  'store.policies.botHint':
    'Магазин этого бота отвечает своей версией правила; если она пуста — версией для всех ботов.',
  'store.faqs.botHint':
    'Если у бота есть свои вопросы и ответы, его магазин показывает их; если нет — общие для всех ботов.',
  'store.policies.title': 'Правила',
  'store.policies.hint':
    'Покупатели читают их в магазине: /terms и /privacy показывают условия и политику конфиденциальности, условия возврата приходят с каждым заказом, условия доставки — с каждым заказом с доставкой; все они есть в /info и в Mini App.',
  'store.policies.terms': 'Условия обслуживания',
  'store.policies.privacy': 'Политика конфиденциальности',
  'store.policies.refunds': 'Условия возврата',
  'store.policies.shipping': 'Условия доставки',
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
  'store.shop.faqs': 'Частые вопросы',
  'store.shop.about': 'О магазине',
  'store.shop.email': 'E-mail',
  'store.shop.phone': 'Телефон',
  'store.shop.website': 'Сайт',
  'store.shop.address': 'Адрес',
  'store.shop.hours': 'Часы работы',
  'store.order.tax': 'Налог',
  'store.order.taxAdded': 'Налог {rate}% сверху: {amount}',
  'store.order.taxIncluded': 'Налог {rate}% включён: {amount}',
} satisfies AreaCatalogue<typeof en>;
