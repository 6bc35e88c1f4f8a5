// @vitest-environment jsdom
import type { ProductAnalytics } from '@app/contracts/analytics';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { ProductAnalyticsPanel } from './product-analytics';

beforeAll(() => {
  startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PRODUCT_ID = '3f0c2a8e-1d4b-4c6a-9b7e-2a1d3c4b5e6f';
const WEEK: ProductAnalytics = {
  productId: PRODUCT_ID,
  period: '7d',
  labels: ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
  views: [4, 0, 8, 2, 0, 0, 6],
  units: [1, 0, 0, 2, 0, 0, 0],
  revenue: [1500, 0, 0, 3000, 0, 0, 0],
  totals: { views: 20, units: 3, revenue: 4500, grossProfit: null },
};

const heights = () =>
  [...screen.getByTestId('product-analytics-chart').querySelectorAll('span')].map((bar) => bar.style.height);

describe("the product page's Analytics tab", () => {
  it('charts the views, units sold or revenue per day of the chosen period, with their totals', async () => {
    const calls = stubFetch(() => json(WEEK));
    renderApp(<ProductAnalyticsPanel productId={PRODUCT_ID} />);

    expect(await screen.findByRole('img', { name: 'Views per day over 7 days: 20 in all' })).toBeTruthy();
    expect(heights()).toEqual(['50%', '0%', '100%', '25%', '0%', '0%', '75%']);
    expect(screen.getByText('$45.00')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Sold' }));
    expect(screen.getByRole('img', { name: 'Sold per day over 7 days: 3 in all' })).toBeTruthy();
    expect(heights()).toEqual(['50%', '0%', '0%', '100%', '0%', '0%', '0%']);

    await userEvent.click(screen.getByRole('radio', { name: '7d' }));
    expect(calls.map((c) => c.path.split('/products/')[1])).toEqual([
      `${PRODUCT_ID}/analytics?period=30d`,
      `${PRODUCT_ID}/analytics?period=7d`,
    ]);
  });

  it('shows the gross profit beside the totals when the product has a cost price, and none without', async () => {
    stubFetch(() => json({ ...WEEK, totals: { ...WEEK.totals, grossProfit: 3000 } }));
    renderApp(<ProductAnalyticsPanel productId={PRODUCT_ID} />);
    const term = await screen.findByText('Gross profit');
    expect(term.nextElementSibling?.textContent).toBe('$30.00');
    cleanup();

    stubFetch(() => json(WEEK));
    renderApp(<ProductAnalyticsPanel productId={PRODUCT_ID} />);
    await screen.findByRole('img', { name: 'Views per day over 7 days: 20 in all' });
    expect(screen.queryByText('Gross profit')).toBeNull();
  });
});
