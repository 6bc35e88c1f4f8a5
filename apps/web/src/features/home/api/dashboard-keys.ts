export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: (vendorId: string) => [...dashboardKeys.all, 'stats', vendorId] as const,
};
