import type { home as en } from '../en/home';
import type { AreaCatalogue } from '../messages';

export const home = {
  'home.greeting': 'Bonjour, {name} 👋',
  'home.greetingAnonymous': 'Bonjour 👋',
  'home.subtitle.performing': 'Votre boutique marche bien aujourd’hui',
  'home.subtitle.ready': 'Prêt à commencer à vendre aujourd’hui ?',
  'home.error.load': 'Impossible de charger les données du tableau de bord',
  'home.stats.label': 'Statistiques de la boutique',
  'home.stats.loading': 'Chargement des statistiques',
  'home.stats.totalRevenue': "Chiffre d'affaires total",
  'home.stats.activeBots': 'Bots actifs',
  'home.stats.totalOrders': 'Total des commandes',
  'home.stats.vsLast30Days': 'vs 30 derniers jours',
  'home.stats.ofTotal': 'sur {count} au total',
  'home.stats.cardLabel': '{label} : {value}',
  'home.subscriptions.title': 'Aperçu des abonnements',
  'home.subscriptions.bots': { one: '{count} bot', other: '{count} bots' },
  'home.subscriptions.monthlyCost': '{amount}/mois',
  'home.subscriptions.item': '{amount}/mois · {fee} % de frais',
  'home.subscriptions.manage': 'Gérer les abonnements',
  'home.subscriptions.none': 'Vos bots ne fonctionneront pas sans abonnement actif...',
  'home.subscriptions.viewPlans': 'Voir les formules d’abonnement',
} satisfies AreaCatalogue<typeof en>;
