// @vitest-environment jsdom
import { PAYMENT_PROVIDERS, PaymentProviderId, type PaymentProviders } from '@app/contracts/settings';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { PaymentsPage } from './payments-page';

const BOT_ID = '0191e1a2-0000-7000-8000-0000000000b1';

beforeAll(() => {
  startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The providers as a new bot has them: Stars on, nothing else. */
function providers(unpayable: PaymentProviders['unpayable']): PaymentProviders {
  return {
    providers: PaymentProviderId.options.map((id) => ({
      id,
      kind: PAYMENT_PROVIDERS[id].kind,
      goods: PAYMENT_PROVIDERS[id].goods,
      fees: { ...PAYMENT_PROVIDERS[id].fees },
      enabled: id === 'stars',
      configured: id === 'stars' || id === 'cash_on_delivery',
      currencies: [],
      hasSecret: false,
      testMode: false,
      updatedAt: null,
    })),
    unpayable,
  };
}

describe('the Payment Providers screen', () => {
  it('warns when the bot sells a product type no switched-on payment method takes', async () => {
    stubFetch(() => json(providers(['physical', 'service'])));
    renderApp(<PaymentsPage />, { path: '/bots/:botId/payments', url: `/bots/${BOT_ID}/payments` });

    expect((await screen.findByTestId('unpayable-physical')).textContent).toBe(
      'This bot sells physical products, but no payment method that is switched on takes them: customers cannot check out. Switch on Cash on Delivery, or set up card, wallet, regional or crypto payments.',
    );
    expect(screen.getByTestId('unpayable-service').textContent).toContain('customers cannot book');
  });

  it('shows no warning when every type the bot sells can be paid for', async () => {
    stubFetch(() => json(providers([])));
    renderApp(<PaymentsPage />, { path: '/bots/:botId/payments', url: `/bots/${BOT_ID}/payments` });

    await screen.findByTestId('provider-stars');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
