import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the developer screens: API keys, a bot's webhooks, exports. */
export const developerKeys = {
  all: queryRoots.developer,
  apiKeys: () => [...developerKeys.all, 'api-keys'] as const,
  webhooks: (botId: string) => [...developerKeys.all, 'webhooks', botId] as const,
  exports: () => [...developerKeys.all, 'exports'] as const,
  exportEstimate: (range: string, from: string, to: string) =>
    [...developerKeys.all, 'exports', 'estimate', range, from, to] as const,
};
