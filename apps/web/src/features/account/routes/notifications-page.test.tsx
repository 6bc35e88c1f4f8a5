// @vitest-environment jsdom
import type { MeResponse } from '@app/contracts/auth';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../../lib/session';
import { setTelegramState } from '../../../lib/telegram/state';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { NotificationsPage } from './notifications-page';

beforeAll(() => {
  startFakeTelegram();
});

afterEach(() => {
  localStorage.removeItem(SESSION_KEYS.role);
  cleanup();
  vi.unstubAllGlobals();
});

const AGENT: MeResponse = {
  vendor: { id: '00000000-0000-4000-8000-000000000001', storeName: 'Shop', language: null },
  role: 'STAFF',
  demo: false,
  telegramId: 42,
  permissions: ['orders', 'customers', 'support'],
  botIds: ['bot-a'],
};

describe('My alerts on the notifications screen', () => {
  it('gives a Support Agent a switch per alert kind they hear of, and a switch turned off mutes that kind', async () => {
    let muted: string[] = ['support'];
    const calls = stubFetch(({ method, path, body }) => {
      if (path.endsWith('/me')) return json(AGENT);
      if (path.endsWith('/me/alerts')) {
        if (method === 'PUT') muted = (body as { muted: string[] }).muted;
        return json({ muted });
      }
      return json({ error: { code: 'FORBIDDEN', message: 'no' } }, 403);
    });
    // Signed in to someone else's account as staff (the sign-in's role).
    localStorage.setItem(SESSION_KEYS.role, 'STAFF');
    renderApp(<NotificationsPage />, { path: '/settings/notifications' });

    const orders = await screen.findByRole('switch', { name: 'New paid orders' });
    expect(orders.getAttribute('aria-checked')).toBe('true');
    expect(
      screen.getByRole('switch', { name: 'Messages flagged for review' }).getAttribute('aria-checked'),
    ).toBe('false');
    // No Products, no Billing: stock and plan alerts never reach them, so they get no switch.
    expect(screen.queryByRole('switch', { name: 'Low stock and sold-out products' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Plan limits and renewals' })).toBeNull();

    await userEvent.click(orders);
    await waitFor(() => expect(muted).toEqual(['support', 'orders']));
    expect(screen.getByRole('switch', { name: 'New paid orders' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    // The account's grid is the owner's: a member without Full Access is not asked for it (no 403 toast).
    expect(calls.some((call) => /\/vendors\/[^/]+\/notifications/.test(call.path))).toBe(false);
  });
});

describe('Web Push on the notifications screen', () => {
  const OWNER: MeResponse = { ...AGENT, role: 'VENDOR', permissions: ['all'], botIds: 'all' };
  const SUBSCRIPTION = {
    endpoint: 'https://push.example.test/sub/1',
    keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret' },
  };

  /** A browser that can do Web Push and whose user allows notifications. */
  function pushCapableBrowser() {
    let subscribed: typeof SUBSCRIPTION | null = null;
    const registration = {
      pushManager: {
        getSubscription: async () =>
          subscribed ? { endpoint: subscribed.endpoint, unsubscribe: async () => true } : null,
        subscribe: async () => {
          subscribed = SUBSCRIPTION;
          return { endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION };
        },
      },
    };
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal(
      'Notification',
      Object.assign(class {}, { permission: 'default', requestPermission: async () => 'granted' }),
    );
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        register: vi.fn(async () => registration),
        ready: Promise.resolve(registration),
        getRegistration: async () => registration,
      },
    });
  }

  function grid() {
    return {
      types: Object.fromEntries(
        [
          'orders',
          'payments',
          'messages',
          'reviews',
          'inventory',
          'subscription',
          'security',
          'marketing',
        ].map((type) => [type, { email: false, telegram: true, push: false }]),
      ),
      quietHours: { enabled: false, start: '22:00', end: '08:00' },
    };
  }

  afterEach(() => {
    setTelegramState({ isDemo: false });
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('inside Telegram says the platform bot’s messages are the push channel, and offers no browser push', async () => {
    stubFetch(({ path }) => {
      if (path.endsWith('/me')) return json(OWNER);
      if (path.endsWith('/notifications')) return json(grid());
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    renderApp(<NotificationsPage />, { path: '/settings/notifications' });
    expect(
      await screen.findByText('Inside Telegram, the platform bot’s messages are your push notifications.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('push-card')).toBeNull();
  });

  it('outside Telegram subscribes this browser with the server’s key and sends the subscription', async () => {
    setTelegramState({ isDemo: true });
    pushCapableBrowser();
    let subscribed: unknown = null;
    stubFetch(({ method, path, body }) => {
      if (path.endsWith('/me')) return json(OWNER);
      if (path.endsWith('/notifications')) return json(grid());
      if (path.endsWith('/notifications/push') && method === 'POST') {
        subscribed = body;
        return json({ publicKey: 'BKeyKeyKey', endpoints: [SUBSCRIPTION.endpoint] });
      }
      if (path.endsWith('/notifications/push')) return json({ publicKey: 'BKeyKeyKey', endpoints: [] });
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    renderApp(<NotificationsPage />, { path: '/settings/notifications' });
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this browser' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    await waitFor(() => expect(subscribed).toEqual(SUBSCRIPTION));
    await waitFor(() =>
      expect(
        screen
          .getByRole('switch', { name: 'Push notifications on this browser' })
          .getAttribute('aria-checked'),
      ).toBe('true'),
    );
  });
});
