import { BOT_MESSAGES, type Bot, type BotListResponse } from '@app/contracts/bots';
import { PLANS, TRIAL_DAYS } from '@app/contracts/plans';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock, testClock } from '../../../test/clock';
import {
  addCustomer,
  addProduct,
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  makeToken,
  placeTestOrder,
  productBody,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { type BotApiHooks, hookedBotApi, sendUpdate, startApp } from '../../../test/fake-telegram';
import { createTestApp, eventsOf, type TestApp } from '../../../test/harness';
import { botSubscriptions, bots, customers, orders } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { TelegramUnreachableError } from '../../lib/telegram/bot-api';

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

declare module 'vitest' {
  interface TaskMeta {
    /** The app this test needs instead of the usual one (on the fake Bot API, with hooks and a test clock). */
    app?: 'telegram-unreachable' | 'http-public-url';
  }
}

async function setUp(config: Parameters<typeof startApp>[1] = {}) {
  clock = testClock();
  const hooked = hookedBotApi(fake);
  hooks = hooked.hooks;
  t = await startApp(fake, config, { now: clock.now, botApi: hooked.botApi });
  v = await vendor(t.app);
}

beforeEach(async ({ task }) => {
  if (task.meta.app === 'telegram-unreachable') {
    t = await createTestApp(); // the harness's telegramApiRoot is a dead address
    v = await vendor(t.app);
  } else {
    // Telegram wants https: an http public URL makes it refuse the webhook.
    await setUp(task.meta.app === 'http-public-url' ? { publicUrl: 'http://shop.example.test' } : {});
  }
});

const activityOf = (botId: string) => eventsOf(t.database, v.vendorId, botId);

const post = (url: string, payload?: Record<string, unknown>, auth = v.auth) =>
  t.app.inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) });
const get = (url: string, auth = v.auth) => t.app.inject({ method: 'GET', url, headers: auth });

async function listBots(vendorOf = v): Promise<BotListResponse> {
  const res = await get(`${vendorOf.base}/bots`, vendorOf.auth);
  expect(res.statusCode).toBe(200);
  return res.json() as BotListResponse;
}

