import type { myAlerts as en } from '../en/my-alerts';
import type { AreaCatalogue } from '../messages';

/** myAlerts: a staff member's own alerts (see en/my-alerts.ts). */
export const myAlerts = {
  'myAlerts.title': 'Mis alertas',
  'myAlerts.hint':
    'Lo que el bot de la plataforma te comunica como miembro de este equipo. Desactiva un tipo para silenciarlo solo para ti; el resto del equipo lo sigue recibiendo.',
  'myAlerts.kind.orders': 'Nuevos pedidos pagados',
  'myAlerts.kind.stock': 'Poco stock y productos agotados',
  'myAlerts.kind.support': 'Mensajes marcados para revisión',
  'myAlerts.kind.plan': 'Límites del plan y renovaciones',
  'myAlerts.none': 'Tus permisos no incluyen alertas.',
  'myAlerts.loadError': 'No se pudieron cargar tus alertas',
  'myAlerts.saveFailed': 'Tus alertas no se guardaron. Inténtalo de nuevo.',
} satisfies AreaCatalogue<typeof en>;
