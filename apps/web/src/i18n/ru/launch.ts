import type { launch as en } from '../en/launch';
import type { AreaCatalogue } from '../messages';

/** launch: what every Mini App of ours shows while it opens (see en/launch.ts). */
export const launch = {
  'shell.connecting': 'Подключение к Telegram...',
  'shell.unableToConnect.title': 'Не удалось подключиться.',
  'shell.unableToConnect.message': 'Откройте это приложение из Telegram, чтобы продолжить.',
  'shell.unableToConnect.hint':
    'Если вы открыли его из Telegram, закройте и откройте снова или обновите эту страницу.',
  'shell.unableToConnect.refresh': 'Обновить',
  'shell.demo.badge': 'Демо',
  'shell.demo.badgeTitle': 'Демо-режим: вход выполнен как демо-продавец',
  'auth.error.sessionExpired': 'Сеанс истёк. Войдите снова.',
} satisfies AreaCatalogue<typeof en>;
