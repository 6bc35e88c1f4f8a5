// @vitest-environment jsdom
import type { AnalyticsChart, AnalyticsOverview } from '@app/contracts/analytics';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { OverviewTab } from './overview-tab';

// The chart library measures the screen when it loads, which jsdom cannot; the figures are what is tested here.
vi.mock('./revenue-chart', () => ({ RevenueChart: () => null }));

beforeAll(() => {
  startFakeTelegram();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OVERVIEW: AnalyticsOverview = {
  period: '30d',
  currency: 'USD',
  totalRevenue: 125000,
  totalRevenueFormatted: '$1,250',
  revenueChange: 0,
  totalOrders: 40,
  ordersChange: 0,
  activeCustomers: 12,
  customersChange: 0,
  avgConversion: 0,
  conversionChange: 0,
};
/** Each chart of the overview, empty: the figures are what is tested here. */
const CHARTS: Record<string, AnalyticsChart> = {
  revenue: { type: 'revenue', period: '30d', labels: [], revenue: [], orders: [], customers: [], active: [] },
  'top-products': { type: 'top-products', period: '30d', products: [] },
  'category-performance': { type: 'category-performance', period: '30d', categories: [] },
};
const chartOf = (path: string) => CHARTS[path.split('/analytics/charts/')[1]?.split('?')[0] ?? ''];

describe('Analytics’ overview', () => {
  it('says what Total Revenue holds, as Home does: order totals with tax and shipping, cancelled and refunded left out', async () => {
    stubFetch((call) => json(chartOf(call.path) ?? OVERVIEW));
    renderApp(<OverviewTab scope={{ period: '30d' }} />);

    const revenue = await screen.findByTestId('analytics-revenue');
    expect(
      within(revenue).getByText('order totals with tax and shipping, excluding cancelled and refunded'),
    ).toBeTruthy();
    expect(revenue.textContent).toContain('$1,250');
  });
});
