// @vitest-environment jsdom
import type { BotTokenInfo, ShippingOverview } from '@app/contracts/settings';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { FiltersPage } from './filters-page';
import { ShippingPage } from './shipping-page';
import { TokenPage } from './token-page';

const BOT_ID = '0191e1a2-0000-7000-8000-0000000000b1';
let telegram: ReturnType<typeof startFakeTelegram>;

beforeAll(() => {
  telegram = startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const shipping: ShippingOverview = {
  currency: 'USD',
  methods: [],
  settings: { trackingEnabled: true, freeShippingThresholdMinor: 5000 },
  zones: [],
};
const token: BotTokenInfo = {
  maskedToken: '1234567890:AAAA••••',
  username: 'corner_bot',
  name: 'Corner',
  telegramBotId: 1234567890,
  isActive: true,
  webhookUrl: null,
  cacheClearedAt: null,
};
const closing = () => telegram.last('web_app_setup_closing_behavior');

describe('closing the Mini App with unsaved changes', () => {
  it('asks first on Shipping while a method is half typed or the threshold changed, and not once they are clean', async () => {
    stubFetch(() => json(shipping));
    renderApp(<ShippingPage />, { path: '/bots/:botId/shipping', url: `/bots/${BOT_ID}/shipping` });

    const name = await screen.findByLabelText('Name');
    await userEvent.type(name, 'Std');
    expect(closing()).toEqual({ need_confirmation: true });
    await userEvent.clear(name);
    expect(closing()).toEqual({ need_confirmation: false });

    const threshold = screen.getByLabelText(/^Free Shipping Threshold/);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '75');
    expect(closing()).toEqual({ need_confirmation: true });
  });

  it('asks first on the token screen while a new token is typed', async () => {
    stubFetch(() => json(token));
    renderApp(<TokenPage />, { path: '/bots/:botId/token', url: `/bots/${BOT_ID}/token` });

    await userEvent.type(await screen.findByLabelText('New Bot Token'), '123:abc');
    expect(closing()).toEqual({ need_confirmation: true });
  });

  it('asks first on Content Filters while a word is typed and not added', async () => {
    stubFetch(() => json({ lists: [], words: [] }));
    renderApp(<FiltersPage />, { path: '/bots/:botId/filters', url: `/bots/${BOT_ID}/filters` });

    await userEvent.type(await screen.findByLabelText('Word'), 'scam');
    expect(closing()).toEqual({ need_confirmation: true });
  });
});
