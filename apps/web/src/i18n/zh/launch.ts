import type { launch as en } from '../en/launch';
import type { AreaCatalogue } from '../messages';

/** launch: what every Mini App of ours shows while it opens (see en/launch.ts). */
export const launch = {
  'shell.connecting': '正在连接 Telegram...',
  'shell.unableToConnect.title': '无法连接。',
  'shell.unableToConnect.message': '请从 Telegram 中打开此应用以继续。',
  'shell.unableToConnect.hint': '如果您是从 Telegram 打开的,请关闭后重新打开,或刷新此页面。',
  'shell.unableToConnect.refresh': '刷新',
  'shell.demo.badge': '演示',
  'shell.demo.badgeTitle': '演示模式:已以演示商家身份登录',
  'auth.error.sessionExpired': '您的会话已过期,请重新登录。',
} satisfies AreaCatalogue<typeof en>;
