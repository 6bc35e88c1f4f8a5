import type { Bot } from '@app/contracts/bots';
import type { Language } from '@app/contracts/common';
import type { EventType } from '@app/contracts/events';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock, testClock } from '../../../test/clock';
import {
  addCustomer,
  addProduct,
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  placeTestOrder,
  productBody,
  type Vendor,
} from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { openShop, PLATFORM_USERNAME } from '../../../test/shop';
import { customerBots, events, notifications, vendors } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { remindSubscriptions } from '../../jobs/subscription-reminders';
import { createSecrets } from '../../lib/secrets';
import {
  type BotApi,
  createBotApi,
  TelegramApiError,
  TelegramUnreachableError,
} from '../../lib/telegram/bot-api';
import { createTelegramThrottle } from '../../lib/telegram/throttle';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { recordEvent } from '../events/record-event';
import { createNotificationsService, MAX_ATTEMPTS } from './notifications.service';

// Tests send bursts to one chat: no pacing here (the throttle has its own tests).
const unthrottled = createTelegramThrottle({
  privateChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  groupChat: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
  bot: { perSecond: Number.POSITIVE_INFINITY, burst: 1 },
});

let fake: FakeBotApi;
let t: TestApp;
let clock: TestClock;
let owner: Vendor & { telegramId: number };
let shop: Bot & { token: string };

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());

beforeEach(async () => {
  clock = testClock();
  const s = await openShop(fake, { now: clock.now });
  ({ t, shop } = s);
  owner = { ...s.owner, telegramId: s.ownerUser.id };
});
afterEach(() => t.app.close());

/** Runs what the jobs run: the events dispatch (queues notifications), then notifications.send. */
async function deliverNotifications(botApi: BotApi = createBotApi({ apiRoot: fake.url })) {
  await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
  return createNotificationsService({
    db: t.database.db,
    botApi,
    secrets: createSecrets(t.config.appSecret),
    platformBotToken: t.config.platformBotToken,
    throttle: unthrottled,
    now: clock.now,
  }).sendDue();
}

/** What the platform bot sent, oldest first. */
const platformMessages = () =>
  fake.state.calls({ method: 'sendMessage', token: t.config.platformBotToken }).map((c) => c.params);
/** What the shop bot sent to a chat, oldest first. */
const shopMessagesTo = (chatId: number) =>
  fake.state
    .calls({ method: 'sendMessage', token: shop.token })
    .map((c) => c.params)
    .filter((p) => Number(p.chat_id) === chatId);

async function setVendorLanguage(language: Language) {
  await t.database.db.update(vendors).set({ language }).where(eq(vendors.id, owner.vendorId));
}

async function record(
  type: EventType,
  subject: { kind: 'order' | 'product' | 'bot'; id: string },
  payload = {},
) {
  await t.database.db.transaction((tx) =>
    recordEvent(tx, {
      vendorId: owner.vendorId,
      botId: shop.id,
      type,
      actor: { kind: 'system', id: null },
      subject,
      payload,
      at: clock.now(),
    }),
  );
}

async function anOrder(status: 'pending' | 'processing' = 'processing') {
  const customer = await addCustomer(t, owner.vendorId, { firstName: 'Ann' });
  const product = await addProduct(t, owner.vendorId, { name: 'Sourdough loaf', priceMinor: 1500 });
  const order = await placeTestOrder(t, {
    vendorId: owner.vendorId,
    bot: shop,
    customerId: customer.id,
    lines: [{ product }],
    status,
    paymentStatus: 'paid',
  });
  return { customer, order };
}

async function paid(order: { id: string; number: number }) {
  await record(
    'payment.received',
    { kind: 'order', id: order.id },
    {
      orderId: order.id,
      orderNumber: order.number,
      amountMinor: 1500,
      currency: 'USD',
      rail: 'stars',
    },
  );
}

async function moveOrder(orderId: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `${owner.base}/orders/${orderId}/status`,
    headers: owner.auth,
    payload: body,
  });
  expect(res.statusCode).toBe(200);
}

