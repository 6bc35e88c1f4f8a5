// @vitest-environment jsdom
import type { CustomerStats } from '@app/contracts/customers';
import type { DashboardStats } from '@app/contracts/dashboard';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { StatGrid } from './stat-grid';

afterEach(cleanup);

const STATS: DashboardStats = {
  totalRevenue: 1000,
  totalRevenueFormatted: '$1,000',
  revenueChange: 0,
  revenueTrend: 'neutral',
  activeBots: 2,
  totalBots: 3,
  botsChange: 0,
  botsTrend: 'neutral',
  totalOrders: 1880,
  ordersChange: 0,
  ordersTrend: 'neutral',
  supportStaff: 0,
  staffChange: 0,
  staffTrend: 'neutral',
};

describe('Home’s stat cards', () => {
  it('write what Total Orders and Total Customers count next to them (issue 26 A5)', async () => {
    renderApp(
      <StatGrid stats={STATS} customers={{ totalCustomers: 200, monthlyGrowth: 0 } as CustomerStats} />,
    );
    const orders = await screen.findByTestId('stat-total-orders');
    expect(within(orders).getByText('excluding cancelled')).toBeTruthy();
    expect(orders.textContent).toContain('1,880');
    const customers = screen.getByTestId('stat-total-customers');
    expect(within(customers).getByText('customers of your bots')).toBeTruthy();
  });

  it('says once what Total Revenue holds: order totals with tax and shipping, cancelled and refunded left out', async () => {
    renderApp(<StatGrid stats={STATS} customers={undefined} />);
    const revenue = await screen.findByTestId('stat-total-revenue');
    expect(
      within(revenue).getByText('order totals with tax and shipping, excluding cancelled and refunded'),
    ).toBeTruthy();
    expect(revenue.textContent).toContain('$1,000');
  });
});