describe('POST /vendors/{id}/bots validation', () => {
  it.each([
    ['an empty token', { botToken: '', botName: 'Shop' }, BOT_MESSAGES.tokenRequired],
    ['a missing token', { botName: 'Shop' }, BOT_MESSAGES.tokenRequired],
    ['a malformed token', { botToken: '123:abc', botName: 'Shop' }, BOT_MESSAGES.tokenFormat],
    ['a missing name', { botToken: makeToken(7000000001) }, BOT_MESSAGES.nameRequired],
    ['a blank name', { botToken: makeToken(7000000001), botName: '   ' }, BOT_MESSAGES.nameRequired],
  ])('refuses %s with 400 VALIDATION_FAILED and the spec message', async (_case, body, message) => {
    const res = await post(`${v.base}/bots`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('refuses fields the wizard does not send (no mass assignment)', async () => {
    const { token } = fakeBot(fake);
    const res = await post(`${v.base}/bots`, { botToken: token, botName: 'Shop', isActive: true });
    expect(res.statusCode).toBe(400);
    expect((await listBots()).bots).toEqual([]);
  });
});

describe('POST /vendors/{id}/bots/verify-token', () => {
  it('answers valid with the bot info from getMe', async () => {
    const bot = fakeBot(fake);
    const res = await post(`${v.base}/bots/verify-token`, { token: bot.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      error: null,
      botInfo: { id: bot.telegramBotId, username: bot.username, firstName: 'Shop' },
    });
  });

  it('answers valid:false with the spec message for a token Telegram does not know', async () => {
    const res = await post(`${v.base}/bots/verify-token`, { token: makeToken(7999999999) });
    expect(res.json()).toEqual({ valid: false, error: BOT_MESSAGES.tokenUnknown, botInfo: null });
  });

  it('refuses an empty token with "Bot token is required"', async () => {
    const res = await post(`${v.base}/bots/verify-token`, { token: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(BOT_MESSAGES.tokenRequired);
  });

  it('answers valid:false with the connection message when Telegram is unreachable', {
    meta: { app: 'telegram-unreachable' },
  }, async () => {
    const res = await post(`${v.base}/bots/verify-token`, { token: makeToken(7000000001) });
    expect(res.json()).toEqual({ valid: false, error: BOT_MESSAGES.tokenNetwork, botInfo: null });
  });

  it('answers valid:false when the token is already registered', async () => {
    const bot = fakeBot(fake);
    await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    const res = await post(`${v.base}/bots/verify-token`, { token: bot.token });
    expect(res.json()).toMatchObject({ valid: false, error: BOT_MESSAGES.tokenAlreadyRegistered });
  });
});

describe('POST /vendors/{id}/bots', () => {
  it('stores the wizard fields and the username from getMe, not the client botUsername', async () => {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, {
      botToken: bot.token,
      botName: 'Corner Shop',
      botUsername: 'someone_elses_bot',
      description: 'Fresh goods',
      category: 'groceries',
      language: 'de',
      currency: 'EUR',
      timezone: 'PST',
      welcomeMessage: 'Hallo!',
    });
    expect(created).toMatchObject({
      username: bot.username,
      name: 'Corner Shop',
      description: 'Fresh goods',
    });
    const [row] = await t.database.db.select().from(bots).where(eq(bots.id, created.id));
    expect(row).toMatchObject({
      telegramBotId: bot.telegramBotId,
      username: bot.username,
      category: 'groceries',
      language: 'de',
      currency: 'EUR',
      timezone: 'PST',
      welcomeMessage: 'Hallo!',
    });
    expect(row?.tokenCiphertext).not.toContain(bot.token);
  });

  it('never answers the token, only a masked form', async () => {
    const bot = fakeBot(fake);
    const res = await post(`${v.base}/bots`, { botToken: bot.token, botName: 'Shop' });
    expect(res.body).not.toContain(bot.token.split(':')[1]);
    const secret = bot.token.split(':')[1] ?? '';
    expect(res.json().maskedToken).toBe(`${bot.telegramBotId}:${secret.slice(0, 3)}…${secret.slice(-5)}`);
    expect((await get(`${v.base}/bots`)).body).not.toContain(secret);
    expect((await get(`${v.base}/bot-details/${res.json().id}`)).body).not.toContain(secret);
  });

  it('gives the first bot the FREE plan without a subscription row', async () => {
    const created = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    expect(created.subscription).toEqual({ plan: 'FREE', status: 'active', label: 'FREE', expiresAt: null });
    expect(created.hasActiveSubscription).toBe(true);
    const rows = await t.database.db.select().from(botSubscriptions);
    expect(rows).toEqual([]);
  });

  it('starts a 7-day TRIAL of a paid plan', async () => {
    const created = await createBot(t.app, v, {
      botToken: fakeBot(fake).token,
      botName: 'Shop',
      plan: 'PRO',
    });
    expect(TRIAL_DAYS).toBe(7);
    expect(created.subscription).toEqual({
      plan: 'PRO',
      status: 'trial',
      label: 'TRIAL',
      expiresAt: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    const [row] = await t.database.db.select().from(botSubscriptions);
    expect(row).toMatchObject({ plan: 'PRO', status: 'trial', amountMinor: 0, feeBps: PLANS.PRO.feeBps });
  });

  it('sells the vendor\'s "All bots" products through the new bot too, unless the wizard opted out', async () => {
    const first = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'First' });
    const category = await createCategory(t.app, v);
    await createProduct(t.app, v, productBody('physical', category.id, { botIds: 'all' }));

    const sharing = await createBot(t.app, v, {
      botToken: fakeBot(fake).token,
      botName: 'Second',
      plan: 'BASIC',
    });
    expect(sharing.stats.products).toBe(1);

    const apart = await createBot(t.app, v, {
      botToken: fakeBot(fake).token,
      botName: 'Third',
      plan: 'BASIC',
      sellAllBotsProducts: false,
    });
    expect(apart.stats.products).toBe(0);
    const counts = new Map((await listBots()).bots.map((b) => [b.id, b.stats.products]));
    expect(counts.get(first.id)).toBe(1);
    expect(counts.get(sharing.id)).toBe(1);
    expect(counts.get(apart.id)).toBe(0);
  });

  it('refuses the FREE plan for a second bot with 400 FREE_PLAN_NOT_AVAILABLE', async () => {
    await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'First' });
    const res = await post(`${v.base}/bots`, {
      botToken: fakeBot(fake).token,
      botName: 'Second',
      plan: 'FREE',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'FREE_PLAN_NOT_AVAILABLE',
      message: BOT_MESSAGES.freePlanFirstBotOnly,
    });
  });

  it('answers 409 "Bot token already registered" for a token already in use', async () => {
    const bot = fakeBot(fake);
    await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    const res = await post(`${v.base}/bots`, { botToken: bot.token, botName: 'Again', plan: 'BASIC' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'BOT_TOKEN_ALREADY_REGISTERED',
      message: 'Bot token already registered',
    });
  });

  it('answers 409 for a token another vendor registered', async () => {
    const bot = fakeBot(fake);
    await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    const other = await vendor(t.app);
    const res = await post(`${other.base}/bots`, { botToken: bot.token, botName: 'Mine' }, other.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('BOT_TOKEN_ALREADY_REGISTERED');
  });

  it('answers 409 "Bot username already taken" for a username already present', async () => {
    const first = fakeBot(fake);
    await createBot(t.app, v, { botToken: first.token, botName: 'Shop' });
    // Same bot, new token after BotFather's /revoke: the username is what collides.
    const token = makeToken(first.telegramBotId, 'B');
    fake.state.registerBot({ token, username: first.username.toUpperCase() });
    const other = await vendor(t.app);
    const res = await post(`${other.base}/bots`, { botToken: token, botName: 'Shop' }, other.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'BOT_USERNAME_TAKEN', message: 'Bot username already taken' });
  });

  it('answers 400 BOT_TOKEN_INVALID when getMe does not know the token', async () => {
    const res = await post(`${v.base}/bots`, { botToken: makeToken(7999999998), botName: 'Shop' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'BOT_TOKEN_INVALID', message: BOT_MESSAGES.tokenUnknown });
    expect(await listBots()).toMatchObject({ bots: [] });
  });

  it('answers 503 TELEGRAM_UNAVAILABLE when Telegram cannot be reached', {
    meta: { app: 'telegram-unreachable' },
  }, async () => {
    const res = await post(`${v.base}/bots`, { botToken: makeToken(7000000001), botName: 'Shop' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('TELEGRAM_UNAVAILABLE');
  });

  it('starts the new bot: sets its webhook and answers it active', async () => {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    const url = `https://shop.example.test/telegram/webhook/${created.id}`;
    expect(created).toMatchObject({ isActive: true, webhookUrl: url });
    expect(fake.state.calls({ method: 'setWebhook', token: bot.token })).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ url }) }),
    ]);
  });

  it('keeps the bot, inactive, when Telegram refuses the webhook at creation', {
    meta: { app: 'http-public-url' },
  }, async () => {
    const created = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    expect(created).toMatchObject({ isActive: false, webhookUrl: null });
    expect((await listBots()).bots).toHaveLength(1);
    const secret = String(fake.state.calls({ method: 'setWebhook' })[0]?.params.secret_token);
    expect(await sendUpdate(t.app, created.id, secret)).toBe(401);
  });

  it('stores the webhook secret before Telegram is asked, so an update sent at once is accepted', async () => {
    const statuses: number[] = [];
    hooks.setWebhook = async (_token, params) => {
      statuses.push(await sendUpdate(t.app, params.url.split('/').at(-1) ?? '', params.secret_token));
    };
    await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    expect(statuses).toEqual([200]);
  });

  it('records bot.created and bot.started activity rows', async () => {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    expect((await activityOf(created.id)).map((e) => e.type).sort()).toEqual(['bot.created', 'bot.started']);
    expect((await activityOf(created.id)).find((e) => e.type === 'bot.created')).toMatchObject({
      botId: created.id,
      actorKind: 'owner',
      actorId: expect.stringMatching(/^\d+$/),
      subjectKind: 'bot',
      subjectId: created.id,
      payload: { botUsername: bot.username, plan: 'FREE' },
    });
  });
});

