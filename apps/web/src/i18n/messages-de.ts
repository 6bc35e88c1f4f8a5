import type { Catalogue } from './messages-en';

export const de = {
  'common.retry': 'Erneut versuchen',
  'common.cancel': 'Abbrechen',
  'common.save': 'Speichern',
  'common.back': 'Zurück',
  'common.loading': 'Wird geladen...',
} satisfies Catalogue;
