import type { home as en } from '../en/home';
import type { AreaCatalogue } from '../messages';

export const home = {
  'home.greeting': 'Hola, {name} 👋',
  'home.greetingAnonymous': '¡Hola! 👋',
  'home.subtitle.performing': 'Tu tienda va muy bien hoy',
  'home.subtitle.ready': '¿Listo para empezar a vender hoy?',
  'home.error.load': 'No se pudieron cargar los datos del panel',
  'home.stats.label': 'Estadísticas de la tienda',
  'home.stats.loading': 'Cargando estadísticas',
  'home.stats.totalRevenue': 'Ingresos totales',
  'home.stats.activeBots': 'Bots activos',
  'home.stats.totalOrders': 'Pedidos totales',
  'home.stats.vsLast30Days': 'vs. últimos 30 días',
  'home.stats.ofTotal': 'de {count} en total',
  'home.stats.cardLabel': '{label}: {value}',
  'home.subscriptions.title': 'Resumen de suscripciones',
  'home.subscriptions.bots': { one: '{count} bot', other: '{count} bots' },
  'home.subscriptions.monthlyCost': '{amount}/mes',
  'home.subscriptions.item': '{amount}/mes · {fee}% de comisión',
  'home.subscriptions.manage': 'Gestionar suscripciones',
  'home.subscriptions.none': 'Tus bots no funcionarán sin una suscripción activa...',
  'home.subscriptions.viewPlans': 'Ver planes de suscripción',
} satisfies AreaCatalogue<typeof en>;
