import type { launch as en } from '../en/launch';
import type { AreaCatalogue } from '../messages';

/** launch: what every Mini App of ours shows while it opens (see en/launch.ts). */
export const launch = {
  'shell.connecting': 'Conectando con Telegram...',
  'shell.unableToConnect.title': 'No se puede conectar.',
  'shell.unableToConnect.message': 'Abre esta aplicación desde Telegram para continuar.',
  'shell.unableToConnect.hint':
    'Si la abriste desde Telegram, ciérrala y vuelve a abrirla, o actualiza esta página.',
  'shell.unableToConnect.refresh': 'Actualizar',
  'shell.demo.badge': 'Demo',
  'shell.demo.badgeTitle': 'Modo demo: sesión iniciada como el vendedor de demostración',
  'auth.error.sessionExpired': 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
} satisfies AreaCatalogue<typeof en>;
