import type { DashboardStats } from '@app/contracts/dashboard';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock, testClock } from '../../../test/clock';
import { createBot, fakeBot, type Vendor, vendor } from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import type { TestApp } from '../../../test/harness';
import { telegramIdentities } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { bumpDaily } from '../orders/order-rollups.repository';

let fake: FakeBotApi;
let t: TestApp;
let v: Vendor;
let clock: TestClock;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

async function setUp() {
  clock = testClock();
  t = await startApp(fake, {}, { now: clock.now });
  v = await vendor(t.app);
}
beforeEach(setUp);

const getStats = async (of = v) => {
  const res = await t.app.inject({ method: 'GET', url: `${of.base}/dashboard/stats`, headers: of.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as DashboardStats;
};

describe('GET /vendors/{id}/dashboard/stats', () => {
  it('answers zeros and neutral trends for a new vendor', async () => {
    expect(await getStats()).toEqual({
      totalRevenue: 0,
      totalRevenueFormatted: '$0',
      revenueChange: 0,
      revenueTrend: 'neutral',
      activeBots: 0,
      totalBots: 0,
      botsChange: 0,
      botsTrend: 'neutral',
      totalOrders: 0,
      ordersChange: 0,
      ordersTrend: 'neutral',
      supportStaff: 0,
      staffChange: 0,
      staffTrend: 'neutral',
    });
  });

  it('compares the last 30 days with the 30 before, from the rollup, and counts bots and staff', async () => {
    const bot = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    // Through the rollup's own writer, which keeps the bot's day and the vendor's.
    const sold = (daysAgo: number, orders: number, revenue: number) =>
      t.database.db.transaction((tx) =>
        bumpDaily(tx, v.vendorId, bot.id, clock.dayAgo(daysAgo * DAY_MS), {
          orders,
          revenueMinor: revenue,
          revenueUsdMinor: revenue,
        }),
      );
    await sold(1, 3, 15_000);
    await sold(45, 4, 10_000);
    await sold(90, 1, 100_000);
    await t.database.db
      .insert(telegramIdentities)
      .values({ vendorId: v.vendorId, telegramId: 42, role: 'STAFF', firstName: 'Sam' });

    expect(await getStats()).toMatchObject({
      totalRevenue: 1250,
      totalRevenueFormatted: '$1,250',
      revenueChange: 50,
      revenueTrend: 'up',
      totalOrders: 8,
      ordersChange: -25,
      ordersTrend: 'down',
      activeBots: 1,
      totalBots: 1,
      botsChange: 100,
      supportStaff: 1,
      staffChange: 100,
    });
  });

  it("counts only the caller's vendor", async () => {
    await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    const other = await vendor(t.app);
    expect(await getStats(other)).toMatchObject({ totalBots: 0, activeBots: 0, totalOrders: 0 });
  });
});
