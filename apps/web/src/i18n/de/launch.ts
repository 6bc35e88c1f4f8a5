import type { launch as en } from '../en/launch';
import type { AreaCatalogue } from '../messages';

/** launch: what every Mini App of ours shows while it opens (see en/launch.ts). */
export const launch = {
  'shell.connecting': 'Verbindung zu Telegram wird hergestellt...',
  'shell.unableToConnect.title': 'Verbindung nicht möglich.',
  'shell.unableToConnect.message': 'Bitte öffne diese App in Telegram, um fortzufahren.',
  'shell.unableToConnect.hint':
    'Wenn du sie aus Telegram geöffnet hast, schließe sie und öffne sie erneut oder lade diese Seite neu.',
  'shell.unableToConnect.refresh': 'Aktualisieren',
  'shell.demo.badge': 'Demo',
  'shell.demo.badgeTitle': 'Demomodus: als Demo-Händler angemeldet',
  'auth.error.sessionExpired': 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.',
} satisfies AreaCatalogue<typeof en>;
