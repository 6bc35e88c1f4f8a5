/** store: English. What the vendor sets that the customer meets: tax on orders, store policies and FAQs. */
export const store = {
  'store.order.tax': 'Tax',
  'store.order.taxAdded': '{rate}% tax added: {amount}',
  'store.order.taxIncluded': '{rate}% tax included: {amount}',
};
