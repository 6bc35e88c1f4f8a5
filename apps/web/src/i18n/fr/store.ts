import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.order.tax': 'Taxes',
  'store.order.taxAdded': 'Taxe de {rate} % ajoutée : {amount}',
  'store.order.taxIncluded': 'Taxe de {rate} % incluse : {amount}',
} satisfies AreaCatalogue<typeof en>;
