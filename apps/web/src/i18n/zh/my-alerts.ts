import type { myAlerts as en } from '../en/my-alerts';
import type { AreaCatalogue } from '../messages';

/** myAlerts: a staff member's own alerts (see en/my-alerts.ts). */
export const myAlerts = {
  'myAlerts.title': '我的提醒',
  'myAlerts.hint':
    '作为该团队成员，平台机器人会向你发送的内容。关闭某一类即可仅为自己静音；团队其他成员仍会收到。',
  'myAlerts.kind.orders': '新的已付款订单',
  'myAlerts.kind.stock': '库存不足和已售罄的商品',
  'myAlerts.kind.support': '被标记待审核的消息',
  'myAlerts.kind.plan': '套餐限制和续订',
  'myAlerts.none': '你的权限不包含任何提醒。',
  'myAlerts.loadError': '无法加载你的提醒',
  'myAlerts.saveFailed': '你的提醒未保存，请重试。',
} satisfies AreaCatalogue<typeof en>;
