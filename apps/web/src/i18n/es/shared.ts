import type { shared as en } from '../en/shared';
import type { AreaCatalogue } from '../messages';

/** shared: texts of other areas that the first load shows (see en/shared.ts). */
export const shared = {
  'developer.export.type.orders': 'Pedidos',
  'developer.export.type.order_items': 'Artículos de pedidos',
  'developer.export.type.customers': 'Clientes',
  'developer.export.type.products': 'Productos',
  'developer.export.type.categories': 'Categorías',
  'developer.export.type.payments': 'Pagos y facturas',
  'developer.export.type.activity': 'Registro de actividad',
  'developer.export.type.analytics': 'Cifras diarias de analítica',
  'orders.status.all': 'Todos',
  'orders.status.pending': 'Pendiente',
  'orders.status.processing': 'En proceso',
  'orders.status.shipped': 'Enviado',
  'orders.status.delivered': 'Entregado',
  'orders.status.completed': 'Completado',
  'orders.status.scheduled': 'Programado',
  'orders.status.in_progress': 'En curso',
  'orders.status.cancelled': 'Cancelado',
  'payments.demo.invoiceConfirm': 'Demo: ¿pagar esta factura con Telegram Stars?',
  'settings.payments.provider.stars': 'Telegram Stars',
  'settings.payments.provider.card': 'Pagos con tarjeta',
  'settings.payments.provider.wallet': 'Pagos con monedero',
  'settings.payments.provider.regional': 'Pagos regionales',
  'settings.payments.provider.crypto': 'Cripto',
  'settings.payments.provider.cash_on_delivery': 'Contra reembolso',
  'staff.noAccess.title': 'Sin acceso',
  'staff.noAccess.message': 'No tienes acceso a esta pantalla',
  'staff.noAccess.hint': 'Pide al dueño de la tienda el permiso que necesita.',
  'staff.noAccess.home': 'Ir al inicio',
  'staff.home.limited': 'Esto es en lo que puedes trabajar hoy',
  'staff.invite.accept.wrongAccount':
    'Esta invitación es para otra cuenta de Telegram. Ábrela desde la cuenta a la que se envió.',
  'staff.invite.accept.expired': 'Este enlace de invitación ha caducado. Pide uno nuevo.',
  'staff.invite.accept.invalid': 'Este enlace de invitación no es válido o ya se ha usado.',
} satisfies AreaCatalogue<typeof en>;
