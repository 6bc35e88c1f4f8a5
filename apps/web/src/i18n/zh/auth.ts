import type { auth as en } from '../en/auth';
import type { AreaCatalogue } from '../messages';

export const auth = {
  'auth.signIn.title': '登录',
  'auth.signIn.text': '使用您的 Telegram 账号管理机器人、商品和订单。',
  'auth.signIn.button': '使用 Telegram 登录',
  'auth.error.noTelegramUser': '没有可用的 Telegram 用户数据',
  'auth.error.authRequired': '需要身份验证。请登录以继续。',
  'auth.error.refused': 'Telegram 登录被拒绝。请从 Telegram 重新打开应用。',
  'auth.error.failed': '登录失败,请重试。',
} satisfies AreaCatalogue<typeof en>;
