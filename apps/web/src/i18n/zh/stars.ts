import type { stars as en } from '../en/stars';
import type { AreaCatalogue } from '../messages';

export const stars = {
  'stars.title': 'Telegram Stars',
  'stars.note': '顾客支付的 Stars 会进入你的机器人。每笔交易都会与其订单核对。',
  'stars.loading': '正在加载 Stars',
  'stars.loadError': '无法加载 Stars',
  'stars.refresh': '从 Telegram 刷新',
  'stars.refreshFailed': '无法连接 Telegram，请重试。',
  'stars.balance': '余额',
  'stars.syncedAt': '更新于 {date}',
  'stars.neverSynced': '尚未从 Telegram 获取',
  'stars.unmatched': {
    other: '{count} 笔交易与订单不符',
  },
  'stars.transactions': '交易',
  'stars.empty': '暂无 Stars 交易',
  'stars.payment': '付款',
  'stars.refund': '退款',
  'stars.withdrawal': '提现',
  'stars.order': '订单 #{number}',
  'stars.match.paid': '已支付',
  'stars.match.refunded': '已退款',
  'stars.match.unmatched': '未匹配',
  'stars.match.other': '其他',
  'stars.reason.noOrder': '此机器人没有与该付款对应的订单。',
  'stars.reason.orderNotPaid': '所指订单未记录为已支付。',
  'stars.reason.chargeback': 'Stars 已退回买家，但我们并未退款（拒付）。',
} satisfies AreaCatalogue<typeof en>;
