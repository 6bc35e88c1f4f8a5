import type { Bot } from '@app/contracts/bots';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, eventsOf, signIn, type TestApp } from '../../../../test/harness';
import { customerBots, customers } from '../../../db/schema/index';
import { createSecrets } from '../../../lib/secrets';
import { createBot, fakeBot, startApp, type Vendor } from '../../../modules/bots/test-helpers';
import { EVENT_CONSUMERS } from '../../../modules/events/consumers';
import { dispatchPendingEvents } from '../../../modules/events/events.dispatcher';
import { createNotificationsService } from '../../../modules/notifications/notifications.service';
import { createBotApi } from '../../bot-api';
import { runWebhookReply } from '../../fake-bot-api/deliver-update';
import { type FakeBotApi, startFakeBotApi } from '../../fake-bot-api/server';
import { createStorefront } from '../storefront';
import { idleStorefrontDeps } from '../test-helpers';

const PLATFORM_USERNAME = 'botshop_platform_bot';
const ANN = { id: 555_000_222, first_name: 'Ann' };

let fake: FakeBotApi;
let t: TestApp;
let owner: Vendor & { telegramId: number };
let shop: Bot & { token: string };

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());

beforeEach(async () => {
  fake.state.reset();
  t = await startApp(fake);
  fake.state.registerBot({
    token: t.config.platformBotToken,
    username: PLATFORM_USERNAME,
    firstName: 'Platform',
  });
  const session = await signIn(t.app);
  owner = {
    vendorId: session.vendor.id,
    auth: bearer(session.accessToken),
    base: `/api/v1/vendors/${session.vendor.id}`,
    telegramId: session.user.id,
  };
  const registered = fakeBot(fake);
  const bot = await createBot(t.app, owner, {
    botToken: registered.token,
    botName: 'Corner Shop',
    plan: 'PRO',
  });
  shop = { ...bot, token: registered.token };
});
afterEach(() => t.app.close());

/** Delivers an update to the shop bot's webhook as Telegram would, making the call its answer carries. */
async function deliver(update: Record<string, unknown>) {
  const secret = fake.state.findBot(shop.token)?.webhook?.secret_token;
  const res = await t.app.inject({
    method: 'POST',
    url: `/telegram/webhook/${shop.id}`,
    headers: { 'x-telegram-bot-api-secret-token': secret ?? '' },
    payload: { update_id: Math.floor(Math.random() * 1e9), ...update },
  });
  expect(res.statusCode).toBe(200);
  await runWebhookReply(fake.state, shop.token, res.body);
}

/** A private text message to the shop bot from Ann. */
function annSays(text: string) {
  const command = text.startsWith('/') ? text.split(' ')[0] : undefined;
  return deliver({
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: ANN.id, type: 'private', first_name: ANN.first_name },
      from: { ...ANN, is_bot: false },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
    },
  });
}

function annTaps(data: string) {
  return deliver({
    callback_query: {
      id: String(Math.floor(Math.random() * 1e9)),
      from: { ...ANN, is_bot: false },
      chat_instance: '1',
      data,
      message: { message_id: 1, date: 0, chat: { id: ANN.id, type: 'private' }, text: 'earlier' },
    },
  });
}

/** What the shop bot said to Ann, oldest first. */
const sentToAnn = () =>
  fake.state
    .calls({ method: 'sendMessage', token: shop.token })
    .filter((c) => Number(c.params.chat_id) === ANN.id)
    .map((c) => c.params.text);

/** Ann as a customer of the vendor (as the shop makes her when she first buys). */
async function annIsACustomer() {
  const [row] = await t.database.db
    .insert(customers)
    .values({ vendorId: owner.vendorId, telegramId: ANN.id, firstName: ANN.first_name })
    .returning();
  if (!row) throw new Error('no customer');
  return row;
}

