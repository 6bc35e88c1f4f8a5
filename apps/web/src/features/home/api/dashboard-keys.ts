import { queryRoots } from '../../../lib/query-keys';

export const dashboardKeys = {
  all: queryRoots.dashboard,
  stats: (vendorId: string) => [...dashboardKeys.all, 'stats', vendorId] as const,
  activity: (vendorId: string, limit: number) => [...dashboardKeys.all, 'activity', vendorId, limit] as const,
  bots: (vendorId: string) => [...dashboardKeys.all, 'bots', vendorId] as const,
  subscriptions: (vendorId: string) => [...dashboardKeys.all, 'subscriptions', vendorId] as const,
  stars: (vendorId: string) => [...dashboardKeys.all, 'stars', vendorId] as const,
  customerStats: (vendorId: string, botId?: string) =>
    [...dashboardKeys.all, 'customer-stats', vendorId, botId ?? 'all'] as const,
  customerActivity: (vendorId: string, botId?: string) =>
    [...dashboardKeys.all, 'customer-activity', vendorId, botId ?? 'all'] as const,
};
