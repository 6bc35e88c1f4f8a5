export const botKeys = {
  all: ['bots'] as const,
  list: () => [...botKeys.all, 'list'] as const,
  details: () => [...botKeys.all, 'detail'] as const,
  detail: (botId: string) => [...botKeys.details(), botId] as const,
  activity: (botId: string, limit: number) => [...botKeys.detail(botId), 'activity', limit] as const,
  weeklyStats: (botId: string) => [...botKeys.detail(botId), 'weekly-stats'] as const,
};

/**
 * Home's dashboard caches bot counts under this prefix; features do not import each other, so the prefix is
 * named here (see features/home/api/dashboard-keys.ts).
 */
export const DASHBOARD_KEY_PREFIX = ['dashboard'] as const;
