/**
 * The roots of every query key, in one place. Each feature builds its key factory on its root
 * (`features/<x>/api/<x>-keys.ts`); a feature whose change moves another feature's cache invalidates that
 * root (or one of the shared keys below) from here, since features do not import each other.
 */
export const queryRoots = {
  account: ['account'],
  analytics: ['analytics'],
  billing: ['billing'],
  botSettings: ['bot-settings'],
  bots: ['bots'],
  categories: ['categories'],
  customers: ['customers'],
  dashboard: ['dashboard'],
  developer: ['developer'],
  media: ['media'],
  orders: ['orders'],
  payments: ['payments'],
  policies: ['policies'],
  products: ['products'],
  shop: ['shop'],
} as const;

/** The vendor's bots: the bots screen's list, which the bot pickers of other screens read too. */
export const botListKey = () => [...queryRoots.bots, 'list'] as const;

/** The caller's own bots by name (`GET /me/bots`), which the bot pickers read: under the list, refreshed with it. */
export const myBotsKey = () => [...botListKey(), 'mine'] as const;

/** One bot's page (its activity and weekly figures are cached under it). */
export const botDetailKey = (botId: string) => [...queryRoots.bots, 'detail', botId] as const;

/** The categories matching `search`; '' is the whole list, which the product screens read too. */
export const categoryListKey = (search: string) => [...queryRoots.categories, 'list', search] as const;

/** The caller's security overview (two-step, sessions, biometric devices): Security and every step-up prompt. */
export const securityKey = () => [...queryRoots.account, 'security'] as const;

/** The vendor's profile: the Profile screen's, and the timezone a new service's hours start in. */
export const profileKey = () => [...queryRoots.account, 'profile'] as const;

/** The signed-in caller: role, permissions and bots in the current account (`GET /me`). */
export const meKey = () => ['me'] as const;
