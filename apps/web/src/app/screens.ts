import { generatePath, type Params } from 'react-router';
import type { MessageKey } from '../i18n/messages';

/**
 * What the shell needs to know about a screen, kept on its route as `handle` (see routes.tsx).
 *
 * The rule (issue 6 §8, spec part 1 §2 and part 2 §2): the five tabs of the bottom navigation show the bottom
 * navigation and no back button; every other screen shows Telegram's back button instead, which leads to the
 * screen before it, or, when there is none (the screen was opened directly), to the screen the spec names
 * as its way back (`up`): settings pages to /settings, an order to /orders, a payment to /subscriptions, …
 */
export type ScreenHandle = {
  /** One of the five sections of the bottom navigation. */
  tab?: true;
  /** A screen outside the signed-in app (sign-in): neither bottom navigation nor back button. */
  bare?: true;
  /** Where back leads when there is no in-app history: a path pattern filled from the route's params. */
  up?: string;
  /** The screen's title in the catalogue (placeholder screens show it). */
  title?: MessageKey;
};

export type Screen =
  | { kind: 'tab' }
  | { kind: 'bare' }
  /** A screen below a tab: Telegram's back button, no bottom navigation. */
  | { kind: 'stacked'; up: string };

export function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null;
}

/**
 * The screen of a set of matched routes (outermost first, as `useMatches()` and `matchRoutes()` give them):
 * the innermost route that says anything decides. A route that says nothing is a screen below a tab whose
 * way back is Home.
 */
export function describeScreen(matches: readonly { handle: unknown; params: Params }[]): Screen {
  const match = matches.findLast((m) => isScreenHandle(m.handle));
  const handle = match?.handle as ScreenHandle | undefined;
  if (handle?.tab) return { kind: 'tab' };
  if (handle?.bare) return { kind: 'bare' };
  return { kind: 'stacked', up: handle?.up ? generatePath(handle.up, match?.params ?? {}) : '/' };
}

export const showsBackButton = (screen: Screen) => screen.kind === 'stacked';
export const showsBottomNav = (screen: Screen) => screen.kind === 'tab';
