// @vitest-environment jsdom
import type { BotDetail } from '@app/contracts/bots';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedCall, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { BotDetailsPage } from '../routes/bot-details-page';
import { makeBotDetail } from '../test-fixtures';

let telegram: ReturnType<typeof startFakeTelegram>;
let bot: BotDetail;
let calls: RecordedCall[];

beforeAll(() => {
  telegram = startFakeTelegram();
});

beforeEach(() => {
  bot = makeBotDetail();
  calls = stubFetch(({ method, path, body }) => {
    if (path.endsWith('/stats')) {
      return json({
        totals: {
          revenue: 0,
          revenueFormatted: '€0',
          orders: 0,
          customers: 0,
          avgOrderValue: 0,
          avgOrderValueFormatted: '€0',
          conversionRate: 0,
        },
        growth: { revenue: '0%', orders: '0%', customers: '0%' },
      });
    }
    if (path.includes('/activity')) return json([]);
    // The page asks what the caller may do (GET /me): the owner may do everything.
    if (path.endsWith('/me')) return json({ role: 'VENDOR', permissions: ['all'], botIds: 'all' });
    if (method === 'PATCH') {
      const patch = body as Partial<BotDetail>;
      bot = { ...bot, ...patch, settings: { ...bot.settings, ...patch.settings } };
      return json(bot);
    }
    return json(bot);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openSettings() {
  renderApp(<BotDetailsPage />, { path: '/bots/:botId', url: `/bots/${bot.id}` });
  await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
  return screen.getByLabelText('Bot Name') as HTMLInputElement;
}

const mainButton = () => telegram.last('web_app_setup_main_button');
const secondaryButton = () => telegram.last('web_app_setup_secondary_button');
const patches = () => calls.filter((call) => call.method === 'PATCH');

describe('bot settings: view and edit mode', () => {
  it('opens in view mode: the loaded values, read-only, and no Save on Telegram’s main button', async () => {
    const name = await openSettings();
    expect(name.value).toBe('Test Shop');
    expect(name.readOnly).toBe(true);
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).disabled).toBe(true);
    expect(mainButton()).toMatchObject({ is_visible: false });
    expect(screen.queryByRole('button', { name: 'Delete Bot' })).toBeNull();
  });

  it('puts Save on the main button, disabled until something changes, and Cancel on the secondary one', async () => {
    const name = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(mainButton()).toMatchObject({ is_visible: true, is_active: false, text: 'Save' });
    expect(secondaryButton()).toMatchObject({ is_visible: true, is_active: true, text: 'Cancel' });

    await userEvent.type(name, '!');
    expect(mainButton()).toMatchObject({ is_visible: true, is_active: true });
    await userEvent.type(name, '{Backspace}');
    expect(mainButton()).toMatchObject({ is_active: false });
  });

  it('shows the contract’s message for an empty name and sends nothing', async () => {
    const name = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    act(() => telegram.press('main'));
    expect(await screen.findByText('Bot name is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toHaveLength(0);
  });

  it('saves the edited values as the contract’s body and leaves edit mode', async () => {
    const name = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(name);
    await userEvent.type(name, '  Hat Shop ');
    await userEvent.selectOptions(screen.getByLabelText('Timezone'), 'CET');
    await userEvent.click(screen.getByRole('switch', { name: 'Stock Alerts' }));
    act(() => telegram.press('main'));

    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]?.body).toEqual({
      name: 'Hat Shop',
      description: 'Hats and scarves',
      category: 'fashion',
      settings: { ...makeBotDetail().settings, timezone: 'CET', stockAlerts: false },
    });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect((screen.getByLabelText('Bot Name') as HTMLInputElement).value).toBe('Hat Shop');
    expect(screen.getByRole('switch', { name: 'Stock Alerts' }).getAttribute('aria-checked')).toBe('false');
    expect(mainButton()).toMatchObject({ is_visible: false });
  });

  it('Cancel on Telegram’s secondary button restores the loaded values', async () => {
    const name = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(name, ' and more');
    await userEvent.click(screen.getByRole('switch', { name: 'Maintenance Mode' }));
    act(() => telegram.press('secondary'));

    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect((screen.getByLabelText('Bot Name') as HTMLInputElement).value).toBe('Test Shop');
    expect(screen.getByRole('switch', { name: 'Maintenance Mode' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(secondaryButton()).toMatchObject({ is_visible: false });
    expect(patches()).toHaveLength(0);
  });

  it('asks Telegram to confirm closing while there are unsaved edits', async () => {
    const name = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(name, '!');
    expect(telegram.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
    act(() => telegram.press('secondary'));
    await screen.findByRole('button', { name: 'Edit' });
    expect(telegram.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });
  });

  it('keeps unsaved edits when the user looks at another tab and comes back', async () => {
    const name = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(name, '!');
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(mainButton()).toMatchObject({ is_visible: false });
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect((screen.getByLabelText('Bot Name') as HTMLInputElement).value).toBe('Test Shop!');
    expect(mainButton()).toMatchObject({ is_visible: true, is_active: true });
  });
});
