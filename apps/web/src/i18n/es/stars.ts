import type { stars as en } from '../en/stars';
import type { AreaCatalogue } from '../messages';

export const stars = {
  'stars.title': 'Telegram Stars',
  'stars.note': 'Las Stars que pagan tus clientes llegan a tu bot. Cada transacción se vincula a su pedido.',
  'stars.loading': 'Cargando Stars',
  'stars.loadError': 'No se pudieron cargar las Stars',
  'stars.refresh': 'Actualizar desde Telegram',
  'stars.refreshFailed': 'No se pudo contactar con Telegram. Inténtalo de nuevo.',
  'stars.balance': 'Saldo',
  'stars.syncedAt': 'Actualizado {date}',
  'stars.neverSynced': 'Aún no se ha consultado en Telegram',
  'stars.unmatched': {
    one: '{count} transacción no coincide con ningún pedido',
    other: '{count} transacciones no coinciden con ningún pedido',
  },
  'stars.transactions': 'Transacciones',
  'stars.empty': 'Aún no hay transacciones de Stars',
  'stars.payment': 'Pago',
  'stars.refund': 'Reembolso',
  'stars.withdrawal': 'Retiro',
  'stars.order': 'Pedido #{number}',
  'stars.match.paid': 'Pagado',
  'stars.match.refunded': 'Reembolsado',
  'stars.match.unmatched': 'Sin coincidencia',
  'stars.match.other': 'Otro',
  'stars.reason.noOrder': 'Ningún pedido de este bot coincide con este pago.',
  'stars.reason.orderNotPaid': 'El pedido indicado no consta como pagado.',
  'stars.reason.chargeback': 'Stars devueltas al comprador sin que las reembolsáramos (un contracargo).',
} satisfies AreaCatalogue<typeof en>;
