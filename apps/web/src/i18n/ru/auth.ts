import type { auth as en } from '../en/auth';
import type { AreaCatalogue } from '../messages';

export const auth = {
  'auth.signIn.title': 'Вход',
  'auth.signIn.text': 'Используйте аккаунт Telegram, чтобы управлять ботами, товарами и заказами.',
  'auth.signIn.button': 'Войти через Telegram',
  'auth.error.noTelegramUser': 'Данные пользователя Telegram недоступны',
  'auth.error.authRequired': 'Требуется авторизация. Войдите, чтобы продолжить.',
  'auth.error.refused': 'Вход через Telegram отклонён. Откройте приложение из Telegram заново.',
  'auth.error.failed': 'Не удалось войти. Попробуйте ещё раз.',
} satisfies AreaCatalogue<typeof en>;
