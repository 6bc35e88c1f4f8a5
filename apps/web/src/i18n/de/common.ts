import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': 'Erneut versuchen',
  'common.cancel': 'Abbrechen',
  'common.save': 'Speichern',
  'common.back': 'Zurück',
  'common.loading': 'Wird geladen...',
} satisfies AreaCatalogue<typeof en>;
