import type { myAlerts as en } from '../en/my-alerts';
import type { AreaCatalogue } from '../messages';

/** myAlerts: a staff member's own alerts (see en/my-alerts.ts). */
export const myAlerts = {
  'myAlerts.title': 'Meine Benachrichtigungen',
  'myAlerts.hint':
    'Was dir der Plattform-Bot als Mitglied dieses Teams mitteilt. Schalte eine Art aus, um sie nur für dich stummzuschalten; der Rest des Teams erhält sie weiterhin.',
  'myAlerts.kind.orders': 'Neue bezahlte Bestellungen',
  'myAlerts.kind.stock': 'Niedriger Bestand und ausverkaufte Produkte',
  'myAlerts.kind.support': 'Zur Prüfung markierte Nachrichten',
  'myAlerts.kind.plan': 'Tariflimits und Verlängerungen',
  'myAlerts.none': 'Mit deinen Berechtigungen erhältst du keine Benachrichtigungen.',
  'myAlerts.loadError': 'Deine Benachrichtigungen konnten nicht geladen werden',
  'myAlerts.saveFailed': 'Deine Benachrichtigungen wurden nicht gespeichert. Versuche es erneut.',
} satisfies AreaCatalogue<typeof en>;