describe('start and stop', () => {
  it('stop sends deleteWebhook and marks the bot inactive', async () => {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    const res = await post(`${v.base}/bots/${created.id}/stop`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false, webhookUrl: null });
    expect(fake.state.calls({ method: 'deleteWebhook', token: bot.token })).toHaveLength(1);
    expect(fake.state.findBot(bot.token)?.webhook).toBeUndefined();
    expect((await activityOf(created.id))[0]?.type).toBe('bot.stopped');
  });

  it('stop stops the bot even when Telegram cannot be reached, and refuses its updates', async () => {
    const created = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    const secret = String(fake.state.calls({ method: 'setWebhook' })[0]?.params.secret_token);
    hooks.deleteWebhook = async () => {
      throw new TelegramUnreachableError('test');
    };
    const res = await post(`${v.base}/bots/${created.id}/stop`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false, webhookUrl: null });
    expect(await sendUpdate(t.app, created.id, secret)).toBe(401);
  });

  it('start sets the webhook to /telegram/webhook/{botId} with a secret_token and the update types', async () => {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    await post(`${v.base}/bots/${created.id}/stop`);
    fake.state.reset();
    const res = await post(`${v.base}/bots/${created.id}/start`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isActive: true });
    const [call] = fake.state.calls({ method: 'setWebhook' });
    expect(call?.params).toMatchObject({
      url: `https://shop.example.test/telegram/webhook/${created.id}`,
      secret_token: expect.stringMatching(/^[A-Za-z0-9_-]{1,256}$/),
      allowed_updates: ['message', 'callback_query', 'shipping_query', 'pre_checkout_query'],
    });
  });

  it('start stores the new secret before Telegram is asked, so an update sent at once is accepted', async () => {
    const created = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    await post(`${v.base}/bots/${created.id}/stop`);
    const statuses: number[] = [];
    hooks.setWebhook = async (_token, params) => {
      statuses.push(await sendUpdate(t.app, created.id, params.secret_token));
    };
    expect((await post(`${v.base}/bots/${created.id}/start`)).statusCode).toBe(200);
    expect(statuses).toEqual([200]);
    expect((await activityOf(created.id))[0]?.type).toBe('bot.started');
  });

  it('answers 502 TELEGRAM_ERROR with Telegram description and leaves the bot inactive', {
    meta: { app: 'http-public-url' },
  }, async () => {
    const created = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    const res = await post(`${v.base}/bots/${created.id}/start`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('TELEGRAM_ERROR');
    expect(res.json().error.message).toContain('HTTPS url must be provided for webhook');
    expect((await listBots()).bots[0]).toMatchObject({ isActive: false, webhookUrl: null });
    const [, refused] = fake.state.calls({ method: 'setWebhook' });
    expect(await sendUpdate(t.app, created.id, String(refused?.params.secret_token))).toBe(401);
  });

  it.each(['start', 'stop'])(
    '%s takes no input: a JSON object with fields is refused with 400',
    async (action) => {
      const created = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
      fake.state.reset();
      const res = await post(`${v.base}/bots/${created.id}/${action}`, { isActive: false, plan: 'PRO' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(fake.state.calls()).toEqual([]);
      expect((await post(`${v.base}/bots/${created.id}/${action}`, {})).statusCode).toBe(200);
    },
  );

  it('refuses to start a bot whose trial has ended, with 400 SUBSCRIPTION_EXPIRED', async () => {
    const created = await createBot(t.app, v, {
      botToken: fakeBot(fake).token,
      botName: 'Shop',
      plan: 'PRO',
    });
    await post(`${v.base}/bots/${created.id}/stop`);
    clock.advance((TRIAL_DAYS + 1) * DAY_MS);
    fake.state.reset();
    const res = await post(`${v.base}/bots/${created.id}/start`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'SUBSCRIPTION_EXPIRED',
      message: BOT_MESSAGES.subscriptionExpired,
    });
    expect(fake.state.calls({ method: 'setWebhook' })).toEqual([]);
  });
});

