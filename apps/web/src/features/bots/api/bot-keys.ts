import { botDetailKey, botListKey, queryRoots } from '../../../lib/query-keys';

export const botKeys = {
  all: queryRoots.bots,
  list: botListKey,
  details: () => [...botKeys.all, 'detail'] as const,
  detail: botDetailKey,
  activity: (botId: string, limit: number) => [...botKeys.detail(botId), 'activity', limit] as const,
  weeklyStats: (botId: string) => [...botKeys.detail(botId), 'weekly-stats'] as const,
  unpayable: (botId: string) => [...botKeys.detail(botId), 'unpayable'] as const,
};
