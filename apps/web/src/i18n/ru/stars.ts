import type { stars as en } from '../en/stars';
import type { AreaCatalogue } from '../messages';

export const stars = {
  'stars.title': 'Telegram Stars',
  'stars.note':
    'Stars, которые платят ваши покупатели, поступают на вашего бота. Каждая транзакция сверяется с заказом.',
  'stars.loading': 'Загрузка Stars',
  'stars.loadError': 'Не удалось загрузить Stars',
  'stars.refresh': 'Обновить из Telegram',
  'stars.refreshFailed': 'Не удалось связаться с Telegram. Попробуйте ещё раз.',
  'stars.balance': 'Баланс',
  'stars.syncedAt': 'Обновлено {date}',
  'stars.neverSynced': 'Ещё не загружено из Telegram',
  'stars.unmatched': {
    one: '{count} транзакция не совпадает ни с одним заказом',
    few: '{count} транзакции не совпадают ни с одним заказом',
    many: '{count} транзакций не совпадают ни с одним заказом',
    other: '{count} транзакции не совпадают ни с одним заказом',
  },
  'stars.transactions': 'Транзакции',
  'stars.empty': 'Транзакций в Stars пока нет',
  'stars.payment': 'Оплата',
  'stars.refund': 'Возврат',
  'stars.withdrawal': 'Вывод',
  'stars.order': 'Заказ №{number}',
  'stars.match.paid': 'Оплачен',
  'stars.match.refunded': 'Возвращён',
  'stars.match.unmatched': 'Не сверено',
  'stars.match.other': 'Другое',
  'stars.reason.noOrder': 'Ни один заказ этого бота не соответствует этому платежу.',
  'stars.reason.orderNotPaid': 'Указанный заказ не отмечен как оплаченный.',
  'stars.reason.chargeback': 'Stars вернулись покупателю, хотя мы не делали возврат (чарджбэк).',
} satisfies AreaCatalogue<typeof en>;