/** The fake's Bot API, except that `chatId` has blocked the bot behind `token` (Telegram's 403). */
function blockedBy(token: string, chatId: number) {
  const inner = createBotApi({ apiRoot: fake.url });
  const refused: string[] = [];
  const botApi: BotApi = {
    ...inner,
    async call<T>(callToken: string, method: string, params: Record<string, unknown> = {}) {
      if (callToken === token && Number(params.chat_id) === chatId) {
        refused.push(method);
        throw new TelegramApiError(403, 'Forbidden: bot was blocked by the user');
      }
      return inner.call<T>(callToken, method, params);
    },
  };
  return { botApi, refused };
}

describe('notifications to the vendor', () => {
  it('tells the owner of each new paid order, with a button that opens the order in the back-office and its next move', async () => {
    const { order } = await anOrder();
    await paid(order);
    await deliverNotifications();

    const [message] = platformMessages();
    expect(Number(message?.chat_id)).toBe(owner.telegramId);
    expect(message?.text).toBe(`💰 New paid order #${order.number}: $15.00 via @${shop.username}`);
    expect(message?.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: 'Open order', url: `https://t.me/${PLATFORM_USERNAME}?startapp=order_${order.id}` },
          { text: 'Mark shipped', callback_data: expect.stringMatching(/^m:.{22}:.{22}:shipped$/) },
        ],
      ],
    });
  });

  it('speaks the language of the vendor’s profile', async () => {
    await setVendorLanguage('de');
    const { order } = await anOrder();
    await paid(order);
    await deliverNotifications();

    const [message] = platformMessages();
    const amount = new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(15); // "15,00 $"
    expect(message?.text).toBe(
      `💰 Neue bezahlte Bestellung #${order.number}: ${amount} über @${shop.username}`,
    );
    expect(JSON.stringify(message?.reply_markup)).toContain('Bestellung öffnen');
  });

  it('sends one message per event, however often the event is handed over', async () => {
    const { order } = await anOrder();
    await paid(order);
    await deliverNotifications();
    // As after a crash: the same event handed to the consumers again, and the job run again.
    const [event] = await t.database.db.select().from(events).where(eq(events.type, 'payment.received'));
    if (!event) throw new Error('no event');
    await t.database.db.transaction(async (tx) => {
      for (const consumer of EVENT_CONSUMERS) await consumer.handle(tx, event);
    });
    await deliverNotifications();

    expect(platformMessages()).toHaveLength(1);
  });

  it('tells the owner when a product runs low or sells out, with a button that opens the product', async () => {
    const product = await addProduct(t, owner.vendorId, { name: 'Rye loaf' });
    await record(
      'product.lowstock',
      { kind: 'product', id: product.id },
      { productName: 'Rye loaf', stock: 2 },
    );
    await record(
      'product.outofstock',
      { kind: 'product', id: product.id },
      { productName: 'Rye loaf', stock: 0 },
    );
    await deliverNotifications();

    expect(platformMessages().map((m) => m.text)).toEqual([
      '⚠️ Running low: Rye loaf has 2 left.',
      '⛔ Sold out: Rye loaf. Restock it to keep selling.',
    ]);
    expect(JSON.stringify(platformMessages()[1]?.reply_markup)).toContain(`startapp=product_${product.id}`);
  });

  it('tells the owner when an edit takes a product below its minimum stock', async () => {
    const bread = await createCategory(t.app, owner, 'Bread', []);
    const body = productBody('physical', bread.id, { name: 'Rye loaf', stock: 30, botIds: [shop.id] });
    const product = await createProduct(t.app, owner, body);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${owner.base}/products/${product.id}`,
      headers: owner.auth,
      payload: { ...body, stock: 3 },
    });
    expect(res.statusCode).toBe(200);
    await deliverNotifications();

    expect(platformMessages().map((m) => m.text)).toEqual(['⚠️ Running low: Rye loaf has 3 left.']);
  });

  it('tells the owner once the FREE plan’s orders of the month are taken, with a way to upgrade', async () => {
    await record(
      'bot.order_limit_reached',
      { kind: 'bot', id: shop.id },
      { botUsername: shop.username, limit: 500 },
    );
    await deliverNotifications();

    const [message] = platformMessages();
    expect(message?.text).toContain(
      `@${shop.username} has taken the 500 orders the FREE plan allows this month`,
    );
    expect(message?.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Upgrade', url: `https://t.me/${PLATFORM_USERNAME}?startapp=plans_${shop.id}` }],
      ],
    });
  });

  it('reminds the vendor that a trial ends, in the language of their profile', async () => {
    await setVendorLanguage('fr');
    clock.advance(4.5 * DAY_MS);
    const deps = {
      db: t.database.db,
      botApi: createBotApi({ apiRoot: fake.url }),
      platformBotToken: t.config.platformBotToken,
      now: clock.now,
    };
    expect(await remindSubscriptions(deps)).toEqual({ reminded: 1 });

    const [message] = platformMessages();
    expect(message?.text).toMatch(
      new RegExp(`^L’essai gratuit de @${shop.username} se termine le .+\\. Choisissez une formule`),
    );
    expect(message?.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Renouveler', url: `https://t.me/${PLATFORM_USERNAME}?startapp=plans_${shop.id}` }],
      ],
    });
  });

  it('does not keep messaging a vendor who blocked the platform bot', async () => {
    const { botApi, refused } = blockedBy(t.config.platformBotToken, owner.telegramId);
    const first = await anOrder();
    await paid(first.order);
    expect(await deliverNotifications(botApi)).toMatchObject({ blocked: 1 });
    const second = await anOrder();
    await paid(second.order);
    expect(await deliverNotifications(botApi)).toMatchObject({ skipped: 1 });

    expect(refused).toEqual(['sendMessage']);
  });

  it('tells the owner when a customer cancels a paid booking in time: Stars went back, any other payment is theirs to return', async () => {
    const { customer, order } = await anOrder();
    const refundBy = async (rail: string, starsAmount: number | null) =>
      t.database.db.transaction((tx) =>
        recordEvent(tx, {
          vendorId: owner.vendorId,
          botId: shop.id,
          type: 'refund.created',
          actor: { kind: 'customer', id: customer.id },
          subject: { kind: 'order', id: order.id },
          payload: {
            orderId: order.id,
            orderNumber: order.number,
            amountMinor: 1500,
            currency: 'USD',
            rail,
            starsAmount,
          },
          at: clock.now(),
        }),
      );
    await refundBy('card', null);
    await refundBy('stars', 750);
    await deliverNotifications();

    expect(platformMessages().map((m) => m.text)).toEqual([
      `↩️ Order #${order.number} was cancelled by its customer in time and is marked refunded: return $15.00 to them the way they paid.`,
      `↩️ Order #${order.number} was cancelled by its customer in time: its 750 Stars went back to them through @${shop.username}.`,
    ]);
    // The customer was told in the chat as it happened: no second message.
    expect(shopMessagesTo(customer.telegramId)).toEqual([]);
  });

  it('tells nobody about an event that reaches it a day late', async () => {
    const { order } = await anOrder();
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        vendorId: owner.vendorId,
        botId: shop.id,
        type: 'payment.received',
        actor: { kind: 'system', id: null },
        subject: { kind: 'order', id: order.id },
        payload: {
          orderId: order.id,
          orderNumber: order.number,
          amountMinor: 1500,
          currency: 'USD',
          rail: 'stars',
        },
        at: new Date(Date.now() - 2 * DAY_MS),
      }),
    );
    await deliverNotifications();

    expect(platformMessages()).toEqual([]);
  });

  it('tries again later when Telegram cannot be reached, and gives up after a few attempts', async () => {
    const inner = createBotApi({ apiRoot: fake.url });
    const unreachable: BotApi = {
      ...inner,
      call: () => Promise.reject(new TelegramUnreachableError('connection failed')),
    };
    const { order } = await anOrder();
    await paid(order);
    const outcomes = [];
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      outcomes.push(await deliverNotifications(unreachable));
      clock.advance(DAY_MS);
    }

    expect(outcomes.map((o) => o.retry)).toEqual([1, 1, 1, 1, 0, 0, 0]);
    expect(outcomes.map((o) => o.failed)).toEqual([0, 0, 0, 0, 1, 0, 0]);
    const [row] = await t.database.db.select().from(notifications);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });
});

