// @vitest-environment jsdom
import type { SavedPaymentMethod } from '@app/contracts/billing';
import type { FeeStatement, InvoiceList, SubscriptionCard } from '@app/contracts/payments';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { SubscriptionsPage } from './subscriptions-page';

let telegram: ReturnType<typeof startFakeTelegram>;

beforeAll(() => {
  telegram = startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const statement = (month: string, fees: Partial<FeeStatement> = {}): FeeStatement => ({
  month,
  number: `FEES-${month.replace('-', '')}-ABCD1234`,
  orders: 0,
  salesUsdMinor: 0,
  feesMinor: 0,
  refundedOrders: 0,
  reversedMinor: 0,
  totalMinor: 0,
  currency: 'USD',
  ...fees,
});

function serve(invoices: InvoiceList) {
  return stubFetch(({ path }) => {
    const route = path.split('?')[0] ?? '';
    if (route.endsWith('/subscriptions')) return json({ subscriptions: [] });
    if (route.endsWith('/payments/wallet/balance'))
      return json({ balance: 0, balanceMinor: 0, currency: 'USD' });
    if (route.endsWith('/invoices')) return json(invoices);
    const month = /\/invoices\/fees\/([\d-]+)\/pdf\/link$/.exec(route)?.[1];
    if (month) {
      const url = `/api/v1/downloads/fee-statements/${month}?token=signed`;
      return json({ url, expiresAt: '2026-04-01T00:05:00.000Z' });
    }
    return json({}, 404);
  });
}

describe('Subscriptions: plan fees on shop sales', () => {
  it('shows the plan fees accrued this month, with the paid orders and sales they come from', async () => {
    serve({
      invoices: [],
      feeStatements: [
        statement('2026-03', { orders: 2, salesUsdMinor: 15_000, feesMinor: 525, totalMinor: 525 }),
      ],
    });
    renderApp(<SubscriptionsPage />);

    const card = await screen.findByTestId('plan-fees-this-month');
    expect(within(card).getByText('Plan fees this month')).toBeTruthy();
    expect(within(card).getByText('$5.25')).toBeTruthy();
    expect(within(card).getByText('2 paid orders · $150.00 in sales')).toBeTruthy();
  });

  it("lists a month's fee statement among the invoices and downloads its PDF through Telegram", async () => {
    const calls = serve({
      invoices: [],
      feeStatements: [
        statement('2026-04'),
        statement('2026-03', { orders: 1, salesUsdMinor: 10_000, feesMinor: 350, totalMinor: 350 }),
      ],
    });
    renderApp(<SubscriptionsPage />);

    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(invoices).findByText('Plan fees · March 2026')).toBeTruthy();
    expect(within(invoices).queryByText('Plan fees · April 2026')).toBeNull();
    await userEvent.click(within(invoices).getByRole('button', { name: 'Download PDF' }));

    expect(calls.some((c) => c.path.endsWith('/invoices/fees/2026-03/pdf/link'))).toBe(true);
    // Telegram downloads the link itself (no session): the app asks it to, under the statement's number.
    await vi.waitFor(() =>
      expect(telegram.last('web_app_request_file_download')).toEqual({
        url: `${window.location.origin}/api/v1/downloads/fee-statements/2026-03?token=signed`,
        file_name: 'FEES-202603-ABCD1234.pdf',
      }),
    );
  });
});

const subscription = (over: Partial<SubscriptionCard>): SubscriptionCard => ({
  botId: '11111111-1111-4111-8111-111111111111',
  botName: 'Shop',
  botUsername: 'shop_bot',
  plan: 'BASIC',
  status: 'active',
  period: 'monthly',
  endsAt: '2026-05-01T12:00:00.000Z',
  nextBilling: '2026-05-01T12:00:00.000Z',
  amountMinor: 2900,
  feeBps: 350,
  autoRenew: false,
  ...over,
});

const savedCard: SavedPaymentMethod = {
  id: '22222222-2222-4222-8222-222222222222',
  type: 'card',
  isDefault: true,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  expiresSoon: false,
  expired: false,
  createdAt: '2026-04-01T00:00:00.000Z',
};

function serveSubscriptions(card: SubscriptionCard, methods: SavedPaymentMethod[]) {
  return stubFetch(({ path }) => {
    const route = path.split('?')[0] ?? '';
    if (route.endsWith('/subscriptions')) return json({ subscriptions: [card] });
    if (route.endsWith('/billing/payment-methods')) return json({ methods, cardProvider: null });
    if (route.endsWith('/payments/wallet/balance'))
      return json({ balance: 0, balanceMinor: 0, currency: 'USD' });
    if (route.endsWith('/invoices')) return json({ invoices: [], feeStatements: [] });
    return json({}, 404);
  });
}

/** Opens the bot's card. */
const openCard = async () => userEvent.click(await screen.findByRole('button', { name: /Shop/ }));

/** What the open card's Renewal line says (null: no such line). */
const renewalLine = () => screen.queryByText('Renewal')?.nextElementSibling?.textContent ?? null;

describe('Subscriptions: how each plan renews', () => {
  it('says a paid plan renews automatically by the default card', async () => {
    serveSubscriptions(subscription({}), [savedCard]);
    renderApp(<SubscriptionsPage />);

    await openCard();
    await vi.waitFor(() => expect(renewalLine()).toBe('Automatic (card •••• 4242)'));
  });

  it('says a paid plan renews from the wallet when no method is saved', async () => {
    serveSubscriptions(subscription({}), []);
    renderApp(<SubscriptionsPage />);

    await openCard();
    await vi.waitFor(() => expect(renewalLine()).toBe('Automatic (wallet balance)'));
  });

  it('says a Litecoin default sends an invoice on the due date', async () => {
    serveSubscriptions(subscription({}), [{ ...savedCard, type: 'ltc', brand: null, last4: null }]);
    renderApp(<SubscriptionsPage />);

    await openCard();
    await vi.waitFor(() => expect(renewalLine()).toBe('Litecoin invoice on the due date'));
  });

  it('shows no renewal for a trial', async () => {
    serveSubscriptions(subscription({ status: 'trial' }), [savedCard]);
    renderApp(<SubscriptionsPage />);

    await openCard();
    await screen.findByText('Next billing');
    expect(renewalLine()).toBeNull();
  });
});
