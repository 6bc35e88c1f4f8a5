import type { auth as en } from '../en/auth';
import type { AreaCatalogue } from '../messages';

export const auth = {
  'auth.signIn.title': 'Anmelden',
  'auth.signIn.text': 'Verwalte deine Bots, Produkte und Bestellungen mit deinem Telegram-Konto.',
  'auth.signIn.button': 'Mit Telegram anmelden',
  'auth.error.noTelegramUser': 'Keine Telegram-Benutzerdaten verfügbar',
  'auth.error.authRequired': 'Anmeldung erforderlich. Bitte melde dich an, um fortzufahren.',
  'auth.error.refused': 'Die Telegram-Anmeldung wurde abgelehnt. Bitte öffne die App erneut in Telegram.',
  'auth.error.failed': 'Anmeldung fehlgeschlagen. Bitte versuche es erneut.',
} satisfies AreaCatalogue<typeof en>;
