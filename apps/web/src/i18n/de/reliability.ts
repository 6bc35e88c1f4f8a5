import type { reliability as en } from '../en/reliability';
import type { AreaCatalogue } from '../messages';

/** reliability: a rail that is off, a delivery still being retried (see en/reliability.ts). */
export const reliability = {
  'payments.error.ltcUnavailable': 'Litecoin-Zahlungen sind gerade nicht verfügbar.',
  'activity.order.delivery_delayed.title': 'Zustellung verzögert bei Bestellung #{orderNumber}',
  'activity.order.delivery_delayed.description':
    'Telegram hat die Nachricht an den Kunden nicht angenommen; sie wird bis zu zwei Stunden lang erneut gesendet.',
  'activity.order.delivery_failed.title': 'Zustellung fehlgeschlagen bei Bestellung #{orderNumber}',
  'activity.order.delivery_failed.description':
    'Was der Kunde bezahlt hat, konnte nicht über Telegram gesendet werden. Senden Sie es ihm selbst.',
} satisfies AreaCatalogue<typeof en>;
