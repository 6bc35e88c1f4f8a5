/** Query keys of the per-bot settings screens: one entry per screen, under the bot. */
export const settingsKeys = {
  all: ['bot-settings'] as const,
  bot: (botId: string) => [...settingsKeys.all, botId] as const,
  store: (botId: string) => [...settingsKeys.bot(botId), 'store'] as const,
  welcome: (botId: string) => [...settingsKeys.bot(botId), 'welcome'] as const,
  filters: (botId: string) => [...settingsKeys.bot(botId), 'filters'] as const,
  token: (botId: string) => [...settingsKeys.bot(botId), 'token'] as const,
  payments: (botId: string) => [...settingsKeys.bot(botId), 'payments'] as const,
  shipping: (botId: string) => [...settingsKeys.bot(botId), 'shipping'] as const,
};

/**
 * The bots feature caches the bot list and a bot's detail under these keys; features do not import each
 * other, so the prefixes are named here (see features/bots/api/bot-keys.ts). A token or welcome change
 * refreshes them.
 */
export const BOT_LIST_KEY = ['bots', 'list'] as const;
export const botDetailKey = (botId: string) => ['bots', 'detail', botId] as const;

export const botPath = (botId: string, rest: string) => `/bots/${encodeURIComponent(botId)}/${rest}`;
