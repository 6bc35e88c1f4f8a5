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
  'home.subscriptions.title': 'Обзор подписок',
  'home.subscriptions.bots': {
    one: '{count} бот',
    few: '{count} бота',
    many: '{count} ботов',
    other: '{count} бота',
  },
  'home.subscriptions.monthlyCost': '{amount}/мес.',
  'home.subscriptions.item': '{amount}/мес. · комиссия {fee}%',
  'home.subscriptions.manage': 'Управлять подписками',
  'home.subscriptions.none': 'Без активной подписки ваши боты не будут работать...',
  'home.subscriptions.viewPlans': 'Посмотреть тарифы',
} satisfies AreaCatalogue<typeof en>;
