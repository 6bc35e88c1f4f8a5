import type {
  AnalyticsOverview,
  BotPerformanceResponse,
  CategoryPerformanceChart,
  CustomerMetrics,
  ProductAnalytics,
  RevenueChart,
  TopProductsChart,
} from '@app/contracts/analytics';
import type { DashboardBots, DashboardStats, SubscriptionOverview } from '@app/contracts/dashboard';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock } from '../../../test/clock';
import { addCustomer, addProduct, placeTestOrder, type Vendor, vendor } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { percent, shopTestEnv } from '../../../test/orders';
import { categories, products } from '../../db/schema/index';
import { recordProductViews, recordShopFunnel } from '../orders/order-rollups.repository';

const env = shopTestEnv();
const { get } = env;
let t: TestApp;
let v: Vendor;
let clock: TestClock;

async function setUp() {
  ({ t, v, clock } = await env.start());
}
beforeEach(setUp);

/**
 * Two bots. This week (last 7 days): Alpha sells 2 mugs ($30) + an e-book in EUR (€10 = $10.80) to Jane and
 * Omar, Beta a class ($40) to Lee. The week before: Alpha one mug ($15). Funnel this week: 20 visits, 8 carts,
 * 4 checkouts on Alpha.
 */
async function shop() {
  const a = await env.addBot('Alpha');
  const b = await env.addBot('Beta', { plan: 'PRO' });
  const [kitchen] = await t.database.db
    .insert(categories)
    .values({ vendorId: v.vendorId, name: 'Kitchen', icon: '🍳' })
    .returning();
  const mug = await addProduct(t, v.vendorId, {
    name: 'Mug',
    priceMinor: 1500,
    categoryId: kitchen?.id as string,
  });
  const ebook = await addProduct(t, v.vendorId, { name: 'E-book', productType: 'digital', priceMinor: 1000 });
  const yoga = await addProduct(t, v.vendorId, { name: 'Yoga', productType: 'service', priceMinor: 4000 });
  const jane = await addCustomer(t, v.vendorId, { firstName: 'Jane', createdAt: clock.ago(30 * DAY_MS) });
  const omar = await addCustomer(t, v.vendorId, { firstName: 'Omar', createdAt: clock.ago(30 * DAY_MS) });
  const lee = await addCustomer(t, v.vendorId, { firstName: 'Lee', createdAt: clock.ago(30 * DAY_MS) });
  const at = (d: number) => clock.ago(d * DAY_MS);
  await placeTestOrder(t, {
    vendorId: v.vendorId,
    bot: a,
    customerId: jane.id,
    lines: [{ product: mug }],
    createdAt: at(10),
  });
  await placeTestOrder(t, {
    vendorId: v.vendorId,
    bot: a,
    customerId: jane.id,
    lines: [{ product: mug, quantity: 2 }],
    createdAt: at(2),
  });
  await placeTestOrder(t, {
    vendorId: v.vendorId,
    bot: a,
    customerId: omar.id,
    lines: [{ product: ebook }],
    currency: 'EUR',
    createdAt: at(0),
  });
  await placeTestOrder(t, {
    vendorId: v.vendorId,
    bot: b,
    customerId: lee.id,
    lines: [{ product: yoga }],
    createdAt: at(1),
  });
  await t.database.db.transaction((tx) =>
    recordShopFunnel(tx, { vendorId: v.vendorId, botId: a.id, at: at(1), views: 20, carts: 8, checkouts: 4 }),
  );
  return { a, b, mug, ebook, yoga, kitchen };
}

