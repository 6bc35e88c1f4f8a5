// @vitest-environment jsdom
import type { MeResponse } from '@app/contracts/auth';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '../../../lib/session';
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
