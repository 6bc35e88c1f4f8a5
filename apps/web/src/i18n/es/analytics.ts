import type { analytics as en } from '../en/analytics';
import type { AreaCatalogue } from '../messages';

export const analytics = {
  'analytics.title': 'Analíticas',
  'analytics.sections': 'Secciones de analíticas',
  'analytics.tab.overview': 'Resumen',
  'analytics.tab.bots': 'Bots',
  'analytics.tab.products': 'Productos',
  'analytics.tab.customers': 'Clientes',
  'analytics.period.label': 'Periodo',
  'analytics.period.24h': '24 h',
  'analytics.period.7d': '7 d',
  'analytics.period.30d': '30 d',
  'analytics.period.90d': '90 d',
  'analytics.bot.label': 'Bot',
  'analytics.bot.all': 'Todos los bots',
  'analytics.loading': 'Cargando analíticas',
  'analytics.error': 'No se pudieron cargar las analíticas',

  'analytics.overview.totalRevenue': 'Ingresos totales',
  'analytics.overview.totalOrders': 'Pedidos totales',
  'analytics.overview.totalOrdersHint': 'sin los cancelados',
  'analytics.overview.totalRevenueHint':
    'totales de pedidos con impuestos y envío, sin cancelados ni reembolsados',
  'analytics.overview.activeCustomers': 'Clientes activos',
  'analytics.overview.activeCustomersHint': 'compraron en el período',
  'analytics.overview.avgConversion': 'Conversión media',
  'analytics.overview.vsPrevious': 'vs. periodo anterior',

  'analytics.chart.revenue': 'Ingresos',
  'analytics.chart.orders': 'Pedidos',
  'analytics.chart.customers': 'Clientes',
  'analytics.chart.loading': 'Cargando gráfico',
  'analytics.chart.empty': 'No hay ventas en este periodo',
  'analytics.chart.summary': 'Ingresos de {revenue} con {orders} pedidos en este periodo',

  'analytics.topProducts.title': 'Productos más vendidos',
  'analytics.topProducts.empty': 'No hay ventas de productos en este periodo',
  'analytics.topProducts.sales': { one: '{count} venta', other: '{count} ventas' },

  'analytics.categories.title': 'Rendimiento por categoría',
  'analytics.categories.empty': 'No hay datos de categorías',
  'analytics.categories.products': { one: '{count} producto', other: '{count} productos' },

  'analytics.bots.empty': 'No hay datos de rendimiento de bots',
  'analytics.bots.revenue': 'Ingresos',
  'analytics.bots.orders': 'Pedidos',
  'analytics.bots.customers': 'Clientes',
  'analytics.bots.conversion': 'Conversión',
  'analytics.bots.aov': 'Pedido medio',
  'analytics.bots.topCategory': 'Categoría principal: {category}',
  'analytics.bots.status.active': 'Activo',
  'analytics.bots.status.inactive': 'Inactivo',

  'analytics.customers.title': 'Métricas de clientes',
  'analytics.customers.new': 'Clientes nuevos',
  'analytics.customers.returning': 'Clientes recurrentes',
  'analytics.customers.aov': 'Valor medio del pedido',
  'analytics.customers.conversion': 'Tasa de conversión',
  'analytics.customers.abandonment': 'Abandono de carrito',
  'analytics.customers.clv': 'Valor de vida del cliente',
  'analytics.customers.split': 'Nuevos vs. recurrentes',
} satisfies AreaCatalogue<typeof en>;