describe('the webhook route', () => {
  async function startedBot() {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    const secret = String(fake.state.calls({ method: 'setWebhook' })[0]?.params.secret_token);
    return { created, secret };
  }
  const update = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } };

  it('accepts an update with the secret the webhook was set with', async () => {
    const { created, secret } = await startedBot();
    const res = await t.app.inject({
      method: 'POST',
      url: `/telegram/webhook/${created.id}`,
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: update,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('refuses an update without the secret header with 401', async () => {
    const { created } = await startedBot();
    const res = await t.app.inject({
      method: 'POST',
      url: `/telegram/webhook/${created.id}`,
      payload: update,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('WEBHOOK_SECRET_INVALID');
  });

  it('refuses an update with a wrong secret with 401', async () => {
    const { created, secret } = await startedBot();
    const res = await t.app.inject({
      method: 'POST',
      url: `/telegram/webhook/${created.id}`,
      headers: { 'x-telegram-bot-api-secret-token': `${secret}x` },
      payload: update,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an update for an unknown bot with the same 401', async () => {
    const { secret } = await startedBot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/telegram/webhook/00000000-0000-4000-8000-000000000000',
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: update,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('WEBHOOK_SECRET_INVALID');
  });

  it('refuses the old secret once the bot is stopped', async () => {
    const { created, secret } = await startedBot();
    await post(`${v.base}/bots/${created.id}/stop`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/telegram/webhook/${created.id}`,
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: update,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /vendors/{id}/bots/{botId}', () => {
  async function withOrder(created: Bot) {
    const [customer] = await t.database.db
      .insert(customers)
      .values({ vendorId: v.vendorId, telegramId: 555, firstName: 'Jane', lastName: 'Doe' })
      .returning();
    await t.database.db.insert(orders).values({
      vendorId: v.vendorId,
      botId: created.id,
      customerId: customer?.id ?? '',
      status: 'completed',
      productType: 'physical',
      totalMinor: 4200,
      itemCount: 1,
    });
  }

  it('deletes the webhook, hides the bot and keeps its orders', async () => {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    await withOrder(created);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${v.base}/bots/${created.id}`,
      headers: v.auth,
    });
    expect(res.statusCode).toBe(204);
    expect(fake.state.calls({ method: 'deleteWebhook', token: bot.token })).toHaveLength(1);
    expect((await listBots()).bots).toEqual([]);
    expect((await get(`${v.base}/bot-details/${created.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(orders).where(eq(orders.botId, created.id))).toHaveLength(1);
    const [row] = await t.database.db.select().from(bots).where(eq(bots.id, created.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('still deletes a bot whose token Telegram has revoked (401)', async () => {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    fake.state.bots.delete(bot.token);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${v.base}/bots/${created.id}`,
      headers: v.auth,
    });
    expect(res.statusCode).toBe(204);
    expect((await listBots()).bots).toEqual([]);
  });

  it('lets the token be registered again after the bot is deleted', async () => {
    const bot = fakeBot(fake);
    const created = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    await t.app.inject({ method: 'DELETE', url: `${v.base}/bots/${created.id}`, headers: v.auth });
    const again = await createBot(t.app, v, { botToken: bot.token, botName: 'Shop' });
    expect(again.id).not.toBe(created.id);
  });

  it('records a bot.deleted activity row', async () => {
    const created = await createBot(t.app, v, { botToken: fakeBot(fake).token, botName: 'Shop' });
    await t.app.inject({ method: 'DELETE', url: `${v.base}/bots/${created.id}`, headers: v.auth });
    expect((await activityOf(created.id))[0]).toMatchObject({ type: 'bot.deleted', botId: created.id });
  });
});

describe('GET /vendors/{id}/bots summary', () => {
  it('sums the revenue of bots selling in different currencies in USD, each order at its USD value', async () => {
    await setUp();
    const dollars = await createBot(t.app, v, {
      botToken: fakeBot(fake).token,
      botName: 'Dollars',
      plan: 'PRO',
    });
    const euros = await createBot(t.app, v, {
      botToken: fakeBot(fake).token,
      botName: 'Euros',
      plan: 'PRO',
      currency: 'EUR',
    });
    const customer = await addCustomer(t, v.vendorId);
    for (const [bot, priceMinor] of [
      [dollars, 1000],
      [euros, 2000],
    ] as const) {
      const product = await addProduct(t, v.vendorId, { priceMinor });
      await placeTestOrder(t, { vendorId: v.vendorId, bot, customerId: customer.id, lines: [{ product }] });
    }

    const list = await listBots();
    // Each bot shows its own revenue in its own currency.
    expect(list.bots.find((b) => b.id === euros.id)?.stats).toMatchObject({ revenue: 2000, currency: 'EUR' });
    expect(list.bots.find((b) => b.id === dollars.id)?.stats).toMatchObject({
      revenue: 1000,
      currency: 'USD',
    });
    const placed = await t.database.db.select({ usd: orders.totalUsdMinor }).from(orders);
    const usdTotal = placed.reduce((sum, o) => sum + o.usd, 0);
    // $10.00, and €20.00 at the table's 1.08 USD per euro.
    expect(usdTotal).toBe(1000 + 2160);
    expect(list.summary).toMatchObject({ totalRevenue: usdTotal, totalRevenueFormatted: '$32' });
  });
});

describe('scoping', () => {
  it("answers 404 BOT_NOT_FOUND on every route for another vendor's bot, and changes nothing", async () => {
    const bot = fakeBot(fake);
    const theirs = await createBot(t.app, v, { botToken: bot.token, botName: 'Theirs' });
    const me = await vendor(t.app);
    const id = theirs.id;
    const requests = [
      { method: 'DELETE', url: `${me.base}/bots/${id}` },
      { method: 'POST', url: `${me.base}/bots/${id}/start` },
      { method: 'POST', url: `${me.base}/bots/${id}/stop` },
      { method: 'GET', url: `${me.base}/bot-details/${id}` },
      { method: 'PATCH', url: `${me.base}/bot-details/${id}`, payload: { name: 'Mine now' } },
      { method: 'POST', url: `${me.base}/bot-details/${id}/verify`, payload: { token: bot.token } },
      { method: 'GET', url: `${me.base}/bot-details/${id}/stats` },
      { method: 'GET', url: `${me.base}/bot-details/${id}/activity` },
      { method: 'GET', url: `${me.base}/bot-details/${id}/analytics` },
    ] as const;
    for (const r of requests) {
      const res = await t.app.inject({ ...r, headers: me.auth });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      expect(res.json().error.code).toBe('BOT_NOT_FOUND');
    }
    expect((await listBots()).bots[0]).toMatchObject({ name: 'Theirs', isActive: true });
    expect(fake.state.calls({ method: 'deleteWebhook' })).toEqual([]);
  });

  it("refuses another vendor's id in the path with 403", async () => {
    const other = await vendor(t.app);
    const res = await get(`${other.base}/bots`);
    expect(res.statusCode).toBe(403);
  });
});

describe('races', () => {
  it('answers 409 to the loser when two vendors register one token at the same moment', async () => {
    const other = await vendor(t.app);
    const bot = fakeBot(fake);
    const [a, b] = await Promise.all([
      post(`${v.base}/bots`, { botToken: bot.token, botName: 'A' }),
      post(`${other.base}/bots`, { botToken: bot.token, botName: 'B' }, other.auth),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});
