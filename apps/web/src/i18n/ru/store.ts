import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.order.tax': 'Налог',
  'store.order.taxAdded': 'Налог {rate}% сверху: {amount}',
  'store.order.taxIncluded': 'Налог {rate}% включён: {amount}',
} satisfies AreaCatalogue<typeof en>;