describe('follow-ups to the customer', () => {
  it('tells the customer when the vendor ships their order, with the tracking number', async () => {
    const { customer, order } = await anOrder();
    await moveOrder(order.id, { status: 'shipped', trackingNumber: 'TRACK-123' });
    await deliverNotifications();

    expect(shopMessagesTo(customer.telegramId).map((m) => m.text)).toEqual([
      `📦 Your order #${order.number} has been shipped.\nTracking number: TRACK-123`,
    ]);
  });

  it('offers "Contact support" about the order under each follow-up', async () => {
    const { customer, order } = await anOrder();
    await moveOrder(order.id, { status: 'shipped', trackingNumber: 'TRACK-123' });
    await deliverNotifications();

    const [shipped] = shopMessagesTo(customer.telegramId);
    expect(shipped?.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Contact support', callback_data: `support:${order.id}` }]],
    });
  });

  it('gives the customer the carrier’s tracking link when the order’s shipping method names a known carrier', async () => {
    const { customer, order } = await anOrder();
    await t.database.db.execute(
      sql`update orders set shipping = '{"method": "DHL Express"}'::jsonb where id = ${order.id}`,
    );
    await moveOrder(order.id, { status: 'shipped', trackingNumber: 'JD0146' });
    await deliverNotifications();

    expect(shopMessagesTo(customer.telegramId).map((m) => m.text)).toEqual([
      `📦 Your order #${order.number} has been shipped.\nTracking number: JD0146\nTrack it with DHL: https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146`,
    ]);
  });

  it('speaks the shop bot’s language, and tells of delivery and completion too', async () => {
    const registered = fakeBot(fake);
    const spanish = await createBot(t.app, owner, {
      botToken: registered.token,
      botName: 'Tienda',
      plan: 'PRO',
      language: 'es',
    });
    shop = { ...spanish, token: registered.token };
    const { customer, order } = await anOrder();
    await moveOrder(order.id, { status: 'shipped' });
    await moveOrder(order.id, { status: 'delivered' });
    await moveOrder(order.id, { status: 'completed' });
    await deliverNotifications();

    expect(shopMessagesTo(customer.telegramId).map((m) => m.text)).toEqual([
      `📦 Tu pedido #${order.number} ha sido enviado.`,
      `✅ Tu pedido #${order.number} ha sido entregado.`,
      `🎉 Tu pedido #${order.number} está completado. ¡Gracias por tu compra!`,
    ]);
  });

  it('tells the customer when the vendor cancels their order, and when they are refunded', async () => {
    const { customer, order } = await anOrder();
    await moveOrder(order.id, { status: 'cancelled' });
    await record(
      'refund.created',
      { kind: 'order', id: order.id },
      {
        orderId: order.id,
        orderNumber: order.number,
        amountMinor: 1500,
        currency: 'USD',
      },
    );
    await deliverNotifications();

    expect(shopMessagesTo(customer.telegramId).map((m) => m.text)).toEqual([
      `Your order #${order.number} has been cancelled.`,
      `💸 Your payment for order #${order.number} has been refunded.\nAmount: $15.00`,
    ]);
  });

  it('marks a customer who blocked the shop bot, and does not message them again', async () => {
    const { customer, order } = await anOrder();
    const { botApi, refused } = blockedBy(shop.token, customer.telegramId);
    await moveOrder(order.id, { status: 'shipped' });
    expect(await deliverNotifications(botApi)).toMatchObject({ blocked: 1 });
    const [membership] = await t.database.db
      .select({ blockedAt: customerBots.blockedAt })
      .from(customerBots)
      .where(and(eq(customerBots.customerId, customer.id), eq(customerBots.botId, shop.id)));
    expect(membership?.blockedAt).toEqual(clock.now());

    await moveOrder(order.id, { status: 'delivered' });
    expect(await deliverNotifications(botApi)).toMatchObject({ skipped: 1 });
    expect(refused).toEqual(['sendMessage']);
  });

  it('says nothing to the customer about moves the shop makes itself', async () => {
    const { customer, order } = await anOrder();
    await record(
      'order.completed',
      { kind: 'order', id: order.id },
      { orderNumber: order.number, to: 'completed' },
    );
    await deliverNotifications();

    expect(shopMessagesTo(customer.telegramId)).toEqual([]);
  });
});
