import type { shared as en } from '../en/shared';
import type { AreaCatalogue } from '../messages';

/** shared: texts of other areas that the first load shows (see en/shared.ts). */
export const shared = {
  'developer.export.type.orders': 'Заказы',
  'developer.export.type.order_items': 'Позиции заказов',
  'developer.export.type.customers': 'Покупатели',
  'developer.export.type.products': 'Товары',
  'developer.export.type.categories': 'Категории',
  'developer.export.type.payments': 'Платежи и счета',
  'developer.export.type.activity': 'Журнал действий',
  'developer.export.type.analytics': 'Дневная аналитика',
  'orders.status.all': 'Все',
  'orders.status.pending': 'Ожидает',
  'orders.status.processing': 'В обработке',
  'orders.status.shipped': 'Отправлен',
  'orders.status.delivered': 'Доставлен',
  'orders.status.completed': 'Выполнен',
  'orders.status.scheduled': 'Запланирован',
  'orders.status.in_progress': 'Выполняется',
  'orders.status.cancelled': 'Отменён',
  'payments.demo.invoiceConfirm': 'Демо: оплатить этот счёт Telegram Stars?',
  'settings.payments.provider.stars': 'Telegram Stars',
  'settings.payments.provider.card': 'Оплата картой',
  'settings.payments.provider.wallet': 'Оплата кошельком',
  'settings.payments.provider.regional': 'Региональные платежи',
  'settings.payments.provider.crypto': 'Криптовалюта',
  'settings.payments.provider.cash_on_delivery': 'Оплата при получении',
  'staff.noAccess.title': 'Нет доступа',
  'staff.noAccess.message': 'У вас нет доступа к этому экрану',
  'staff.noAccess.hint': 'Попросите владельца магазина выдать нужное право.',
  'staff.noAccess.home': 'На главную',
  'staff.home.limited': 'Вот над чем вы можете работать сегодня',
  'staff.invite.accept.wrongAccount':
    'Это приглашение для другого аккаунта Telegram. Откройте его из аккаунта, которому оно отправлено.',
  'staff.invite.accept.expired': 'Срок действия ссылки-приглашения истёк. Попросите новую.',
  'staff.invite.accept.invalid': 'Ссылка-приглашение недействительна или уже использована.',
} satisfies AreaCatalogue<typeof en>;
