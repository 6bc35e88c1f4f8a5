/** store: English. What the vendor sets that the customer meets (the shop's Mini App, order tax); first load. */
export const store = {
  'store.shop.featured': '⭐ Featured',
  'store.shop.faqs': 'FAQ',
  'store.shop.about': 'About',
  'store.shop.email': 'E-mail',
  'store.shop.phone': 'Phone',
  'store.shop.website': 'Website',
  'store.shop.address': 'Address',
  'store.shop.hours': 'Working hours',
  'store.order.tax': 'Tax',
  'store.order.taxAdded': '{rate}% tax added: {amount}',
  'store.order.taxIncluded': '{rate}% tax included: {amount}',
  'store.policies.terms': 'Terms of service',
  'store.policies.privacy': 'Privacy policy',
  'store.policies.refunds': 'Refund policy',
  'store.policies.shipping': 'Shipping policy',
};
