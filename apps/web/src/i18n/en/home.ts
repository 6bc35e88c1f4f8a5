/** home: English, the spec's texts word for word. */
export const home = {
  'home.greeting': 'Hello, {name} 👋',
  'home.greetingAnonymous': 'Hello there 👋',
  'home.subtitle.performing': 'Your store is performing well today',
  'home.subtitle.ready': 'Ready to start selling today?',
  'home.error.load': 'Failed to load dashboard data',
  'home.stats.label': 'Store statistics',
  'home.stats.loading': 'Loading statistics',
  'home.stats.totalRevenue': 'Total Revenue',
  'home.stats.activeBots': 'Active Bots',
  'home.stats.totalOrders': 'Total Orders',
  'home.stats.vsLast30Days': 'vs last 30 days',
  'home.stats.ofTotal': 'of {count} total',
  'home.stats.cardLabel': '{label}: {value}',
} as const;
