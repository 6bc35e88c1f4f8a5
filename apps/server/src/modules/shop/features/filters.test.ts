import type { Bot } from '@app/contracts/bots';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countingDatabase } from '../../../../test/counting-database';
import type { Vendor } from '../../../../test/factories';
import { eventsOf, type TestApp } from '../../../../test/harness';
import {
  ANN,
  customerSays,
  customerTaps,
  idleStorefrontDeps,
  type OpenShop,
  openShop,
  sentTo,
} from '../../../../test/shop';
import { customerBots, customers } from '../../../db/schema/index';
import { EVENT_CONSUMERS } from '../../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../../fakes/bot-api/server';
import { createSecrets } from '../../../lib/secrets';
import { createBotApi } from '../../../lib/telegram/bot-api';
import { createCustomersService } from '../../customers/customers.service';
import { dispatchPendingEvents } from '../../events/events.dispatcher';
import { createNotificationsService } from '../../notifications/notifications.service';
import { createStorefront } from '../shop-runtime';

let fake: FakeBotApi;
let s: OpenShop;
let t: TestApp;
let owner: Vendor & { telegramId: number };
let shop: Bot & { token: string };

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());

beforeEach(async () => {
  s = await openShop(fake);
  ({ t, shop } = s);
  owner = { ...s.owner, telegramId: s.ownerUser.id };
});
afterEach(() => t.app.close());

/** A private text message to the shop bot from Ann. */
const annSays = (text: string) => customerSays(s, text);
const annTaps = (data: string) => customerTaps(s, data);

/** What the shop bot said to Ann, oldest first. */
const sentToAnn = () => sentTo(s, ANN.id).map((params) => params.text);

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

/** The shop as the runtime reads it on each update, for tests that build a storefront of their own. */
function runtimeOfShop() {
  return {
    shop: {
      vendorId: owner.vendorId,
      botId: shop.id,
      token: shop.token,
      telegramBotId: 1,
      username: shop.username,
      name: shop.name,
      language: 'en' as const,
      currency: 'USD',
      isOpen: true,
      maintenance: false,
      analyticsEnabled: true,
      category: 'general' as const,
    },
    webhookSecret: 'secret',
    cacheClearedAt: null,
  };
}

/** The update of a private message from Ann, as handed to a storefront built by the test. */
function annWrote(updateId: number, text: string) {
  return {
    update_id: updateId,
    message: {
      message_id: 1,
      date: 0,
      chat: { id: ANN.id, type: 'private' as const, first_name: 'Ann' },
      from: { ...ANN, is_bot: false },
      text,
      ...(text.startsWith('/')
        ? { entities: [{ type: 'bot_command' as const, offset: 0, length: text.split(' ')[0]?.length ?? 0 }] }
        : {}),
    },
  };
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

  it('looks the customer up once for the shop and the record of the chat alike, then remembers them', async () => {
    await annSays('/start');
    const counted = countingDatabase(t.database);
    const service = createCustomersService({ db: counted.db });
    const storefront = createStorefront(
      idleStorefrontDeps({
        apiRoot: fake.url,
        shopRuntimeOf: async () => runtimeOfShop(),
        customers: service,
        recordChat: service.recordChat,
      }),
    );
    try {
      const lookups = () => counted.sent().filter((query) => /\bfrom "customers"/.test(query));
      await storefront.handleUpdate(shop.id, annWrote(1, '/start'));
      expect(lookups()).toHaveLength(1);
      // The same profile again: the process found her up to date a moment ago.
      await storefront.handleUpdate(shop.id, annWrote(2, 'rye'));
      expect(lookups()).toHaveLength(1);
    } finally {
      await counted.close();
    }
    const [ann] = await t.database.db.select().from(customers).where(eq(customers.telegramId, ANN.id));
    expect((await chatEvents()).map((e) => [e.type, e.actorId, e.actorName])).toEqual([
      ['bot.message', ann?.id, 'Ann'],
      ['bot.command', ann?.id, 'Ann'],
      ['bot.command', ann?.id, 'Ann'],
    ]);
  });

  it('records a failure to answer as bot.error, once a minute however many updates fail', async () => {
    const recorded: string[] = [];
    const storefront = createStorefront(
      idleStorefrontDeps({
        apiRoot: fake.url,
        shopRuntimeOf: async () => runtimeOfShop(),
        welcomeOf: () => Promise.reject(new Error('settings unreadable')),
        recordError: async (_shop, _updateId, error) => {
          recorded.push(error);
        },
      }),
    );
    const start = (updateId: number) => storefront.handleUpdate(shop.id, annWrote(updateId, '/start'));
    await start(1);
    await start(2);

    expect(recorded).toEqual(['internal']);
    expect(sentToAnn()).toEqual([
      'Sorry, something went wrong on our side. Please try again in a moment.',
      'Sorry, something went wrong on our side. Please try again in a moment.',
    ]);
  });
});
