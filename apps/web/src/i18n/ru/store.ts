import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ Рекомендуем',
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
  'store.policies.terms': 'Условия обслуживания',
  'store.policies.privacy': 'Политика конфиденциальности',
  'store.policies.refunds': 'Условия возврата',
  'store.policies.shipping': 'Условия доставки',
} satisfies AreaCatalogue<typeof en>;
