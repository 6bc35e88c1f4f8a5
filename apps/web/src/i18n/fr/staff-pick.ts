import type { staffPick as en } from '../en/staff-pick';
import type { AreaCatalogue } from '../messages';

/** staffPick: “Pick from Telegram” (see en/staff-pick.ts). */
export const staffPick = {
  'staffPick.button': 'Choisir dans Telegram',
  'staffPick.hint':
    'Choisissez la personne dans Telegram au lieu de saisir son ID : définissez d’abord ci-dessous le rôle, les autorisations et les bots.',
  'staffPick.sentTitle': 'Choisissez dans Telegram',
  'staffPick.sent':
    'Le bot vous a envoyé un bouton « Choisir une personne » dans sa discussion. Touchez-le et choisissez qui ajouter ; le bot répond avec son lien d’invitation.',
  'staffPick.notStartedTitle': 'Démarrez d’abord le bot',
  'staffPick.notStarted':
    'Ouvrez la discussion avec le bot, appuyez sur Démarrer, puis touchez à nouveau « Choisir dans Telegram ».',
} satisfies AreaCatalogue<typeof en>;
