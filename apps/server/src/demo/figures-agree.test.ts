import type { AnalyticsOverview } from '@app/contracts/analytics';
import type { BotListResponse } from '@app/contracts/bots';
import { DAY_MS } from '@app/contracts/common';
import type { CustomerListResponse, CustomerStats } from '@app/contracts/customers';
import type { DashboardStats } from '@app/contracts/dashboard';
import type { OrderListResponse, OrderStats } from '@app/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness';
import { createSecrets } from '../lib/secrets';
import { DEMO_USER } from './demo-user';
import { seedDemoVendor } from './seed/seed';

// Issue 26 A5: Home, Orders, Customers, Analytics and the bots' statistics each show totals; on the demo's data a
// figure with one name is the same number on every screen that shows it.
const NOW = new Date('2026-03-18T12:00:00Z');

let t: TestApp;
let auth: { authorization: string };
let base: string;
let vendorId: string;

async function get<T>(path: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: `${base}${path}`, headers: auth });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  // As demo mode seeds it (demo-data.ts): 2,000 orders, seed 1.
  await seedDemoVendor(t.database.db, {
    orders: 2000,
    seed: 1,
    secrets: createSecrets(t.config.appSecret),
    now: NOW,
  });
  const session = await signIn(t.app, DEMO_USER);
  auth = bearer(session.accessToken);
  vendorId = session.vendor.id;
  base = `/api/v1/vendors/${vendorId}`;
}, 180_000);

afterAll(() => t?.app.close());

async function distinctOrderingCustomers(vendorId: string, fromDay: string): Promise<number> {
  const res = (await t.database.db.execute(sql`
    select count(distinct customer_id)::int as n from orders
    where vendor_id = ${vendorId} and status <> 'cancelled' and created_at >= ${fromDay}::timestamptz`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(res.rows[0]?.n ?? 0);
}

describe('the demo’s totals, screen by screen', () => {
  it('shows one Total Orders, cancelled orders aside, on Home, Orders and the bots’ statistics', async () => {
    const home = await get<DashboardStats>('/dashboard/stats');
    const orderStats = await get<OrderStats>('/orders/stats');
    const bots = await get<BotListResponse>('/bots');
    expect(orderStats.cancelledOrders).toBeGreaterThan(0);
    expect(home.totalOrders).toBe(orderStats.totalOrders);
    expect(bots.bots.reduce((n, b) => n + b.stats.orders, 0)).toBe(home.totalOrders);
    expect(
      orderStats.physicalOrders +
        orderStats.digitalOrders +
        orderStats.serviceOrders +
        orderStats.mixedOrders,
    ).toBe(orderStats.totalOrders);
  });

  it('lists every order, cancelled ones too, as Total Orders plus Cancelled', async () => {
    const orderStats = await get<OrderStats>('/orders/stats');
    const list = await get<OrderListResponse>('/orders?limit=1');
    expect(list.totalIsEstimate).toBe(false);
    expect(list.total).toBe(orderStats.totalOrders + orderStats.cancelledOrders);
  });

  it('shows the same revenue on Home and the bots page', async () => {
    const home = await get<DashboardStats>('/dashboard/stats');
    const bots = await get<BotListResponse>('/bots');
    expect(bots.summary.totalRevenue).toBe(Math.round(home.totalRevenue * 100));
  });

  it('counts each customer once: Customers, the customers list and the bots page agree', async () => {
    const customerStats = await get<CustomerStats>('/customers/stats');
    const list = await get<CustomerListResponse>('/customers?limit=1');
    const bots = await get<BotListResponse>('/bots');
    expect(customerStats.totalCustomers).toBeGreaterThan(0);
    expect(list.total).toBe(customerStats.totalCustomers);
    expect(bots.summary.totalCustomers).toBe(customerStats.totalCustomers);
    // A bot's own figure counts the customers of that bot: none has more than the vendor.
    for (const bot of bots.bots)
      expect(bot.stats.customers).toBeLessThanOrEqual(customerStats.totalCustomers);
  });

  it('counts Analytics’ active customers once each: those who ordered in the period, never more than all customers', async () => {
    const customerStats = await get<CustomerStats>('/customers/stats');
    for (const [period, days] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const analytics = await get<AnalyticsOverview>(`/analytics?period=${period}`);
      const fromDay = new Date(NOW.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      expect(analytics.activeCustomers).toBe(await distinctOrderingCustomers(vendorId, fromDay));
      expect(analytics.activeCustomers).toBeLessThanOrEqual(customerStats.totalCustomers);
    }
  });

  it('counts the orders of Analytics’ period as the orders list does over the same days, cancelled aside', async () => {
    const analytics = await get<AnalyticsOverview>('/analytics?period=30d');
    const fromDay = new Date(NOW.getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
    const list = await get<OrderListResponse>(`/orders?limit=1&from=${fromDay}`);
    const cancelled = await get<OrderListResponse>(`/orders?limit=1&from=${fromDay}&status=cancelled`);
    expect(analytics.totalOrders).toBe(list.total - cancelled.total);
  });
});
