import type { reliability as en } from '../en/reliability';
import type { AreaCatalogue } from '../messages';

/** reliability: a rail that is off, a delivery still being retried (see en/reliability.ts). */
export const reliability = {
  'payments.error.ltcUnavailable': '莱特币支付目前不可用。',
  'activity.order.delivery_delayed.title': '订单 #{orderNumber} 交付延迟',
  'activity.order.delivery_delayed.description': 'Telegram 未接收发给顾客的消息；将在最多两小时内重新发送。',
  'activity.order.delivery_failed.title': '订单 #{orderNumber} 交付失败',
  'activity.order.delivery_failed.description':
    '顾客付款购买的内容无法通过 Telegram 发送。请您亲自发送给顾客。',
} satisfies AreaCatalogue<typeof en>;
