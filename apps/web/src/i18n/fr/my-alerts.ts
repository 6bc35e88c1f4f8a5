import type { myAlerts as en } from '../en/my-alerts';
import type { AreaCatalogue } from '../messages';

/** myAlerts: a staff member's own alerts (see en/my-alerts.ts). */
export const myAlerts = {
  'myAlerts.title': 'Mes alertes',
  'myAlerts.hint':
    'Ce que le bot de la plateforme vous envoie en tant que membre de cette équipe. Désactivez un type pour le couper pour vous seul ; le reste de l’équipe continue de le recevoir.',
  'myAlerts.kind.orders': 'Nouvelles commandes payées',
  'myAlerts.kind.stock': 'Stock faible et produits épuisés',
  'myAlerts.kind.support': 'Messages signalés pour examen',
  'myAlerts.kind.plan': 'Limites du forfait et renouvellements',
  'myAlerts.none': 'Vos autorisations ne comportent aucune alerte.',
  'myAlerts.loadError': 'Impossible de charger vos alertes',
  'myAlerts.saveFailed': 'Vos alertes n’ont pas été enregistrées. Réessayez.',
} satisfies AreaCatalogue<typeof en>;
