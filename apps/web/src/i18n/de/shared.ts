import type { shared as en } from '../en/shared';
import type { AreaCatalogue } from '../messages';

/** shared: texts of other areas that the first load shows (see en/shared.ts). */
export const shared = {
  'developer.export.type.orders': 'Bestellungen',
  'developer.export.type.order_items': 'Bestellpositionen',
  'developer.export.type.customers': 'Kunden',
  'developer.export.type.products': 'Produkte',
  'developer.export.type.categories': 'Kategorien',
  'developer.export.type.payments': 'Zahlungen und Rechnungen',
  'developer.export.type.activity': 'Aktivitätsprotokoll',
  'developer.export.type.analytics': 'Tägliche Kennzahlen',
  'orders.status.all': 'Alle',
  'orders.status.pending': 'Ausstehend',
  'orders.status.processing': 'In Bearbeitung',
  'orders.status.shipped': 'Versendet',
  'orders.status.delivered': 'Zugestellt',
  'orders.status.completed': 'Abgeschlossen',
  'orders.status.scheduled': 'Geplant',
  'orders.status.in_progress': 'Läuft',
  'orders.status.cancelled': 'Storniert',
  'payments.demo.invoiceConfirm': 'Demo: Diese Rechnung mit Telegram Stars bezahlen?',
  'settings.payments.provider.stars': 'Telegram Stars',
  'settings.payments.provider.card': 'Kartenzahlungen',
  'settings.payments.provider.wallet': 'Wallet-Zahlungen',
  'settings.payments.provider.regional': 'Regionale Zahlungen',
  'settings.payments.provider.crypto': 'Krypto',
  'settings.payments.provider.cash_on_delivery': 'Nachnahme',
  'staff.noAccess.title': 'Kein Zugriff',
  'staff.noAccess.message': 'Du hast keinen Zugriff auf diesen Bildschirm',
  'staff.noAccess.hint': 'Bitte den Shop-Inhaber um die nötige Berechtigung.',
  'staff.noAccess.home': 'Zur Startseite',
  'staff.home.limited': 'Daran kannst du heute arbeiten',
  'staff.invite.accept.wrongAccount':
    'Diese Einladung gilt für ein anderes Telegram-Konto. Öffne sie mit dem Konto, an das sie geschickt wurde.',
  'staff.invite.accept.expired': 'Dieser Einladungslink ist abgelaufen. Bitte um einen neuen.',
  'staff.invite.accept.invalid': 'Dieser Einladungslink ist ungültig oder wurde bereits verwendet.',
} satisfies AreaCatalogue<typeof en>;
