import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': 'Reintentar',
  'common.cancel': 'Cancelar',
  'common.save': 'Guardar',
  'common.back': 'Atrás',
  'common.loading': 'Cargando...',
} satisfies AreaCatalogue<typeof en>;
