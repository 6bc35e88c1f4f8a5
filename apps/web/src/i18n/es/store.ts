import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.order.tax': 'Impuestos',
  'store.order.taxAdded': 'Impuesto del {rate}% añadido: {amount}',
  'store.order.taxIncluded': 'Impuesto del {rate}% incluido: {amount}',
} satisfies AreaCatalogue<typeof en>;
