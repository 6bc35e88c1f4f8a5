import type { stars as en } from '../en/stars';
import type { AreaCatalogue } from '../messages';

export const stars = {
  'stars.title': 'Telegram Stars',
  'stars.note':
    'Stars, die deine Kunden zahlen, landen auf deinem Bot. Jede Transaktion wird ihrer Bestellung zugeordnet.',
  'stars.loading': 'Stars werden geladen',
  'stars.loadError': 'Stars konnten nicht geladen werden',
  'stars.refresh': 'Von Telegram aktualisieren',
  'stars.refreshFailed': 'Telegram ist nicht erreichbar. Bitte versuche es erneut.',
  'stars.balance': 'Guthaben',
  'stars.syncedAt': 'Aktualisiert {date}',
  'stars.neverSynced': 'Noch nicht von Telegram abgerufen',
  'stars.unmatched': {
    one: '{count} Transaktion passt zu keiner Bestellung',
    other: '{count} Transaktionen passen zu keiner Bestellung',
  },
  'stars.transactions': 'Transaktionen',
  'stars.empty': 'Noch keine Stars-Transaktionen',
  'stars.payment': 'Zahlung',
  'stars.refund': 'Erstattung',
  'stars.withdrawal': 'Auszahlung',
  'stars.order': 'Bestellung #{number}',
  'stars.match.paid': 'Bezahlt',
  'stars.match.refunded': 'Erstattet',
  'stars.match.unmatched': 'Nicht zugeordnet',
  'stars.match.other': 'Sonstiges',
  'stars.reason.noOrder': 'Keine Bestellung dieses Bots passt zu dieser Zahlung.',
  'stars.reason.orderNotPaid': 'Die genannte Bestellung ist nicht als bezahlt erfasst.',
  'stars.reason.chargeback':
    'Stars an den Käufer zurückgegangen, ohne dass wir erstattet haben (eine Rückbuchung).',
} satisfies AreaCatalogue<typeof en>;
