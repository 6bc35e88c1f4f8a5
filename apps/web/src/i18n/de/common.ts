import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': 'Erneut versuchen',
  'common.cancel': 'Abbrechen',
  'common.save': 'Speichern',
  'common.back': 'Zurück',
  'common.loading': 'Wird geladen...',
  'common.ok': 'OK',
  'common.networkError': 'Netzwerkfehler. Bitte überprüfe deine Verbindung und versuche es erneut.',
  'common.requestFailed': 'Anfrage fehlgeschlagen',
} satisfies AreaCatalogue<typeof en>;
