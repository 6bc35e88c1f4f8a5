import type { staffPick as en } from '../en/staff-pick';
import type { AreaCatalogue } from '../messages';

/** staffPick: “Pick from Telegram” (see en/staff-pick.ts). */
export const staffPick = {
  'staffPick.button': 'Elegir en Telegram',
  'staffPick.hint':
    'Elige a la persona en Telegram en lugar de escribir su ID: primero define abajo el rol, los permisos y los bots.',
  'staffPick.sentTitle': 'Elige en Telegram',
  'staffPick.sent':
    'El bot te envió un botón «Elegir a una persona» en su chat. Púlsalo y elige a quién añadir; el bot responde con su enlace de invitación.',
  'staffPick.notStartedTitle': 'Inicia el bot primero',
  'staffPick.notStarted':
    'Abre el chat con el bot, pulsa Iniciar y luego vuelve a pulsar «Elegir en Telegram».',
} satisfies AreaCatalogue<typeof en>;
