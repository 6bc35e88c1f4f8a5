export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: (vendorId: string) => [...dashboardKeys.all, 'stats', vendorId] as const,
  activity: (vendorId: string, limit: number) => [...dashboardKeys.all, 'activity', vendorId, limit] as const,
};
