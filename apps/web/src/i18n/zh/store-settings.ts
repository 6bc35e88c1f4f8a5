import type { storeSettings as en } from '../en/store-settings';
import type { AreaCatalogue } from '../messages';

/** storeSettings: the back-office screens of the store's policies and FAQs (see en/store-settings.ts). */
export const storeSettings = {
  'store.scope.label': '适用于',
  'store.scope.allBots': '所有机器人',
  'store.policies.botHint': '此机器人的商店使用其自己的政策版本；为空时使用“所有机器人”的版本。',
  'store.faqs.botHint': '此机器人有自己的常见问题时，商店显示它们；没有时显示“所有机器人”的常见问题。',
  'store.policies.title': '政策',
  'store.policies.hint':
    '顾客在店内可以看到：/terms 和 /privacy 显示服务条款和隐私政策，每笔订单都附带退款政策，需配送的订单附带配送政策；全部可在 /info 和 Mini App 中查看。',
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
} satisfies AreaCatalogue<typeof en>;
