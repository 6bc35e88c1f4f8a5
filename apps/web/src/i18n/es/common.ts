import type { common as en } from '../en/common';
import type { AreaCatalogue } from '../messages';

export const common = {
  'common.retry': 'Reintentar',
  'common.cancel': 'Cancelar',
  'common.save': 'Guardar',
  'common.back': 'Atrás',
  'common.loading': 'Cargando...',
  'common.ok': 'Aceptar',
  'common.networkError': 'Error de red. Comprueba tu conexión e inténtalo de nuevo.',
  'common.requestFailed': 'La solicitud ha fallado',
} satisfies AreaCatalogue<typeof en>;
