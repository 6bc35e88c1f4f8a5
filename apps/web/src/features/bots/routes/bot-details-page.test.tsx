// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { makeBotDetail } from '../test-fixtures';
import { BotDetailsPage } from './bot-details-page';

beforeAll(() => {
  startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(unpayable: string[]) {
  const bot = makeBotDetail();
  stubFetch(({ path }) => {
    // The owner: every permission.
    if (path.endsWith('/me')) return json({ role: 'VENDOR', permissions: ['all'], botIds: 'all' });
    if (path.endsWith('/payments')) return json({ providers: [], unpayable });
    if (path.includes('/activity')) return json([]);
    return json(bot);
  });
  renderApp(<BotDetailsPage />, { path: '/bots/:botId', url: `/bots/${bot.id}` });
  return bot;
}

describe('the bot page', () => {
  it('warns when the bot sells products no switched-on payment method takes, with a link to fix it', async () => {
    const bot = serve(['physical']);
    const warning = await screen.findByTestId('bot-unpayable');
    expect(warning.textContent).toContain(
      'Customers cannot pay for some of this bot’s products: no payment method that is switched on takes them.',
    );
    expect(screen.getByRole('link', { name: 'Payment Providers' }).getAttribute('href')).toBe(
      `/bots/${bot.id}/payments`,
    );
  });

  it("links to the bot's Telegram Stars", async () => {
    const bot = serve([]);
    const link = await screen.findByTestId('bot-stars-link');
    expect(link.getAttribute('href')).toBe(`/bots/${bot.id}/stars`);
  });

  it('shows no warning when every product can be paid for', async () => {
    serve([]);
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.queryByTestId('bot-unpayable')).toBeNull();
  });
});

describe('an unknown bot', () => {
  it('says Bot Not Found on the first answer, without asking again', async () => {
    const calls = stubFetch(({ path }) =>
      path.includes('/bot-details/')
        ? json({ error: { code: 'BOT_NOT_FOUND', message: 'Bot not found' } }, 404)
        : json({ providers: [], unpayable: [] }),
    );
    const started = Date.now();
    renderApp(<BotDetailsPage />, {
      path: '/bots/:botId',
      url: '/bots/0191e1a2-0000-7000-8000-00000000dead',
    });
    expect(await screen.findByText('Bot Not Found')).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(900);
    expect(calls.filter((c) => c.path.includes('/bot-details/'))).toHaveLength(1);
  });

  it('asks once for an id that cannot be a bot (the server refuses it), rather than retrying a second later', async () => {
    const calls = stubFetch(({ path }) =>
      path.includes('/bot-details/')
        ? json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid input' } }, 400)
        : json({ providers: [], unpayable: [] }),
    );
    renderApp(<BotDetailsPage />, { path: '/bots/:botId', url: '/bots/x' });
    await screen.findByRole('button', { name: 'Back to Bots' });
    expect(calls.filter((c) => c.path.includes('/bot-details/'))).toHaveLength(1);
  });
});
