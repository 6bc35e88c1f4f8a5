import type { staffPick as en } from '../en/staff-pick';
import type { AreaCatalogue } from '../messages';

/** staffPick: “Pick from Telegram” (see en/staff-pick.ts). */
export const staffPick = {
  'staffPick.button': 'Выбрать в Telegram',
  'staffPick.hint':
    'Выберите человека в Telegram вместо ввода его ID: сначала задайте ниже роль, права и ботов.',
  'staffPick.sentTitle': 'Выберите в Telegram',
  'staffPick.sent':
    'Бот прислал вам в чате кнопку «Выбрать человека». Нажмите её и выберите, кого добавить; бот ответит ссылкой-приглашением.',
  'staffPick.notStartedTitle': 'Сначала запустите бота',
  'staffPick.notStarted':
    'Откройте чат с ботом, нажмите «Запустить», затем снова нажмите «Выбрать в Telegram».',
} satisfies AreaCatalogue<typeof en>;
