import type { Catalogue } from './messages-en';

export const es = {
  'common.retry': 'Reintentar',
  'common.cancel': 'Cancelar',
  'common.save': 'Guardar',
  'common.back': 'Atrás',
  'common.loading': 'Cargando...',
} satisfies Catalogue;
