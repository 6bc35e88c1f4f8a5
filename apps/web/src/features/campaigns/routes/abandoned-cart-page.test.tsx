// @vitest-environment jsdom
import type { AbandonedCartSettings } from '@app/contracts/campaigns';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, type RecordedCall, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { AbandonedCartPage } from './abandoned-cart-page';

const BOT_ID = '0191e1a2-0000-7000-8000-0000000000b1';
let telegram: ReturnType<typeof startFakeTelegram>;

beforeAll(() => {
  telegram = startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server as it answers a bot whose reminder was never set: off, 6 hours. */
function serve(): RecordedCall[] {
  let saved: AbandonedCartSettings = { enabled: false, hours: 6 };
  return stubFetch(({ method, path, body }) => {
    if (!path.endsWith(`/bots/${BOT_ID}/abandoned-cart`)) return json({ error: 'not found' }, 404);
    if (method === 'PUT') saved = body as AbandonedCartSettings;
    return json(saved);
  });
}

const open = () =>
  renderApp(<AbandonedCartPage />, {
    path: '/bots/:botId/abandoned-cart',
    url: `/bots/${BOT_ID}/abandoned-cart`,
  });
const mainButton = () => telegram.last('web_app_setup_main_button');
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT');

describe('the abandoned-cart reminder screen', () => {
  it('shows the bot’s setting (off, 6 hours by default) with Save on the main button, disabled until changed', async () => {
    serve();
    open();
    const toggle = await screen.findByRole('switch', { name: 'Send the reminder' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect((screen.getByLabelText('Hours after the cart is left') as HTMLInputElement).value).toBe('6');
    expect(screen.getByText(/6 hours after a customer leaves a cart/)).toBeTruthy();
    expect(mainButton()).toMatchObject({ is_visible: true, is_active: false, text: 'Save' });
  });

  it('saves the reminder switched on with the hours chosen when the main button is pressed', async () => {
    const calls = serve();
    open();
    await userEvent.click(await screen.findByRole('switch', { name: 'Send the reminder' }));
    const hours = screen.getByLabelText('Hours after the cart is left');
    await userEvent.clear(hours);
    await userEvent.type(hours, '12');
    expect(mainButton()).toMatchObject({ is_active: true });
    act(() => telegram.press('main'));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ enabled: true, hours: 12 });
    await waitFor(() => expect(mainButton()).toMatchObject({ is_active: false }));
  });

  it('refuses hours outside 1 to 72 with a clear message and sends nothing', async () => {
    const calls = serve();
    open();
    const hours = await screen.findByLabelText('Hours after the cart is left');
    await userEvent.clear(hours);
    await userEvent.type(hours, '100');
    act(() => telegram.press('main'));

    expect(await screen.findByText('Enter a whole number of hours from 1 to 72.')).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });
});
