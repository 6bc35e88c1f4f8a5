/**
 * Deep links: Telegram opens the Mini App with a start parameter (`t.me/<bot>/<app>?startapp=order_42`, which
 * reaches the app as `tgWebAppStartParam`), and the app opens on the matching screen. This table is the one
 * place that says which parameter opens which screen; notifications and shares build their links from it.
 * The README beside this file shows the same table; deep-links.test.ts keeps the two in step.
 *
 * Telegram allows only A–Z, a–z, 0–9, `_` and `-` in a start parameter (up to 512 characters), so an id is
 * joined with `_` and can be a UUID but never a path.
 */

/** Screens opened by a bare word: `startapp=orders`. */
export const SECTION_LINKS = {
  home: '/',
  bots: '/bots',
  products: '/products',
  orders: '/orders',
  customers: '/customers',
  categories: '/categories',
  analytics: '/analytics',
  subscriptions: '/subscriptions',
  settings: '/settings',
  support: '/support',
} as const satisfies Record<string, string>;

/** Screens of one object: `startapp=<prefix>_<id>`. */
export const OBJECT_LINKS = {
  bot: (id: string) => `/bots/${id}`,
  order: (id: string) => `/orders/${id}`,
  product: (id: string) => `/products/${id}`,
  customer: (id: string) => `/customers/${id}`,
  plans: (botId: string) => `/subscription-plans/${botId}`,
  support: (id: string) => `/support/${id}`,
} as const satisfies Record<string, (id: string) => string>;

/** A team invite (`invite_<token>`): taken at sign-in (lib/auth.ts), it opens Home in the account joined. */
export const INVITE_PREFIX = 'invite_';

export type SectionLink = keyof typeof SECTION_LINKS;
export type ObjectLink = keyof typeof OBJECT_LINKS;

// UUIDs and numeric ids; nothing that could climb out of the path segment.
const ID = /^[A-Za-z0-9-]{1,64}$/;

function isKey<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key);
}

/** The in-app path a start parameter opens, or null when it names nothing the app knows (the app opens Home). */
export function resolveStartParam(param: string | null | undefined): string | null {
  if (!param) return null;
  if (isKey(SECTION_LINKS, param)) return SECTION_LINKS[param];
  const split = param.indexOf('_');
  if (split <= 0) return null;
  const prefix = param.slice(0, split);
  const id = param.slice(split + 1);
  if (!isKey(OBJECT_LINKS, prefix) || !ID.test(id)) return null;
  return OBJECT_LINKS[prefix](id);
}

/** The start parameter that opens an object's screen: `startParamFor('order', id)` → `order_<id>`. */
export function startParamFor(kind: ObjectLink, id: string): string {
  return `${kind}_${id}`;
}

type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void>;

/**
 * Opens the screen a launch's start parameter names, with Home beneath it in the history, so Telegram's back
 * button on that screen leads Home (and Android's back does not close the app). An unknown parameter opens
 * Home. Either way the launch URL (which, in demo mode, carries `?startapp=`) gives way to a clean `/`.
 */
export async function openStartParam(param: string | null, navigate: Navigate): Promise<void> {
  if (param === null) return;
  const target = resolveStartParam(param);
  // One navigation at a time: a second one started before the first settles would cancel it.
  await navigate('/', { replace: true });
  if (target && target !== '/') await navigate(target);
}
