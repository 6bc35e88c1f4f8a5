import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.order.tax': '税费',
  'store.order.taxAdded': '另加 {rate}% 税费：{amount}',
  'store.order.taxIncluded': '含 {rate}% 税费：{amount}',
} satisfies AreaCatalogue<typeof en>;
