// @vitest-environment jsdom
import type { SavedPaymentMethod } from '@app/contracts/billing';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { PaymentMethodsPage } from './payment-methods-page';

beforeAll(() => {
  startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const method = (type: SavedPaymentMethod['type'], isDefault: boolean): SavedPaymentMethod => ({
  id: `00000000-0000-4000-8000-00000000000${type.length}`,
  type,
  isDefault,
  brand: null,
  last4: null,
  expMonth: null,
  expYear: null,
  expiresSoon: false,
  expired: false,
  createdAt: '2026-04-01T00:00:00.000Z',
});

function serve(methods: SavedPaymentMethod[]) {
  stubFetch(({ path }) =>
    path.split('?')[0]?.endsWith('/billing/payment-methods')
      ? json({ methods, cardProvider: null })
      : json({}, 404),
  );
}

describe('Payment methods: what the default pays', () => {
  it('says a Stars default sends a Stars invoice on the due date, under the default alone', async () => {
    serve([method('wallet', false), method('stars', true)]);
    renderApp(<PaymentMethodsPage />);

    const stars = await screen.findByTestId('payment-method-stars');
    expect(
      within(stars).getByText(
        'Renewals and fee statements come as a Telegram Stars invoice from the bot on their due date.',
      ),
    ).toBeTruthy();
    const wallet = screen.getByTestId('payment-method-wallet');
    expect(within(wallet).queryByText(/Renewals and fee statements/)).toBeNull();
  });

  it('says a Litecoin default sends a pay link on the due date', async () => {
    serve([method('ltc', true)]);
    renderApp(<PaymentMethodsPage />);

    const ltc = await screen.findByTestId('payment-method-ltc');
    expect(
      within(ltc).getByText(
        'Renewals and fee statements come as a Litecoin pay link from the bot on their due date.',
      ),
    ).toBeTruthy();
  });
});