describe('analytics', () => {
  it('answers the overview with changes against the previous period, in USD', async () => {
    await shop();
    const { status, body } = await get<AnalyticsOverview>('/analytics?period=7d');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      period: '7d',
      currency: 'USD',
      totalRevenue: 3000 + 1080 + 4000,
      totalRevenueFormatted: '$81',
      totalOrders: 3,
      ordersChange: 200,
      revenueChange: percent(8080 - 1500, 1500),
      activeCustomers: 3,
      avgConversion: 15,
    });
    const day = (await get<AnalyticsOverview>('/analytics?period=24h')).body;
    expect(day).toMatchObject({ totalOrders: 1, totalRevenue: 1080 });
    expect((await get('/analytics?period=1y')).status).toBe(400);
  });

  it("charts each day's active customers (Home's Customer Insights activity bars), for all bots or one", async () => {
    const s = await shop();
    const rev = (await get<RevenueChart>('/analytics/charts/revenue?period=7d')).body;
    // Jane 2 days ago, Lee yesterday (Beta), Omar today.
    expect(rev.active).toEqual([0, 0, 0, 0, 1, 1, 1]);
    const beta = (await get<RevenueChart>(`/analytics/charts/revenue?period=7d&botId=${s.b.id}`)).body;
    expect(beta.active).toEqual([0, 0, 0, 0, 0, 1, 0]);
  });

  it("charts a product's views, units and revenue per day of the chosen period", async () => {
    const s = await shop();
    await t.database.db.transaction((tx) =>
      recordProductViews(tx, {
        vendorId: v.vendorId,
        botId: s.a.id,
        productId: s.mug.id,
        at: clock.ago(DAY_MS),
        views: 5,
      }),
    );
    const week = await get<ProductAnalytics>(`/products/${s.mug.id}/analytics?period=7d`);
    expect(week.status).toBe(200);
    expect(week.body.labels).toHaveLength(7);
    expect(week.body.labels.at(-1)).toBe(clock.dayAgo(0));
    expect(week.body.views).toEqual([0, 0, 0, 0, 0, 5, 0]);
    expect(week.body.units).toEqual([0, 0, 0, 0, 2, 0, 0]);
    expect(week.body.revenue).toEqual([0, 0, 0, 0, 3000, 0, 0]);
    expect(week.body.totals).toEqual({ views: 5, units: 2, revenue: 3000, grossProfit: null });
    // A longer period reaches the mug sold 10 days ago.
    const month = (await get<ProductAnalytics>(`/products/${s.mug.id}/analytics?period=30d`)).body;
    expect(month.labels).toHaveLength(30);
    expect(month.totals).toEqual({ views: 5, units: 3, revenue: 4500, grossProfit: null });
    // One bot: Beta never showed or sold the mug.
    const beta = (await get<ProductAnalytics>(`/products/${s.mug.id}/analytics?period=30d&botId=${s.b.id}`))
      .body;
    expect(beta.totals).toEqual({ views: 0, units: 0, revenue: 0, grossProfit: null });
  });

  it("gives a product's gross profit: its revenue less its cost price × the units sold", async () => {
    const s = await shop();
    await t.database.db.update(products).set({ costPriceMinor: 600 }).where(eq(products.id, s.mug.id));
    const week = (await get<ProductAnalytics>(`/products/${s.mug.id}/analytics?period=7d`)).body;
    expect(week.totals).toMatchObject({ units: 2, revenue: 3000, grossProfit: 3000 - 2 * 600 });
  });

  it("refuses a product's analytics for an unknown period, or a product that is not the vendor's", async () => {
    const s = await shop();
    expect((await get(`/products/${s.mug.id}/analytics?period=1y`)).status).toBe(400);
    const other = await vendor(t.app);
    const theirs = await addProduct(t, other.vendorId, { name: 'Theirs', priceMinor: 100 });
    const res = await get<{ error: { code: string } }>(`/products/${theirs.id}/analytics`);
    expect([res.status, res.body.error.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });

  it('charts revenue per day, top products, customer metrics and categories', async () => {
    const s = await shop();
    const rev = (await get<RevenueChart>('/analytics/charts/revenue?period=7d')).body;
    expect(rev.labels).toHaveLength(7);
    expect(rev.labels.at(-1)).toBe(clock.dayAgo(0));
    expect(rev.revenue.slice(-3)).toEqual([3000, 4000, 1080]);
    expect(rev.orders.reduce((x, y) => x + y, 0)).toBe(3);

    const top = (await get<TopProductsChart>('/analytics/charts/top-products?period=7d&limit=2')).body;
    expect(top.products.map((p) => [p.name, p.sales, p.revenue, p.bot?.id])).toEqual([
      ['Yoga', 1, 4000, s.b.id],
      ['Mug', 2, 3000, s.a.id],
    ]);
    expect(top.products[1]?.growth).toBe(100);
    expect((await get('/analytics/charts/top-products?limit=11')).status).toBe(400);

    const m = (await get<CustomerMetrics>('/analytics/charts/customer-metrics?period=7d')).body;
    expect(m).toMatchObject({
      newCustomers: 2,
      returningCustomers: 1,
      averageOrderValue: Math.round(8080 / 3),
      conversionRate: 15,
      cartAbandonmentRate: 50,
      customerLifetimeValue: Math.round(9580 / 3),
    });

    const cats = (await get<CategoryPerformanceChart>('/analytics/charts/category-performance?period=30d'))
      .body;
    expect(cats.categories.map((c) => [c.name, c.revenue, c.sales, c.products])).toEqual([
      ['Uncategorized', 5080, 2, 2],
      ['Kitchen', 4500, 3, 1],
    ]);
    expect((await get('/analytics/charts/pie')).status).toBe(400);
  });

  it('answers bot performance for all bots or one, and one bot through botId', async () => {
    const s = await shop();
    const all = (await get<BotPerformanceResponse>('/analytics/bots/all?period=7d')).body;
    const alpha = all.bots.find((b) => b.id === s.a.id);
    expect(alpha).toMatchObject({
      revenue: 4080,
      orders: 2,
      ordersChange: 100,
      conversionRate: 10,
      topCategory: 'Kitchen',
    });
    expect(all.bots).toHaveLength(2);
    const one = (await get<BotPerformanceResponse>(`/analytics/bots/${s.b.id}?period=7d`)).body;
    expect(one.bots.map((b) => [b.id, b.revenue, b.customers])).toEqual([[s.b.id, 4000, 1]]);
    expect((await get<AnalyticsOverview>(`/analytics?period=7d&botId=${s.b.id}`)).body.totalRevenue).toBe(
      4000,
    );
    expect((await get<AnalyticsOverview>('/analytics?period=7d&botId=all')).body.totalRevenue).toBe(8080);
    const other = await vendor(t.app);
    expect((await get(`/analytics/bots/${s.b.id}`, other)).status).toBe(404);
    expect((await get<AnalyticsOverview>('/analytics', other)).body.totalOrders).toBe(0);
  });

  it("limits a restricted caller's figures to their bots", async () => {
    const s = await shop();
    const staff = await env.signInStaff();
    env.grant = { permissions: ['analytics', 'bots'], botIds: [s.b.id] };
    expect((await get<AnalyticsOverview>('/analytics?period=7d', staff)).body.totalRevenue).toBe(4000);
    expect(
      (await get<BotPerformanceResponse>('/analytics/bots/all', staff)).body.bots.map((b) => b.id),
    ).toEqual([s.b.id]);
    expect((await get(`/analytics/bots/${s.a.id}`, staff)).status).toBe(404);
    expect((await get(`/analytics?botId=${s.a.id}`, staff)).status).toBe(404);
    expect((await get<DashboardBots>('/dashboard/bots', staff)).body.total).toBe(1);
  });
});

