import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ 精选',
  'store.shop.faqs': '常见问题',
  'store.shop.about': '关于我们',
  'store.shop.email': '电子邮件',
  'store.shop.phone': '电话',
  'store.shop.website': '网站',
  'store.shop.address': '地址',
  'store.shop.hours': '营业时间',
  'store.order.tax': '税费',
  'store.order.taxAdded': '另加 {rate}% 税费：{amount}',
  'store.order.taxIncluded': '含 {rate}% 税费：{amount}',
  'store.policies.terms': '服务条款',
  'store.policies.privacy': '隐私政策',
  'store.policies.refunds': '退款政策',
  'store.policies.shipping': '配送政策',
} satisfies AreaCatalogue<typeof en>;
