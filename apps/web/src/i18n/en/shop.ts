/** shop: English. The shop's Mini App, which a customer opens from a shop bot's menu button. */
export const shop = {
  'shop.search': 'Search the shop',
  'shop.categories': 'Categories',
  'shop.all': 'All',
  'shop.region': 'Products',
  'shop.loading': 'Loading the shop',
  'shop.loadingMore': 'Loading more products',
  'shop.loadError': 'Could not load the shop',
  'shop.empty': 'Nothing here yet',
  'shop.noResults': 'Nothing found for “{query}”',
  'shop.emptyHint': 'Try another category or search',
  'shop.loadMore': 'Load more',
  'shop.lowStock': 'Few left',
  'shop.outOfStock': 'Out of stock',
  'shop.viewCart': 'View cart',
  'shop.closed': 'This shop is closed for now',
  'shop.openFromBot': 'Open this shop from its bot in Telegram.',
} as const;
