import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ 精选',
  'store.policies.title': '政策',
  'store.policies.hint': '顾客在店内可以看到：/terms 显示服务条款，每笔订单都附带退款政策。',
  'store.policies.terms': '服务条款',
  'store.policies.privacy': '隐私政策',
  'store.policies.refunds': '退款政策',
  'store.policies.shipping': '配送政策',
  'store.policies.tooLong': '政策最多 5000 个字符。',
  'store.faqs.title': '常见问题',
  'store.faqs.none': '还没有常见问题。',
  'store.faqs.new': '新问题',
  'store.faqs.question': '问题',
  'store.faqs.answer': '回答',
  'store.faqs.add': '添加问题',
  'store.faqs.remove': '删除',
  'store.faqs.removeConfirm': '删除这个问题？',
  'store.faqs.questionRequired': '请填写问题。',
  'store.faqs.answerRequired': '请填写回答。',
  'store.loadFailed': '加载失败，请重试。',
  'store.hub.policiesHint': '条款、隐私、退款、配送',
  'store.hub.faqsHint': '顾客常问的问题',
  'store.shop.faqs': '常见问题',
  'store.order.tax': '税费',
  'store.order.taxAdded': '另加 {rate}% 税费：{amount}',
  'store.order.taxIncluded': '含 {rate}% 税费：{amount}',
} satisfies AreaCatalogue<typeof en>;
