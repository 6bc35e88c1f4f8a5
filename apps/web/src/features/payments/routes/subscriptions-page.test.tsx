// @vitest-environment jsdom
import type { FeeStatement, InvoiceList } from '@app/contracts/payments';
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
