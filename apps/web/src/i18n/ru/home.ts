import type { home as en } from '../en/home';
import type { AreaCatalogue } from '../messages';

export const home = {
  'home.greeting': 'Привет, {name} 👋',
  'home.greetingAnonymous': 'Привет 👋',
  'home.subtitle.performing': 'Сегодня ваш магазин работает отлично',
  'home.subtitle.ready': 'Готовы начать продавать сегодня?',
  'home.error.load': 'Не удалось загрузить данные панели',
  'home.stats.label': 'Статистика магазина',
  'home.stats.loading': 'Загрузка статистики',
  'home.stats.totalRevenue': 'Общая выручка',
  'home.stats.activeBots': 'Активные боты',
  'home.stats.totalOrders': 'Всего заказов',
  'home.stats.vsLast30Days': 'к прошлым 30 дням',
  'home.stats.ofTotal': 'из {count}',
  'home.stats.cardLabel': '{label}: {value}',
} satisfies AreaCatalogue<typeof en>;
