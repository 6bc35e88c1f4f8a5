import type { auth as en } from '../en/auth';
import type { AreaCatalogue } from '../messages';

export const auth = {
  'auth.signIn.title': 'Iniciar sesión',
  'auth.signIn.text': 'Usa tu cuenta de Telegram para gestionar tus bots, productos y pedidos.',
  'auth.signIn.button': 'Iniciar sesión con Telegram',
  'auth.error.noTelegramUser': 'No hay datos de usuario de Telegram disponibles',
  'auth.error.authRequired': 'Se requiere autenticación. Inicia sesión para continuar.',
  'auth.error.refused':
    'Se rechazó el inicio de sesión con Telegram. Vuelve a abrir la aplicación desde Telegram.',
  'auth.error.failed': 'No se pudo iniciar sesión. Inténtalo de nuevo.',
} satisfies AreaCatalogue<typeof en>;
