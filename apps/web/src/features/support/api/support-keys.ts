import type { SupportTab } from '@app/contracts/support';

/** The inbox's query keys: lists (by tab and search), one conversation, its thread, the canned replies. */
export const supportKeys = {
  all: ['support'] as const,
  lists: () => [...supportKeys.all, 'list'] as const,
  list: (tab: SupportTab, search: string) => [...supportKeys.lists(), tab, search] as const,
  conversation: (id: string) => [...supportKeys.all, 'conversation', id] as const,
  messages: (id: string) => [...supportKeys.all, 'messages', id] as const,
  canned: (botId: string) => [...supportKeys.all, 'canned', botId] as const,
};
