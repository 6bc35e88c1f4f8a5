// @vitest-environment jsdom
import type { RevenueChart } from '@app/contracts/analytics';
import type { CustomerStats } from '@app/contracts/customers';
import type { DashboardBots, DashboardStats, SubscriptionOverview } from '@app/contracts/dashboard';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { HomePage } from './home-page';

beforeAll(() => {
  startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATS: DashboardStats = {
  totalRevenue: 12345.67,
  totalRevenueFormatted: '$12,346',
  revenueChange: 12.5,
  revenueTrend: 'up',
  activeBots: 2,
  totalBots: 3,
  botsChange: 0,
  botsTrend: 'neutral',
  totalOrders: 0,
  ordersChange: 0,
  ordersTrend: 'neutral',
  supportStaff: 0,
  staffChange: 0,
  staffTrend: 'neutral',
};

const CUSTOMERS: CustomerStats = {
  totalCustomers: 0,
  vipCustomers: 0,
  regularCustomers: 0,
  newCustomers: 0,
  activeCustomers: 0,
  inactiveCustomers: 0,
  avgOrderValue: 0,
  avgOrderValueFormatted: '$0',
  monthlyGrowth: 0,
  vipPercentage: 0,
  retentionRate: 0,
  segments: { vip: 0, regular: 0, new: 0, inactive: 0 },
};

const WEEK: RevenueChart = {
  type: 'revenue',
  period: '7d',
  labels: ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'],
  revenue: [0, 0, 0, 0, 0, 0, 0],
  orders: [0, 0, 0, 0, 0, 0, 0],
  customers: [0, 0, 0, 0, 0, 0, 0],
  active: [0, 3, 0, 1, 0, 0, 6],
};

const NO_BOTS: DashboardBots = { bots: [], total: 0, online: 0 };
const NO_SUBSCRIPTIONS: SubscriptionOverview = {
  activeSubscriptions: 0,
  monthlyCost: 0,
  monthlyCostFormatted: '$0',
  averageFeePercentage: 0,
  subscriptions: [],
};

function serve(overrides: Record<string, () => Response> = {}) {
  const routes: Record<string, () => Response> = {
    '/dashboard/stats': () => json(STATS),
    '/dashboard/activity': () => json([]),
    '/dashboard/bots': () => json(NO_BOTS),
    '/subscriptions/overview': () => json(NO_SUBSCRIPTIONS),
    '/customers/stats': () => json(CUSTOMERS),
    '/bots': () => json({ bots: [], summary: {} }),
    '/analytics/charts/revenue': () => json(WEEK),
    ...overrides,
  };
  return stubFetch(({ path }) => {
    const route = Object.keys(routes).find((suffix) => path.split('?')[0]?.endsWith(suffix));
    return route ? (routes[route] as () => Response)() : json({}, 404);
  });
}

describe('Home (spec part 1 §2)', () => {
  it('invites a store without orders to start selling, and shows revenue in whole US dollars', async () => {
    serve();
    renderApp(<HomePage />);
    expect(await screen.findByText('Ready to start selling today?')).toBeTruthy();
    expect(screen.getByText('$12,346')).toBeTruthy();
  });

  it('says the store is performing well once it has orders', async () => {
    serve({ '/dashboard/stats': () => json({ ...STATS, totalOrders: 3 }) });
    renderApp(<HomePage />);
    expect(await screen.findByText('Your store is performing well today')).toBeTruthy();
  });

  it('shows the error card with Retry when the dashboard cannot load, and loads it again', async () => {
    let fail = true;
    serve({
      '/dashboard/stats': () =>
        fail
          ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500)
          : json({ ...STATS, totalOrders: 3 }),
    });
    renderApp(<HomePage />);
    expect(await screen.findByText('Failed to load dashboard data')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your store is performing well today')).toBeTruthy();
  });

  it('offers Create Bot without bots, and the plans without an active subscription', async () => {
    serve();
    renderApp(<HomePage />);
    expect(await screen.findByText('No bots yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Bot' })).toBeTruthy();
    expect(await screen.findByText("Your bots won't work without an active subscription...")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'View Subscription Plans' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/subscription-plans');
  });

  it("says when a bot's Telegram Stars hold transactions that match no order, leading to its Stars", async () => {
    const botId = '7d3c1e0a-5b2f-4c1d-9e8a-1f2b3c4d5e6f';
    serve({ '/billing/stars/mismatches': () => json({ unmatched: 2, bots: [{ botId, unmatched: 2 }] }) });
    renderApp(<HomePage />);
    const line = await screen.findByTestId('home-stars-mismatch');
    expect(line.textContent).toContain('2 Telegram Stars transactions do not match an order');
    expect(screen.getByRole('link', { name: /Telegram Stars/ }).getAttribute('href')).toBe(
      `/bots/${botId}/stars`,
    );
  });

  it('shows the empty Recent Activity', async () => {
    serve();
    renderApp(<HomePage />);
    expect(await screen.findByText('No recent activity')).toBeTruthy();
  });

  it('shows the Recent Activity error', async () => {
    serve({ '/dashboard/activity': () => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500) });
    renderApp(<HomePage />);
    expect(await screen.findByText('Failed to load activity')).toBeTruthy();
  });

  it("draws Customer Insights' activity bars from the last 7 days' active customers, then one bot's", async () => {
    const botId = '7d3c1e0a-5b2f-4c1d-9e8a-1f2b3c4d5e6f';
    const calls = serve({
      '/bots': () => json({ bots: [{ id: botId, name: 'Alpha', username: 'alpha_bot' }], summary: {} }),
      '/analytics/charts/revenue': () => json(WEEK),
    });
    renderApp(<HomePage />);
    const bars = await screen.findByRole('img', {
      name: 'Active customers over the last 7 days: 0, 3, 0, 1, 0, 0, 6',
    });
    const heights = [...bars.querySelectorAll('span')].map((bar) => (bar as HTMLElement).style.height);
    expect(heights).toEqual(['6%', '50%', '6%', '17%', '6%', '6%', '100%']);
    await userEvent.selectOptions(await screen.findByLabelText('Show customers of'), botId);
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path.includes('/analytics/charts/revenue') && c.path.includes(botId))).toBe(
        true,
      ),
    );
  });
});
