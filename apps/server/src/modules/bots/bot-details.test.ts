import {
  type BotActivityItem,
  type BotAnalytics,
  type BotDetail,
  type BotListResponse,
  type BotWeeklyStats,
  NEW_BOT_DEFAULTS,
} from '@app/contracts/bots';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock, testClock } from '../../../test/clock';
import { createBot, fakeBot, makeToken, type Vendor, vendor } from '../../../test/factories';
import { type BotApiHooks, hookedBotApi, sendUpdate, startApp } from '../../../test/fake-telegram';
import { eventsOf, type TestApp } from '../../../test/harness';
import {
  botDailyStats,
  bots,
  customerBots,
  customers,
  orders,
  productBots,
  products,
} from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { TelegramApiError } from '../../lib/telegram/bot-api';

let fake: FakeBotApi;
let t: TestApp;
let v: Vendor;
let clock: TestClock;
let hooks: BotApiHooks;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
afterEach(async () => {
  fake.state.reset();
  await t.app.close();
});

const isoDay = (msAgo: number) => clock.dayAgo(msAgo);

async function setUpBot() {
  clock = testClock();
  const hooked = hookedBotApi(fake);
  hooks = hooked.hooks;
  t = await startApp(fake, {}, { now: clock.now, botApi: hooked.botApi });
  v = await vendor(t.app);
  const tg = fakeBot(fake);
  const bot = await createBot(t.app, v, { botToken: tg.token, botName: 'Shop', plan: 'PRO' });
  return { bot, tg };
}

const inject = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: v.auth, ...(payload ? { payload } : {}) });

async function addCustomer(botId: string, firstName: string, lastName: string, joinedMsAgo: number) {
  const [c] = await t.database.db
    .insert(customers)
    .values({ vendorId: v.vendorId, telegramId: Math.floor(Math.random() * 1e9), firstName, lastName })
    .returning();
  const id = c?.id ?? '';
  await t.database.db
    .insert(customerBots)
    .values({ vendorId: v.vendorId, customerId: id, botId, joinedAt: clock.ago(joinedMsAgo) });
  return id;
}

async function addOrder(botId: string, customerId: string, totalMinor: number, msAgo: number) {
  const [o] = await t.database.db
    .insert(orders)
    .values({
      vendorId: v.vendorId,
      botId,
      customerId,
      status: 'completed',
      productType: 'physical',
      totalMinor,
      itemCount: 1,
      createdAt: clock.ago(msAgo),
    })
    .returning();
  return o;
}

