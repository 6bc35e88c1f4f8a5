import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.order.tax': 'Steuer',
  'store.order.taxAdded': '{rate} % Steuer zuzüglich: {amount}',
  'store.order.taxIncluded': '{rate} % Steuer enthalten: {amount}',
} satisfies AreaCatalogue<typeof en>;
