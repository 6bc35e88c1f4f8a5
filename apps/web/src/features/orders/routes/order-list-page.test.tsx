// @vitest-environment jsdom
import type { OrderListResponse, OrderStats } from '@app/contracts/orders';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { OrderListPage } from './order-list-page';

beforeAll(() => {
  startFakeTelegram();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATS: OrderStats = {
  totalOrders: 1_200_000,
  physicalOrders: 700_000,
  digitalOrders: 300_000,
  serviceOrders: 200_000,
  mixedOrders: 0,
  todayOrders: 12,
  todayCompleted: 4,
  pendingOrders: 10,
  cancelledOrders: 3,
  avgOrderValue: 4200,
  avgOrderValueFormatted: '$42',
  fulfillmentRate: 91.5,
};

function page(patch: Partial<OrderListResponse> = {}): OrderListResponse {
  return {
    orders: [],
    total: 0,
    totalIsEstimate: false,
    page: 1,
    limit: 50,
    hasMore: false,
    stats: STATS,
    ...patch,
  };
}

function serve(list: () => Response) {
  return stubFetch(({ path }) => {
    if (path.includes('/orders/stats')) return json(STATS);
    if (path.includes('/bots')) return json({ bots: [], summary: {} });
    return list();
  });
}

describe('the orders list', () => {
  it('says "about" when the total is an estimate', async () => {
    serve(() => json(page({ total: 1_234_000, totalIsEstimate: true })));
    renderApp(<OrderListPage />, { path: '/orders' });
    expect(await screen.findByText('about 1,234,000 orders')).toBeTruthy();
    expect(screen.getByText('No orders found')).toBeTruthy();
  });

  it('shows the stats cards from the order stats', async () => {
    serve(() => json(page()));
    renderApp(<OrderListPage />, { path: '/orders' });
    expect(await screen.findByText('1,200,000')).toBeTruthy();
    expect(screen.getByText('91.5%')).toBeTruthy();
  });

  it('asks for the status chosen and the customer in the address', async () => {
    const calls = serve(() => json(page()));
    renderApp(<OrderListPage />, {
      path: '/orders',
      url: '/orders?customerId=0191e1a2-0000-7000-8000-000000000002',
    });
    await screen.findByText('No orders found');
    await userEvent.click(screen.getByRole('radio', { name: 'In Progress' }));
    await screen.findByRole('radio', { name: 'In Progress', checked: true });
    const last = calls.filter((call) => /\/orders\?/.test(call.path)).at(-1)?.path ?? '';
    expect(last).toContain('status=in_progress');
    expect(last).toContain('customerId=0191e1a2-0000-7000-8000-000000000002');
    expect(last).toContain('limit=50');
  });

  it('shows the spec error with Retry when the list cannot load', async () => {
    serve(() => json({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    renderApp(<OrderListPage />, { path: '/orders' });
    expect(await screen.findByText('Failed to load orders')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('offers a staff member their own bots in the bot filter, read from /me/bots (GET /bots would be 403)', async () => {
    const calls = stubFetch(({ path }) => {
      if (path.includes('/orders/stats')) return json(STATS);
      if (path.endsWith('/me/bots'))
        return json({ bots: [{ id: 'bot-a', name: 'Alpha', username: 'alpha_bot' }] });
      // A Support Agent holds no `bots`: the vendor's bot list refuses them.
      if (/\/vendors\/[^/]+\/bots/.test(path))
        return json({ error: { code: 'FORBIDDEN', message: 'no' } }, 403);
      return json(page());
    });
    renderApp(<OrderListPage />, { path: '/orders' });
    expect(await screen.findByRole('option', { name: 'Alpha' })).toBeTruthy();
    expect(calls.some((call) => /\/vendors\/[^/]+\/bots/.test(call.path))).toBe(false);
  });
});