describe('GET /vendors/{id}/bot-details/{botId}', () => {
  it('answers the new-bot defaults for what the wizard left out, and Stars, the one provider set up from the start', async () => {
    const { bot } = await setUpBot();
    const res = await inject('GET', `${v.base}/bot-details/${bot.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: bot.id,
      category: 'general',
      settings: {
        language: 'en',
        currency: 'USD',
        timezone: 'UTC',
        welcomeMessage: 'Welcome to our store! Browse our products and enjoy exclusive deals.',
        orderNotifications: true,
        stockAlerts: true,
        customerNotifications: true,
        analyticsEnabled: true,
        maintenanceMode: false,
      },
      integrations: { payments: ['stars'], shipping: [], thirdParty: [] },
    });
    expect(res.json().settings).toEqual(NEW_BOT_DEFAULTS.settings);
  });

  it('lists as integrations what is really set up: the providers a customer can pay with, the enabled shipping methods', async () => {
    const { bot } = await setUpBot();
    const settings = `${v.base}/bots/${bot.id}`;
    expect(
      (await inject('PATCH', `${settings}/payments/cash_on_delivery`, { enabled: true })).statusCode,
    ).toBe(200);
    const method = { name: 'Courier', price: '4.99', estimatedDays: '1-2', regions: ['LOCAL'] };
    expect((await inject('POST', `${settings}/shipping/methods`, method)).statusCode).toBe(201);
    const off = { ...method, name: 'Pigeon', enabled: false };
    expect((await inject('POST', `${settings}/shipping/methods`, off)).statusCode).toBe(201);

    const res = await inject('GET', `${v.base}/bot-details/${bot.id}`);
    expect(res.json().integrations).toEqual({
      payments: ['stars', 'cash_on_delivery'],
      shipping: ['Courier'],
      thirdParty: [],
    });
  });

  it('lists as its third-party integrations where the bot’s webhooks send, each host once', async () => {
    const { bot } = await setUpBot();
    const hooks = `${v.base}/bots/${bot.id}/webhooks`;
    for (const url of [
      'https://hooks.sheets.example/orders',
      'https://crm.example.com/telegram',
      'https://hooks.sheets.example/stock',
    ]) {
      expect((await inject('POST', hooks, { url, events: ['order.created'] })).statusCode).toBe(201);
    }
    const res = await inject('GET', `${v.base}/bot-details/${bot.id}`);
    expect(res.json().integrations.thirdParty).toEqual(['hooks.sheets.example', 'crm.example.com']);
  });
});

describe('PATCH /vendors/{id}/bot-details/{botId}', () => {
  it('updates name, category, settings columns and flags; answers the detail', async () => {
    const { bot } = await setUpBot();
    const res = await inject('PATCH', `${v.base}/bot-details/${bot.id}`, {
      name: 'Renamed',
      category: 'books',
      settings: { language: 'fr', welcomeMessage: 'Bonjour', maintenanceMode: true },
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as BotDetail;
    expect(detail).toMatchObject({
      name: 'Renamed',
      category: 'books',
      settings: { language: 'fr', welcomeMessage: 'Bonjour', maintenanceMode: true, stockAlerts: true },
    });
    const [row] = await t.database.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row).toMatchObject({ language: 'fr', welcomeMessage: 'Bonjour' });
    expect(row?.settings).not.toHaveProperty('language');
    const [latest] = await eventsOf(t.database, v.vendorId, bot.id);
    expect(latest).toMatchObject({
      type: 'bot.updated',
      payload: { fields: 'name,category,settings' },
    });
  });

  it('removes the description when it is emptied', async () => {
    const { bot } = await setUpBot();
    await inject('PATCH', `${v.base}/bot-details/${bot.id}`, { description: 'Fresh goods' });
    const res = await inject('PATCH', `${v.base}/bot-details/${bot.id}`, { description: '  ' });
    expect(res.json().description).toBeNull();
  });

  it('refuses integrations typed by hand: they are read from the settings screens', async () => {
    const { bot } = await setUpBot();
    const res = await inject('PATCH', `${v.base}/bot-details/${bot.id}`, {
      integrations: { payments: ['Telegram Stars'] },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an unknown field with 400', async () => {
    const { bot } = await setUpBot();
    const res = await inject('PATCH', `${v.base}/bot-details/${bot.id}`, { isActive: true });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a token of another Telegram bot with 400 BOT_TOKEN_MISMATCH', async () => {
    const { bot } = await setUpBot();
    const other = fakeBot(fake);
    const res = await inject('PATCH', `${v.base}/bot-details/${bot.id}`, { token: other.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BOT_TOKEN_MISMATCH');
  });

  it('stores a new token of the same bot and sets the webhook again with it', async () => {
    const { bot, tg } = await setUpBot();
    const newToken = makeToken(tg.telegramBotId, 'N');
    fake.state.registerBot({ token: newToken, username: tg.username });
    const res = await inject('PATCH', `${v.base}/bot-details/${bot.id}`, { token: newToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().maskedToken).toBe(
      `${tg.telegramBotId}:${newToken.split(':')[1]?.slice(0, 3)}…${newToken.slice(-5)}`,
    );
    expect(res.body).not.toContain(newToken.split(':')[1]);
    const [call] = fake.state.calls({ method: 'setWebhook', token: newToken });
    expect(await sendUpdate(t.app, bot.id, String(call?.params.secret_token))).toBe(200);
  });

  it('stores the new token and secret before Telegram is asked, so an update sent at once is accepted', async () => {
    const { bot, tg } = await setUpBot();
    const newToken = makeToken(tg.telegramBotId, 'N');
    fake.state.registerBot({ token: newToken, username: tg.username });
    const statuses: number[] = [];
    hooks.setWebhook = async (_token, params) => {
      statuses.push(await sendUpdate(t.app, bot.id, params.secret_token));
    };
    expect((await inject('PATCH', `${v.base}/bot-details/${bot.id}`, { token: newToken })).statusCode).toBe(
      200,
    );
    expect(statuses).toEqual([200]);
  });

  it('changes nothing when Telegram refuses the webhook for the new token: old token and secret still work', async () => {
    const { bot, tg } = await setUpBot();
    const oldSecret = String(fake.state.calls({ method: 'setWebhook' })[0]?.params.secret_token);
    const newToken = makeToken(tg.telegramBotId, 'N');
    fake.state.registerBot({ token: newToken, username: tg.username });
    hooks.setWebhook = async () => {
      throw new TelegramApiError(400, 'Bad Request: bad webhook: test');
    };
    const res = await inject('PATCH', `${v.base}/bot-details/${bot.id}`, {
      token: newToken,
      name: 'Renamed',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('TELEGRAM_ERROR');
    const detail = (await inject('GET', `${v.base}/bot-details/${bot.id}`)).json() as BotDetail;
    expect(detail).toMatchObject({ name: 'Shop', maskedToken: bot.maskedToken, isActive: true });
    expect(await sendUpdate(t.app, bot.id, oldSecret)).toBe(200);
    const actions = (await eventsOf(t.database, v.vendorId, bot.id)).map((e) => e.type);
    expect(actions).not.toContain('bot.updated');
  });
});

describe('POST /vendors/{id}/bot-details/{botId}/verify', () => {
  it('answers valid with the bot info for a token of the same bot', async () => {
    const { bot, tg } = await setUpBot();
    const res = await inject('POST', `${v.base}/bot-details/${bot.id}/verify`, { token: tg.token });
    expect(res.json()).toEqual({
      valid: true,
      error: null,
      botInfo: { id: tg.telegramBotId, username: tg.username, firstName: 'Shop' },
    });
  });

  it('answers valid:false for a token Telegram does not know', async () => {
    const { bot } = await setUpBot();
    const res = await inject('POST', `${v.base}/bot-details/${bot.id}/verify`, {
      token: makeToken(7999999997),
    });
    expect(res.json()).toMatchObject({
      valid: false,
      error: 'Invalid token or bot not found. Please check your token.',
    });
  });
});

describe('stats', () => {
  it('lists each bot with orders and revenue from the rollup, customers and products', async () => {
    const { bot } = await setUpBot();
    await t.database.db.insert(botDailyStats).values([
      // A USD bot: each day's USD revenue is its revenue.
      {
        vendorId: v.vendorId,
        botId: bot.id,
        day: isoDay(0),
        orders: 2,
        revenueMinor: 5000,
        revenueUsdMinor: 5000,
        newCustomers: 1,
      },
      {
        vendorId: v.vendorId,
        botId: bot.id,
        day: isoDay(40 * DAY_MS),
        orders: 1,
        revenueMinor: 1000,
        revenueUsdMinor: 1000,
      },
    ]);
    await addCustomer(bot.id, 'Jane', 'Doe', 1000);
    const base = { vendorId: v.vendorId, productType: 'physical' as const, priceMinor: 100 };
    const [, chosen] = await t.database.db
      .insert(products)
      .values([
        { ...base, name: 'Everywhere' },
        { ...base, name: 'Chosen', allBots: false },
        { ...base, name: 'Elsewhere', allBots: false },
        { ...base, name: 'Archived', status: 'archived' },
      ])
      .returning();
    await t.database.db
      .insert(productBots)
      .values({ vendorId: v.vendorId, productId: chosen?.id ?? '', botId: bot.id });

    const list = (await inject('GET', `${v.base}/bots`)).json() as BotListResponse;
    expect(list.bots[0]?.stats).toEqual({
      orders: 3,
      customers: 1,
      products: 2,
      revenue: 6000,
      currency: 'USD',
      revenueFormatted: '$60',
    });
    expect(list.summary).toMatchObject({
      totalBots: 1,
      activeBots: 1,
      totalRevenue: 6000,
      totalCustomers: 1,
    });
  });

  it('weekly stats compare this 7 days with the previous 7 as signed strings', async () => {
    const { bot } = await setUpBot();
    await t.database.db.insert(botDailyStats).values([
      { vendorId: v.vendorId, botId: bot.id, day: isoDay(0), orders: 3, revenueMinor: 9000, newCustomers: 2 },
      {
        vendorId: v.vendorId,
        botId: bot.id,
        day: isoDay(8 * DAY_MS),
        orders: 4,
        revenueMinor: 8000,
        newCustomers: 2,
      },
    ]);
    const c1 = await addCustomer(bot.id, 'Jane', 'Doe', 1000);
    await addCustomer(bot.id, 'John', 'Roe', 1000);
    await addOrder(bot.id, c1, 3000, 1000);
    const res = await inject('GET', `${v.base}/bot-details/${bot.id}/stats`);
    const stats = res.json() as BotWeeklyStats;
    expect(stats.totals).toMatchObject({
      revenue: 9000,
      orders: 3,
      customers: 2,
      avgOrderValue: 3000,
      conversionRate: 50,
    });
    expect(stats.growth).toEqual({ revenue: '+12.5%', orders: '-25.0%', customers: '0%' });
    expect(stats.growthPercent).toEqual({ revenue: 12.5, orders: -25, customers: 0 });
    expect(stats.currency).toBe('USD');
  });

  it('weekly stats leave out the day before the 14-day window', async () => {
    const { bot } = await setUpBot();
    await t.database.db.insert(botDailyStats).values([
      { vendorId: v.vendorId, botId: bot.id, day: isoDay(13 * DAY_MS), orders: 1, revenueMinor: 100 },
      { vendorId: v.vendorId, botId: bot.id, day: isoDay(14 * DAY_MS), orders: 50, revenueMinor: 5000 },
    ]);
    const stats = (await inject('GET', `${v.base}/bot-details/${bot.id}/stats`)).json() as BotWeeklyStats;
    expect(stats.totals).toMatchObject({ revenue: 0, orders: 0 });
    expect(stats.growthPercent).toMatchObject({ revenue: -100, orders: -100 });
  });

  it('activity merges the latest orders and new customers, newest first, within the limit', async () => {
    const { bot } = await setUpBot();
    const jane = await addCustomer(bot.id, 'Jane', 'Doe', 3 * 60_000);
    const order = await addOrder(bot.id, jane, 2500, 60_000);
    await addCustomer(bot.id, 'John', 'Roe', 2 * 60_000);
    const res = await inject('GET', `${v.base}/bot-details/${bot.id}/activity?limit=2`);
    expect(res.statusCode).toBe(200);
    const items = res.json() as BotActivityItem[];
    expect(items.map((i) => i.description)).toEqual([
      `Order #${order?.number} from Jane D.`,
      'New customer John R. joined',
    ]);
    expect(items[0]).toMatchObject({
      type: 'order',
      customerName: 'Jane D.',
      orderNumber: order?.number,
      amount: 2500,
      currency: 'USD',
      amountFormatted: '$25',
      time: clock.ago(60_000).toISOString(),
    });
    expect(items[1]).toMatchObject({
      type: 'customer',
      customerName: 'John R.',
      orderNumber: null,
      amount: null,
    });
  });

  it('activity refuses a limit above 50', async () => {
    const { bot } = await setUpBot();
    expect((await inject('GET', `${v.base}/bot-details/${bot.id}/activity?limit=51`)).statusCode).toBe(400);
  });

  it('analytics default to a week of daily entries with zeros filled', async () => {
    const { bot } = await setUpBot();
    await t.database.db.insert(botDailyStats).values([
      {
        vendorId: v.vendorId,
        botId: bot.id,
        day: isoDay(DAY_MS),
        orders: 2,
        revenueMinor: 4000,
        newCustomers: 1,
      },
    ]);
    const res = await inject('GET', `${v.base}/bot-details/${bot.id}/analytics`);
    const a = res.json() as BotAnalytics;
    expect(a.period).toBe('week');
    expect(a.daily).toHaveLength(7);
    expect(a.daily[5]).toEqual({ date: isoDay(DAY_MS), orders: 2, revenue: 4000, customers: 1 });
    expect(a.daily[6]).toEqual({ date: isoDay(0), orders: 0, revenue: 0, customers: 0 });
    expect(a.totals).toMatchObject({ orders: 2, revenue: 4000, avgOrderValue: 2000, customers: 1 });
    expect(a.growth).toEqual({ customers: 100, orders: 100, revenue: 100 });
  });

  it.each([
    ['day', 1],
    ['month', 30],
    ['year', 365],
  ])('analytics for a %s have %i daily entries, ending today', async (period, days) => {
    const { bot } = await setUpBot();
    const a = (await inject('GET', `${v.base}/bot-details/${bot.id}/analytics?period=${period}`)).json();
    expect(a.daily).toHaveLength(days);
    expect(a.daily.at(0).date).toBe(isoDay((days - 1) * DAY_MS));
    expect(a.daily.at(-1).date).toBe(isoDay(0));
  });
});