describe('Home: dashboard stats, bots and subscriptions', () => {
  it('sums revenue in USD and lists bots with their figures', async () => {
    const s = await shop();
    const stats = (await get<DashboardStats>('/dashboard/stats')).body;
    expect(stats).toMatchObject({ totalOrders: 4, totalRevenue: 95.8, totalRevenueFormatted: '$96' });
    const bots = (await get<DashboardBots>('/dashboard/bots')).body;
    expect(bots.total).toBe(2);
    expect(bots.bots.map((b) => [b.id, b.orders, b.revenue])).toEqual(
      expect.arrayContaining([
        [s.a.id, 3, 5580],
        [s.b.id, 1, 4000],
      ]),
    );
  });

  it('sums the live subscriptions: FREE and a PRO trial', async () => {
    await shop();
    const o = (await get<SubscriptionOverview>('/subscriptions/overview')).body;
    expect(o).toMatchObject({ activeSubscriptions: 2, monthlyCost: 7900, monthlyCostFormatted: '$79' });
    expect(o.subscriptions.map((x) => [x.botName, x.tier, x.feePercentage])).toEqual([
      ['Alpha', 'FREE', 5],
      ['Beta', 'PRO (trial)', 2.5],
    ]);
    expect(o.averageFeePercentage).toBe(3.75);
    clock.advance(8 * DAY_MS);
    expect((await get<SubscriptionOverview>('/subscriptions/overview')).body.activeSubscriptions).toBe(1);
  });
});
