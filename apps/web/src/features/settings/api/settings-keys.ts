import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the per-bot settings screens: one entry per screen, under the bot. */
export const settingsKeys = {
  all: queryRoots.botSettings,
  bot: (botId: string) => [...settingsKeys.all, botId] as const,
  store: (botId: string) => [...settingsKeys.bot(botId), 'store'] as const,
  welcome: (botId: string) => [...settingsKeys.bot(botId), 'welcome'] as const,
  filters: (botId: string) => [...settingsKeys.bot(botId), 'filters'] as const,
  token: (botId: string) => [...settingsKeys.bot(botId), 'token'] as const,
  payments: (botId: string) => [...settingsKeys.bot(botId), 'payments'] as const,
  shipping: (botId: string) => [...settingsKeys.bot(botId), 'shipping'] as const,
};

export const botPath = (botId: string, rest: string) => `/bots/${encodeURIComponent(botId)}/${rest}`;
