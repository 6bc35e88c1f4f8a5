// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onBackButtonClick } from '../../../lib/telegram/buttons';
import { json, type RecordedCall, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { makeBot, makeBotList } from '../test-fixtures';
import { CreateBotPage } from './create-bot-page';

const GOOD_TOKEN = '123456789:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const UNKNOWN_TOKEN = '987654321:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const CREATED_ID = '22222222-2222-4222-8222-222222222222';

let telegram: ReturnType<typeof startFakeTelegram>;
let calls: RecordedCall[];

beforeAll(() => {
  telegram = startFakeTelegram();
});

beforeEach(() => {
  calls = stubFetch(({ method, path, body }) => {
    if (path.endsWith('/bots/verify-token')) {
      const { token } = body as { token: string };
      return json(
        token === GOOD_TOKEN
          ? {
              valid: true,
              error: null,
              botInfo: { id: 123456789, username: 'new_shop_bot', firstName: 'New Shop' },
            }
          : {
              valid: false,
              error: 'Invalid token or bot not found. Please check your token.',
              botInfo: null,
            },
      );
    }
    if (method === 'POST' && path.endsWith('/bots')) return json(makeBot({ id: CREATED_ID }), 201);
    return json(makeBotList([makeBot()]));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mainButton = () => telegram.last('web_app_setup_main_button');
const secondaryButton = () => telegram.last('web_app_setup_secondary_button');

async function verify(token: string) {
  const input = screen.getByLabelText('Bot Token');
  await userEvent.clear(input);
  if (token) await userEvent.type(input, token);
  act(() => telegram.press('secondary'));
}

function renderWizard() {
  return renderApp(<CreateBotPage />, { path: '/bot-new' });
}

describe('create bot wizard', () => {
  it('puts Verify Bot on Telegram’s secondary button and keeps Continue disabled until the token is verified', async () => {
    renderWizard();
    expect(secondaryButton()).toMatchObject({ is_visible: true, text: 'Verify Bot' });
    expect(mainButton()).toMatchObject({ is_visible: true, is_active: false, text: 'Continue' });

    await verify('');
    expect(await screen.findByText('Please enter a bot token first')).toBeTruthy();
    await verify('123:abc');
    expect(await screen.findByText('Invalid bot token format')).toBeTruthy();
    await verify(UNKNOWN_TOKEN);
    expect(await screen.findByText('Invalid token or bot not found. Please check your token.')).toBeTruthy();
    expect(mainButton()).toMatchObject({ is_active: false });

    await verify(GOOD_TOKEN);
    expect(((await screen.findByLabelText('Display Name')) as HTMLInputElement).value).toBe('New Shop');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('@new_shop_bot');
    expect(mainButton()).toMatchObject({ is_active: true });
    expect(secondaryButton()).toMatchObject({ is_visible: false });
  });

  it('makes an edited token unverified again', async () => {
    renderWizard();
    await verify(GOOD_TOKEN);
    await screen.findByLabelText('Display Name');
    await userEvent.type(screen.getByLabelText('Bot Token'), 'x');
    expect(screen.queryByLabelText('Display Name')).toBeNull();
    expect(mainButton()).toMatchObject({ is_active: false });
    expect(secondaryButton()).toMatchObject({ is_visible: true, text: 'Verify Bot' });
  });

  it('needs a display name before step 2 (the contract’s message)', async () => {
    renderWizard();
    await verify(GOOD_TOKEN);
    await userEvent.clear(await screen.findByLabelText('Display Name'));
    act(() => telegram.press('main'));
    expect(await screen.findByText('Bot name is required')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bot Verification' })).toBeTruthy();
  });

  it('goes a step back on Telegram’s back button instead of leaving the wizard', async () => {
    const appBack = vi.fn();
    const off = onBackButtonClick(appBack);
    renderWizard();
    await verify(GOOD_TOKEN);
    await screen.findByLabelText('Display Name');
    act(() => telegram.press('main'));
    expect(await screen.findByRole('heading', { name: 'Bot Configuration' })).toBeTruthy();
    expect(secondaryButton()).toMatchObject({ is_visible: true, text: 'Back' });

    act(() => telegram.press('back'));
    expect(await screen.findByRole('heading', { name: 'Bot Verification' })).toBeTruthy();
    expect(appBack).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Bot Token') as HTMLInputElement).value).toBe(GOOD_TOKEN);

    // On the first step back is the app's again.
    act(() => telegram.press('back'));
    expect(appBack).toHaveBeenCalledTimes(1);
    off();
  });

  it('creates the bot with the contract’s body and lands on the new bot, its trial started', async () => {
    const { router } = renderWizard();
    await verify(GOOD_TOKEN);
    await screen.findByLabelText('Display Name');
    act(() => telegram.press('main'));
    await userEvent.selectOptions(await screen.findByLabelText('Currency'), 'GBP');
    act(() => telegram.press('main'));
    // The vendor has a bot already: no Free plan, the recommended one chosen.
    expect(await screen.findByRole('radio', { name: 'Pro plan' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: 'Free plan' })).toBeNull();
    // The main button follows the step in an effect; under load it can lag a render behind.
    await waitFor(() => expect(mainButton()).toMatchObject({ text: 'Create Bot', is_active: true }));
    act(() => telegram.press('main'));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/bots/${CREATED_ID}`));
    expect(router.state.location.state).toEqual({ created: 'PRO' });
    const create = calls.find((call) => call.method === 'POST' && call.path.endsWith('/bots'));
    expect(create?.body).toEqual({
      botToken: GOOD_TOKEN,
      botName: 'New Shop',
      category: 'general',
      language: 'en',
      currency: 'GBP',
      timezone: 'UTC',
      welcomeMessage: 'Welcome to our store! Browse our products and enjoy exclusive deals.',
      plan: 'PRO',
      sellAllBotsProducts: true,
    });
  });

  it('says the “All bots” products will be sold by the new bot too, and sends the vendor’s opt-out', async () => {
    renderWizard();
    await verify(GOOD_TOKEN);
    await screen.findByLabelText('Display Name');
    act(() => telegram.press('main'));
    await screen.findByLabelText('Currency');
    // The main button follows the step in an effect; under load it can lag a render behind.
    await waitFor(() => expect(mainButton()).toMatchObject({ text: 'Continue', is_active: true }));
    act(() => telegram.press('main'));
    await screen.findByRole('heading', { name: 'Choose Your Plan' });
    const share = await screen.findByRole('switch', { name: 'Sell my “All bots” products through this bot' });
    expect(share.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Your products set to “All bots” will be sold by this bot too.')).toBeTruthy();
    await userEvent.click(share);
    expect(share.getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(mainButton()).toMatchObject({ text: 'Create Bot', is_active: true }));
    act(() => telegram.press('main'));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.path.endsWith('/bots'))?.body).toMatchObject(
        {
          sellAllBotsProducts: false,
        },
      ),
    );
  });
});
