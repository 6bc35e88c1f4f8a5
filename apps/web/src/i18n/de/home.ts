import type { home as en } from '../en/home';
import type { AreaCatalogue } from '../messages';

export const home = {
  'home.greeting': 'Hallo, {name} 👋',
  'home.greetingAnonymous': 'Hallo 👋',
  'home.subtitle.performing': 'Dein Shop läuft heute gut',
  'home.subtitle.ready': 'Bereit, heute mit dem Verkaufen zu beginnen?',
  'home.error.load': 'Dashboard-Daten konnten nicht geladen werden',
  'home.stats.label': 'Shop-Statistiken',
  'home.stats.loading': 'Statistiken werden geladen',
  'home.stats.totalRevenue': 'Gesamtumsatz',
  'home.stats.activeBots': 'Aktive Bots',
  'home.stats.totalOrders': 'Bestellungen gesamt',
  'home.stats.vsLast30Days': 'ggü. letzten 30 Tagen',
  'home.stats.ofTotal': 'von {count} insgesamt',
  'home.stats.cardLabel': '{label}: {value}',
  'home.subscriptions.title': 'Abonnement-Übersicht',
  'home.subscriptions.bots': { one: '{count} Bot', other: '{count} Bots' },
  'home.subscriptions.monthlyCost': '{amount}/Monat',
  'home.subscriptions.item': '{amount}/Monat · {fee} % Gebühren',
  'home.subscriptions.manage': 'Abonnements verwalten',
  'home.subscriptions.none': 'Deine Bots funktionieren ohne aktives Abonnement nicht...',
  'home.subscriptions.viewPlans': 'Abonnement-Tarife ansehen',
} satisfies AreaCatalogue<typeof en>;
