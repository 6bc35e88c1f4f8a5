// @vitest-environment jsdom
import type { Permission } from '@app/contracts/permissions';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { SettingsHubPage } from './settings-hub-page';

const BOT_ID = '0191e1a2-0000-7000-8000-0000000000b1';

beforeAll(() => {
  startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function serve(permissions: Permission[]) {
  stubFetch(({ path }) => {
    if (path.endsWith('/me/bots')) {
      return json({ bots: [{ id: BOT_ID, name: 'Corner Shop', username: 'corner_bot' }] });
    }
    if (path.endsWith('/me')) return json({ role: 'STAFF', permissions, botIds: 'all' });
    return json({ accounts: [] });
  });
}

async function chooseBot() {
  renderApp(<SettingsHubPage />, { path: '/settings' });
  await userEvent.selectOptions(await screen.findByLabelText('Bot'), BOT_ID);
}

describe('the settings hub’s bot links', () => {
  it('leads to the bot’s abandoned-cart reminder for who may send campaigns', async () => {
    serve(['settings', 'customers', 'support']);
    await chooseBot();
    const link = await screen.findByRole('link', { name: /Abandoned cart reminder/ });
    expect(link.getAttribute('href')).toBe(`/bots/${BOT_ID}/abandoned-cart`);
  });

  it('offers no abandoned-cart link without the customers and support permissions', async () => {
    serve(['settings']);
    await chooseBot();
    await screen.findByRole('link', { name: /Store Details/ });
    expect(screen.queryByRole('link', { name: /Abandoned cart reminder/ })).toBeNull();
  });
});
