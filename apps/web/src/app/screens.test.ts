import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import { describeScreen, type Screen, showsBackButton, showsBottomNav } from './screens';
import { NAV_ITEMS } from './shell/bottom-nav';

// Every path of the route table, as written ('/bots/:botId/store'), with whether it draws a screen.
function walk(table: RouteObject[], parent = ''): { path: string; redirect: boolean }[] {
  return table.flatMap((route) => {
    const path = route.index ? parent || '/' : route.path ? `${parent}/${route.path}` : parent;
    const here = route.index || route.path ? [{ path, redirect: route.element != null }] : [];
    return [...here, ...walk(route.children ?? [], path)];
  });
}

const concrete = (pattern: string) =>
  pattern.replace(/:\w+/g, (name) => `${name.slice(1)}-1`).replace('*', 'no/such/screen');

function matchesOf(pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).map((m) => ({ handle: m.route.handle, params: m.params }));
}

function screenOf(pathname: string): Screen {
  return describeScreen(matchesOf(pathname));
}

function servedBy(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

const screens = walk(routes).filter((r) => !r.redirect);
const TABS = ['/', '/bots', '/products', '/orders', '/settings'];
const SIGN_IN = ['/auth', '/auth/login'];

describe('the route table', () => {
  it('has the five tabs of the bottom navigation, and they are the bottom navigation items', () => {
    expect(screens.filter((s) => screenOf(s.path).kind === 'tab').map((s) => s.path)).toEqual(TABS);
    expect(NAV_ITEMS.map((item) => item.to)).toEqual(TABS);
  });

  it.each(TABS)('%s shows the bottom navigation and no back button', (path) => {
    expect(showsBottomNav(screenOf(path))).toBe(true);
    expect(showsBackButton(screenOf(path))).toBe(false);
  });

  it.each(screens.map((s) => s.path).filter((p) => !TABS.includes(p) && !SIGN_IN.includes(p)))(
    '%s shows Telegram’s back button, no bottom navigation, and its way back is a real screen',
    (pattern) => {
      const screen = screenOf(concrete(pattern));
      expect(showsBackButton(screen)).toBe(true);
      expect(showsBottomNav(screen)).toBe(false);
      if (screen.kind !== 'stacked') throw new Error('not a stacked screen');
      expect(servedBy(screen.up)).not.toBe('*');
    },
  );

  it('keeps the sign-in screens bare: no back button, no bottom navigation', () => {
    for (const path of SIGN_IN) expect(screenOf(path)).toEqual({ kind: 'bare' });
  });

  it('serves every route of the spec (part 1 §2 and part 2 §2) with a screen', () => {
    const spec = [
      '/bot-new',
      '/bots/b1',
      '/products/p1/edit',
      '/orders/o1',
      '/customers/c1',
      '/categories',
      '/analytics',
      '/support-staff',
      '/staff-management',
      '/staff/new',
      '/staff/s1/permissions',
      '/staff/s1/activity',
      '/subscriptions',
      '/subscription-plans',
      '/subscription-plans/b1',
      '/payments/ltc/b1/pro',
      '/payments/stars/b1/pro',
      '/payments/wallet/b1/pro',
      ...[
        'profile',
        'security',
        'notifications',
        'payment',
        'invoices',
        'payouts',
        'export',
        'api',
        'danger',
      ].map((page) => `/settings/${page}`),
      ...['store', 'welcome', 'filters', 'token', 'payments', 'shipping', 'webhooks'].map(
        (p) => `/bots/b1/${p}`,
      ),
    ];
    for (const path of spec) expect(servedBy(path), path).not.toBe('*');
  });
});

describe('where back leads when there is no screen before', () => {
  it.each([
    ['/settings/profile', '/settings'],
    ['/settings/danger', '/settings'],
    ['/bots/b1/store', '/settings'],
    ['/bots/b1/webhooks', '/settings'],
    ['/orders/o1', '/orders'],
    ['/products/p1/edit', '/products'],
    ['/customers/c1', '/customers'],
    ['/payments/stars/b1/pro', '/subscriptions'],
    ['/bots/b1', '/bots'],
    ['/bot-new', '/bots'],
    ['/staff/s1/permissions', '/staff-management'],
    ['/no/such/screen', '/'],
  ])('%s → %s', (path, up) => {
    expect(screenOf(path)).toEqual({ kind: 'stacked', up });
  });
});
