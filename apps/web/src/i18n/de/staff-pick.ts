import type { staffPick as en } from '../en/staff-pick';
import type { AreaCatalogue } from '../messages';

/** staffPick: “Pick from Telegram” (see en/staff-pick.ts). */
export const staffPick = {
  'staffPick.button': 'Aus Telegram wählen',
  'staffPick.hint':
    'Wähle die Person in Telegram, statt ihre ID einzugeben: Lege zuerst unten Rolle, Berechtigungen und Bots fest.',
  'staffPick.sentTitle': 'In Telegram wählen',
  'staffPick.sent':
    'Der Bot hat dir in seinem Chat eine Schaltfläche „Person auswählen“ geschickt. Tippe darauf und wähle, wen du hinzufügen möchtest; der Bot antwortet mit dem Einladungslink.',
  'staffPick.notStartedTitle': 'Starte zuerst den Bot',
  'staffPick.notStarted':
    'Öffne den Chat mit dem Bot, tippe auf Starten und dann erneut auf „Aus Telegram wählen“.',
} satisfies AreaCatalogue<typeof en>;
