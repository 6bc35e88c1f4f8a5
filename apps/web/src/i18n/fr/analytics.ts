import type { analytics as en } from '../en/analytics';
import type { AreaCatalogue } from '../messages';

export const analytics = {
  'analytics.title': 'Statistiques',
  'analytics.sections': 'Sections des statistiques',
  'analytics.tab.overview': 'Aperçu',
  'analytics.tab.bots': 'Bots',
  'analytics.tab.products': 'Produits',
  'analytics.tab.customers': 'Clients',
  'analytics.period.label': 'Période',
  'analytics.period.24h': '24 h',
  'analytics.period.7d': '7 j',
  'analytics.period.30d': '30 j',
  'analytics.period.90d': '90 j',
  'analytics.bot.label': 'Bot',
  'analytics.bot.all': 'Tous les bots',
  'analytics.loading': 'Chargement des statistiques',
  'analytics.error': 'Impossible de charger les statistiques',

  'analytics.overview.totalRevenue': 'Chiffre d’affaires',
  'analytics.overview.totalOrders': 'Total des commandes',
  'analytics.overview.totalOrdersHint': 'hors commandes annulées',
  'analytics.overview.totalRevenueHint':
    'totaux des commandes, taxes et livraison comprises, hors annulées et remboursées',
  'analytics.overview.activeCustomers': 'Clients actifs',
  'analytics.overview.activeCustomersHint': 'ont commandé sur la période',
  'analytics.overview.avgConversion': 'Conversion moyenne',
  'analytics.overview.vsPrevious': 'vs période précédente',

  'analytics.chart.revenue': 'Chiffre d’affaires',
  'analytics.chart.orders': 'Commandes',
  'analytics.chart.customers': 'Clients',
  'analytics.chart.loading': 'Chargement du graphique',
  'analytics.chart.empty': 'Aucune vente sur cette période',
  'analytics.chart.summary': 'Chiffre d’affaires de {revenue} pour {orders} commandes sur cette période',

  'analytics.topProducts.title': 'Meilleurs produits',
  'analytics.topProducts.empty': 'Aucune vente de produit sur cette période',
  'analytics.topProducts.sales': { one: '{count} vente', other: '{count} ventes' },

  'analytics.categories.title': 'Performance par catégorie',
  'analytics.categories.empty': 'Aucune donnée de catégorie disponible',
  'analytics.categories.products': { one: '{count} produit', other: '{count} produits' },

  'analytics.bots.empty': 'Aucune donnée de performance des bots disponible',
  'analytics.bots.revenue': 'Chiffre d’affaires',
  'analytics.bots.orders': 'Commandes',
  'analytics.bots.customers': 'Clients',
  'analytics.bots.conversion': 'Conversion',
  'analytics.bots.aov': 'Panier moyen',
  'analytics.bots.topCategory': 'Catégorie principale : {category}',
  'analytics.bots.status.active': 'Actif',
  'analytics.bots.status.inactive': 'Inactif',

  'analytics.customers.title': 'Indicateurs clients',
  'analytics.customers.new': 'Nouveaux clients',
  'analytics.customers.returning': 'Clients fidèles',
  'analytics.customers.aov': 'Panier moyen',
  'analytics.customers.conversion': 'Taux de conversion',
  'analytics.customers.abandonment': 'Abandon de panier',
  'analytics.customers.clv': 'Valeur vie client',
  'analytics.customers.split': 'Nouveaux vs fidèles',
} satisfies AreaCatalogue<typeof en>;