async function filterWord(word: string, action: 'block' | 'warn' | 'review') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${owner.base}/bots/${shop.id}/filters/words`,
    headers: owner.auth,
    payload: { word, action },
  });
  expect(res.statusCode).toBe(201);
}

/** The chat's events the bot recorded (its own lifecycle's aside). */
const chatEvents = async () =>
  (await eventsOf(t.database, owner.vendorId, shop.id)).filter(
    (e) => e.type === 'bot.command' || e.type.startsWith('bot.message'),
  );
const eventTypes = async () => (await chatEvents()).map((e) => e.type);

describe('content filters in the shop bot', () => {
  it('ignores a message with a blocked word and tells the customer politely', async () => {
    await filterWord('cheapviagra', 'block');
    await annSays('cheapviagra for sale');

    expect(sentToAnn()).toEqual(['Sorry, this message can’t be accepted here. Please rephrase it.']);
    const [message] = await eventsOf(t.database, owner.vendorId, shop.id);
    expect(message).toMatchObject({ type: 'bot.message', payload: { filterAction: 'block' } });
  });

  it('warns the customer about a warned word and lets the message through', async () => {
    await filterWord('darn', 'warn');
    await annSays('darn sourdough');

    expect(sentToAnn()).toEqual([
      'Please note: your message contains words this shop asks customers to avoid.',
      'Nothing found for “darn sourdough”',
    ]);
  });

  it('lets a message under review through, flags it and tells the vendor', async () => {
    await filterWord('refund', 'review');
    const ann = await annIsACustomer();
    await annSays('I want a refund');

    expect(sentToAnn()).toEqual(['Nothing found for “I want a refund”']);
    expect(await eventTypes()).toEqual(expect.arrayContaining(['bot.message', 'bot.message_flagged']));
    await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
    await createNotificationsService({
      db: t.database.db,
      botApi: createBotApi({ apiRoot: fake.url }),
      secrets: createSecrets(t.config.appSecret),
      platformBotToken: t.config.platformBotToken,
    }).sendDue();
    const [told] = fake.state.calls({ method: 'sendMessage', token: t.config.platformBotToken });
    expect(Number(told?.params.chat_id)).toBe(owner.telegramId);
    expect(told?.params.text).toBe(
      `🚩 A message to @${shop.username} was flagged for review (“refund”).\n\nAnn: I want a refund`,
    );
    expect(JSON.stringify(told?.params.reply_markup)).toContain(`startapp=customer_${ann.id}`);
  });
});

describe('what the shop bot records of the chat', () => {
  it('records commands and messages, not taps on buttons', async () => {
    await annSays('/start');
    await annTaps('catalogue');
    await annSays('rye');

    expect((await eventTypes()).sort()).toEqual(['bot.command', 'bot.message']);
    const [message, command] = await chatEvents();
    expect(command?.payload).toMatchObject({ command: 'start', telegramUserId: ANN.id });
    expect(message?.payload).toMatchObject({ text: 'rye', filterAction: null });
  });

  it('clears the mark of a customer who had blocked the bot once they write to it again', async () => {
    const ann = await annIsACustomer();
    await t.database.db
      .insert(customerBots)
      .values({ vendorId: owner.vendorId, customerId: ann.id, botId: shop.id, blockedAt: new Date() });
    await annSays('/start');

    const [membership] = await t.database.db
      .select({ blockedAt: customerBots.blockedAt })
      .from(customerBots)
      .where(and(eq(customerBots.customerId, ann.id), eq(customerBots.botId, shop.id)));
    expect(membership?.blockedAt).toBeNull();
  });

  it('records a failure to answer as bot.error, once a minute however many updates fail', async () => {
    const recorded: string[] = [];
    const storefront = createStorefront(
      idleStorefrontDeps({
        apiRoot: fake.url,
        shopRuntimeOf: async () => ({
          shop: {
            vendorId: owner.vendorId,
            botId: shop.id,
            token: shop.token,
            telegramBotId: 1,
            username: shop.username,
            name: shop.name,
            language: 'en',
            currency: 'USD',
            isOpen: true,
          },
          webhookSecret: 'secret',
          cacheClearedAt: null,
        }),
        welcomeOf: () => Promise.reject(new Error('settings unreadable')),
        recordError: async (_shop, _updateId, error) => {
          recorded.push(error);
        },
      }),
    );
    const start = (updateId: number) =>
      storefront.handleUpdate(shop.id, {
        update_id: updateId,
        message: {
          message_id: 1,
          date: 0,
          chat: { id: ANN.id, type: 'private', first_name: 'Ann' },
          from: { ...ANN, is_bot: false },
          text: '/start',
          entities: [{ type: 'bot_command', offset: 0, length: 6 }],
        },
      });
    await start(1);
    await start(2);

    expect(recorded).toEqual(['internal']);
    expect(sentToAnn()).toEqual([
      'Sorry, something went wrong on our side. Please try again in a moment.',
      'Sorry, something went wrong on our side. Please try again in a moment.',
    ]);
  });
});
