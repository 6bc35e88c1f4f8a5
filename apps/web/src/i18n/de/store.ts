import type { store as en } from '../en/store';
import type { AreaCatalogue } from '../messages';

/** store: what the vendor sets that the customer meets (see en/store.ts). */
export const store = {
  'store.shop.featured': '⭐ Empfohlen',
  'store.shop.faqs': 'FAQ',
  'store.shop.about': 'Über uns',
  'store.shop.email': 'E-Mail',
  'store.shop.phone': 'Telefon',
  'store.shop.website': 'Website',
  'store.shop.address': 'Adresse',
  'store.shop.hours': 'Öffnungszeiten',
  'store.order.tax': 'Steuer',
  'store.order.taxAdded': '{rate} % Steuer zuzüglich: {amount}',
  'store.order.taxIncluded': '{rate} % Steuer enthalten: {amount}',
  'store.policies.terms': 'Nutzungsbedingungen',
  'store.policies.privacy': 'Datenschutzerklärung',
  'store.policies.refunds': 'Rückerstattungsrichtlinie',
  'store.policies.shipping': 'Versandrichtlinie',
} satisfies AreaCatalogue<typeof en>;
