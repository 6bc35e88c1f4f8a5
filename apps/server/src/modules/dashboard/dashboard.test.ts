import type { DashboardStats } from '@app/contracts/dashboard';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { botDailyStats, telegramIdentities } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../telegram/fake-bot-api/server';
import {
  createBot,
  DAY_MS,
  fakeBot,
  startApp,
  type TestClock,
  testClock,
  type Vendor,
  vendor,
} from '../bots/test-helpers';

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

const getStats = async (of = v) => {
  const res = await t.app.inject({ method: 'GET', url: `${of.base}/dashboard/stats`, headers: of.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as DashboardStats;
};

describe('GET /vendors/{id}/dashboard/stats', () => {
  it('answers zeros and neutral trends for a new vendor', async () => {
    await setUp();
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
    await setUp();
    const bot = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    const day = (daysAgo: number) => ({
      vendorId: v.vendorId,
      botId: bot.id,
      day: clock.dayAgo(daysAgo * DAY_MS),
    });
    await t.database.db.insert(botDailyStats).values([
      { ...day(1), orders: 3, revenueMinor: 15_000, revenueUsdMinor: 15_000 },
      { ...day(45), orders: 4, revenueMinor: 10_000, revenueUsdMinor: 10_000 },
      { ...day(90), orders: 1, revenueMinor: 100_000, revenueUsdMinor: 100_000 },
    ]);
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
    await setUp();
    await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    const other = await vendor(t.app);
    expect(await getStats(other)).toMatchObject({ totalBots: 0, activeBots: 0, totalOrders: 0 });
  });
});
