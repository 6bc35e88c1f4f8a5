import type { myAlerts as en } from '../en/my-alerts';
import type { AreaCatalogue } from '../messages';

/** myAlerts: a staff member's own alerts (see en/my-alerts.ts). */
export const myAlerts = {
  'myAlerts.title': 'Мои уведомления',
  'myAlerts.hint':
    'То, что бот платформы сообщает вам как участнику этой команды. Выключите тип, чтобы отключить его только для себя; остальные участники команды продолжат их получать.',
  'myAlerts.kind.orders': 'Новые оплаченные заказы',
  'myAlerts.kind.stock': 'Низкий остаток и распроданные товары',
  'myAlerts.kind.support': 'Сообщения, отмеченные для проверки',
  'myAlerts.kind.plan': 'Лимиты тарифа и продления',
  'myAlerts.none': 'С вашими правами уведомления не приходят.',
  'myAlerts.loadError': 'Не удалось загрузить ваши уведомления',
  'myAlerts.saveFailed': 'Ваши уведомления не сохранены. Попробуйте ещё раз.',
} satisfies AreaCatalogue<typeof en>;
