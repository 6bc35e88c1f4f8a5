import type { staffPick as en } from '../en/staff-pick';
import type { AreaCatalogue } from '../messages';

/** staffPick: “Pick from Telegram” (see en/staff-pick.ts). */
export const staffPick = {
  'staffPick.button': '从 Telegram 选择',
  'staffPick.hint': '在 Telegram 中选择此人，而不必输入其 ID：请先在下方设置角色、权限和机器人。',
  'staffPick.sentTitle': '在 Telegram 中选择',
  'staffPick.sent':
    '机器人已在聊天中向你发送了“选择一个人”按钮。点击它并选择要添加的人；机器人会回复其邀请链接。',
  'staffPick.notStartedTitle': '请先启动机器人',
  'staffPick.notStarted': '打开与机器人的聊天，点击“开始”，然后再次点击“从 Telegram 选择”。',
} satisfies AreaCatalogue<typeof en>;
