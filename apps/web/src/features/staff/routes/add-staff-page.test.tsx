// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { AddStaffPage } from './add-staff-page';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Pick from Telegram on Add New Staff', () => {
  it('sends the form without the person, says the bot sent the picker, and opens the bot’s chat', async () => {
    const calls = stubFetch(({ path }) => {
      if (path.endsWith('/me/bots')) return json({ bots: [] });
      if (path.endsWith('/me')) {
        return json({
          vendor: { id: 'v', storeName: 'Shop', language: null },
          role: 'VENDOR',
          demo: false,
          telegramId: 1,
          permissions: ['all'],
          botIds: 'all',
        });
      }
      if (path.endsWith('/staff/pick')) {
        return json({
          sent: true,
          chatUrl: 'https://t.me/platform_bot',
          expiresAt: new Date().toISOString(),
        });
      }
      return json({ staff: [], total: 0 });
    });
    renderApp(<AddStaffPage />, { path: '/staff/new' });

    await userEvent.click(await screen.findByRole('button', { name: 'Pick from Telegram' }));

    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/staff/pick'))).toBe(true));
    const sent = calls.find((c) => c.path.endsWith('/staff/pick'));
    expect(sent?.method).toBe('POST');
    // The Support Agent defaults (spec part 2 §4), every bot, and no person: they are chosen in Telegram.
    expect(sent?.body).toEqual({
      role: 'support_agent',
      permissions: ['orders', 'customers', 'support'],
      managedBots: 'all',
      notes: null,
    });
    await waitFor(() =>
      expect(telegram.last('web_app_open_popup')).toMatchObject({ title: 'Choose in Telegram' }),
    );
    await waitFor(() =>
      expect(telegram.last('web_app_open_tg_link')).toMatchObject({ path_full: '/platform_bot' }),
    );
  });
});
