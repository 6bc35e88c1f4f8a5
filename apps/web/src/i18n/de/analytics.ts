import type { analytics as en } from '../en/analytics';
import type { AreaCatalogue } from '../messages';

export const analytics = {
  'analytics.title': 'Analysen',
  'analytics.sections': 'Bereiche der Analysen',
  'analytics.tab.overview': 'Übersicht',
  'analytics.tab.bots': 'Bots',
  'analytics.tab.products': 'Produkte',
  'analytics.tab.customers': 'Kunden',
  'analytics.period.label': 'Zeitraum',
  'analytics.period.24h': '24 Std.',
  'analytics.period.7d': '7 T.',
  'analytics.period.30d': '30 T.',
  'analytics.period.90d': '90 T.',
  'analytics.bot.label': 'Bot',
  'analytics.bot.all': 'Alle Bots',
  'analytics.loading': 'Analysen werden geladen',
  'analytics.error': 'Analysen konnten nicht geladen werden',

  'analytics.overview.totalRevenue': 'Gesamtumsatz',
  'analytics.overview.totalOrders': 'Bestellungen gesamt',
  'analytics.overview.totalOrdersHint': 'ohne stornierte',
  'analytics.overview.totalRevenueHint':
    'Bestellsummen mit Steuer und Versand, ohne stornierte und erstattete',
  'analytics.overview.activeCustomers': 'Aktive Kunden',
  'analytics.overview.activeCustomersHint': 'im Zeitraum bestellt',
  'analytics.overview.avgConversion': 'Ø Konversion',
  'analytics.overview.vsPrevious': 'ggü. Vorperiode',

  'analytics.chart.revenue': 'Umsatz',
  'analytics.chart.orders': 'Bestellungen',
  'analytics.chart.customers': 'Kunden',
  'analytics.chart.loading': 'Diagramm wird geladen',
  'analytics.chart.empty': 'Keine Verkäufe in diesem Zeitraum',
  'analytics.chart.summary': 'Umsatz {revenue} aus {orders} Bestellungen in diesem Zeitraum',

  'analytics.topProducts.title': 'Top-Produkte',
  'analytics.topProducts.empty': 'Keine Produktverkäufe in diesem Zeitraum',
  'analytics.topProducts.sales': { one: '{count} Verkauf', other: '{count} Verkäufe' },

  'analytics.categories.title': 'Kategorie-Leistung',
  'analytics.categories.empty': 'Keine Kategoriedaten verfügbar',
  'analytics.categories.products': { one: '{count} Produkt', other: '{count} Produkte' },

  'analytics.bots.empty': 'Keine Bot-Leistungsdaten verfügbar',
  'analytics.bots.revenue': 'Umsatz',
  'analytics.bots.orders': 'Bestellungen',
  'analytics.bots.customers': 'Kunden',
  'analytics.bots.conversion': 'Konversion',
  'analytics.bots.aov': 'Ø Bestellung',
  'analytics.bots.topCategory': 'Top-Kategorie: {category}',
  'analytics.bots.status.active': 'Aktiv',
  'analytics.bots.status.inactive': 'Inaktiv',

  'analytics.customers.title': 'Kundenkennzahlen',
  'analytics.customers.new': 'Neue Kunden',
  'analytics.customers.returning': 'Wiederkehrende Kunden',
  'analytics.customers.aov': 'Ø Bestellwert',
  'analytics.customers.conversion': 'Konversionsrate',
  'analytics.customers.abandonment': 'Warenkorbabbrüche',
  'analytics.customers.clv': 'Customer Lifetime Value',
  'analytics.customers.split': 'Neu vs. wiederkehrend',
} satisfies AreaCatalogue<typeof en>;
