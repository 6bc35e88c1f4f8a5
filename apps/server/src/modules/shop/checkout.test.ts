import type { CreateProductBody } from '@app/contracts/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock';
import { createCategory, createProduct, productBody } from '../../../test/factories';
import {
  ANN,
  BEN,
  buttonsOf,
  chatWith,
  customerSays,
  customerTaps,
  customerTapsButton,
  eventually,
  lastTextTo,
  type OpenShop,
  openShop,
  type Shopper,
  sentTo,
} from '../../../test/shop';
import {
  botDailyStats,
  events,
  orderItems,
  orders,
  productCodes,
  products,
  serviceBookings,
  shopSessions,
} from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { releaseReservations } from '../../jobs/reservation-release';
import { createSecrets } from '../../lib/secrets';
import { createBotApi } from '../../lib/telegram/bot-api';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { createNotificationsService } from '../notifications/notifications.service';

let fake: FakeBotApi;
let s: OpenShop;
let clock: ReturnType<typeof testClock>;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
afterEach(() => s.t.app.close());

async function open(plan = 'PRO') {
  clock = testClock();
  s = await openShop(fake, { plan, now: clock.now });
}

async function sell(
  type: 'physical' | 'digital' | 'service' | 'key',
  extra: Partial<CreateProductBody> = {},
) {
  const category = await createCategory(s.t.app, s.owner, `Shelf ${Math.random()}`, []);
  return createProduct(s.t.app, s.owner, productBody(type, category.id, { price: 650, ...extra }));
}

const tap = (data: string, who: Shopper = ANN) => customerTaps(s, data, who);
const lastText = (who: Shopper = ANN) => lastTextTo(s, who.id);
const db = () => s.t.database.db;

async function shopOrders() {
  return db().select().from(orders).where(eq(orders.botId, s.shop.id));
}

async function stockOf(productId: string) {
  const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock;
}

describe('checking out goods', () => {
  it('places one pending order, reserves its stock for 15 minutes and empties those lines from the cart', async () => {
    await open();
    const loaf = await sell('physical', { name: 'Sourdough loaf', stock: 5 });
    await tap(`ca:${loaf.id}`);
    await tap(`c+:${loaf.id}`);
    await tap('co:p');

    const [order] = await shopOrders();
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'pending', productType: 'physical' });
    expect(order?.totalMinor).toBe(1300);
    expect(order?.reservedUntil?.getTime()).toBe(clock.now().getTime() + 15 * 60_000);
    // Then the payment feature offers its ways to pay (none set up on this bot: it says so).
    expect(sentTo(s, ANN.id).map((m) => m.text)).toContain(
      `Order #${order?.number}: $13.00. It is reserved for you for 15 minutes while you pay.`,
    );
    expect(await stockOf(loaf.id)).toBe(3);
    const [session] = await db().select().from(shopSessions).where(eq(shopSessions.botId, s.shop.id));
    expect(session?.cart).toEqual([]);
  });

  it('counts a checkout started for analytics', async () => {
    await open();
    const loaf = await sell('physical', { stock: 5 });
    await tap(`ca:${loaf.id}`);
    await tap('co:p');
    await eventually(async () => {
      const [day] = await db().select().from(botDailyStats).where(eq(botDailyStats.botId, s.shop.id));
      expect(day?.checkouts).toBe(1);
    });
  });

  it('puts the lines back in the cart when Telegram fails the invoice, so Checkout sends it again', async () => {
    await open();
    const key = await sell('key', { name: 'Game key' });
    await tap(`ca:${key.id}`);
    // Telegram answers the invoice with HTTP 500 three times: it fails within the Bot API client's own retries.
    fake.state.failCalls({ method: 'sendInvoice', chatId: ANN.id, times: 3 });
    await tap('co:d');

    const [session] = await db().select().from(shopSessions).where(eq(shopSessions.botId, s.shop.id));
    expect(session?.cart).toEqual([expect.objectContaining({ productId: key.id, quantity: 1 })]);

    await tap('co:d');
    const invoices = fake.state.messages.filter((m) => m.token === s.shop.token && m.message.invoice);
    expect(invoices).toHaveLength(1);
  }, 60_000);

  it('hands over the same order again when Checkout follows a failed invoice: one order, one reserved code, one invoice', async () => {
    await open();
    const key = await sell('key', { name: 'Game key', codes: ['KEY-ONE', 'KEY-TWO'] });
    await tap(`ca:${key.id}`);
    // Telegram fails the invoice for a while (HTTP 500, three times: past the Bot API client's own retries).
    fake.state.failCalls({ method: 'sendInvoice', chatId: ANN.id, times: 3 });
    await tap('co:d');
    const [first] = await shopOrders();
    expect(first).toBeDefined();

    // Telegram is back: Checkout again sends the invoice of that order, and places none.
    await tap('co:d');
    const placed = await shopOrders();
    expect(placed.map((o) => o.id)).toEqual([first?.id]);
    const claimed = await db()
      .select()
      .from(productCodes)
      .where(eq(productCodes.orderId, first?.id ?? ''));
    expect(claimed).toHaveLength(1);
    const invoices = fake.state.messages.filter((m) => m.token === s.shop.token && m.message.invoice);
    expect(invoices).toHaveLength(1);
    expect((invoices[0]?.message.invoice as { title?: string } | undefined)?.title).toContain(
      `#${first?.number}`,
    );
    const [session] = await db().select().from(shopSessions).where(eq(shopSessions.botId, s.shop.id));
    expect(session?.cart).toEqual([]);
  }, 60_000);

  it('places a new order when the cart changed after a failed invoice', async () => {
    await open();
    const key = await sell('key', { name: 'Game key', codes: ['KEY-1', 'KEY-2', 'KEY-3'] });
    await tap(`ca:${key.id}`);
    fake.state.failCalls({ method: 'sendInvoice', chatId: ANN.id, times: 3 });
    await tap('co:d');
    const other = await sell('key', { name: 'Other key', codes: ['OTHER-1'] });
    await tap(`ca:${other.id}`);

    await tap('co:d');
    expect(await shopOrders()).toHaveLength(2);
  }, 60_000);

  it('places no second order when Checkout is tapped twice', async () => {
    await open();
    const loaf = await sell('physical', { stock: 5 });
    await tap(`ca:${loaf.id}`);
    await Promise.all([tap('co:p'), tap('co:p')]);
    expect(await shopOrders()).toHaveLength(1);
    expect(sentTo(s, ANN.id).map((m) => m.text)).toContain('Your cart is empty');
  });

  it('reserves a variation’s own stock', async () => {
    await open();
    const shirt = await sell('physical', {
      name: 'Shirt',
      price: 2000,
      physical: { variations: [{ type: 'size', values: [{ value: 'S', stock: 3 }] }] },
    });
    const variation = shirt.physical?.variations[0]?.values[0]?.id ?? '';
    await tap(`ca:${shirt.id}:${variation.slice(0, 8)}`);
    await tap('co:p');
    const [item] = await db().select().from(orderItems).where(eq(orderItems.vendorId, s.owner.vendorId));
    expect(item).toMatchObject({ name: 'Shirt (S)', variationId: variation, quantity: 1 });
    const [row] = await db().select().from(products).where(eq(products.id, shirt.id));
    expect(row?.stock).toBe(2);
    const details = row?.details as { variations: { values: { stock: number }[] }[] } | undefined;
    expect(details?.variations[0]?.values[0]?.stock).toBe(2);
  });

  it('never lets two customers both reserve the last unit', async () => {
    await open();
    const loaf = await sell('physical', { name: 'Last loaf', stock: 1 });
    await tap(`ca:${loaf.id}`, ANN);
    await tap(`ca:${loaf.id}`, BEN);
    await Promise.all([tap('co:p', ANN), tap('co:p', BEN)]);

    expect(await shopOrders()).toHaveLength(1);
    expect(await stockOf(loaf.id)).toBe(0);
    const told = [lastText(ANN), lastText(BEN)];
    expect(told.filter((t) => t === 'Sorry, Last loaf just sold out.')).toHaveLength(1);
  });
});

describe('a reservation that expires', () => {
  it('is cancelled by the release job, and its stock returns', async () => {
    await open();
    const loaf = await sell('physical', { stock: 5 });
    await tap(`ca:${loaf.id}`);
    await tap(`c+:${loaf.id}`);
    await tap('co:p');
    expect(await stockOf(loaf.id)).toBe(3);

    const deps = { db: db() };
    expect(
      await releaseReservations({ ...deps, now: () => new Date(clock.now().getTime() + 14 * 60_000) }),
    ).toEqual({
      released: 0,
    });
    expect(
      await releaseReservations({ ...deps, now: () => new Date(clock.now().getTime() + 16 * 60_000) }),
    ).toEqual({
      released: 1,
    });
    const [order] = await shopOrders();
    expect(order?.status).toBe('cancelled');
    expect(await stockOf(loaf.id)).toBe(5);
    const cancelled = await db()
      .select()
      .from(events)
      .where(and(eq(events.subjectId, order?.id ?? ''), eq(events.type, 'order.cancelled')));
    expect(cancelled.map((e) => [e.actorKind, e.payload.note])).toEqual([
      ['system', 'Not paid within the reservation time'],
    ]);
  });

  it('tells the customer the unpaid order was cancelled, and "Try again" puts its items back in the cart', async () => {
    await open();
    const loaf = await sell('physical', { name: 'Sourdough loaf', stock: 5 });
    await tap(`ca:${loaf.id}`);
    await tap('co:p');
    const [order] = await shopOrders();
    await releaseReservations({ db: db(), now: () => new Date(clock.now().getTime() + 16 * 60_000) });

    // What the jobs run next: the events dispatch queues the notification, notifications.send sends it.
    await dispatchPendingEvents(db(), EVENT_CONSUMERS);
    await createNotificationsService({
      db: db(),
      botApi: createBotApi({ apiRoot: fake.url }),
      secrets: createSecrets(s.t.config.appSecret),
      platformBotToken: s.t.config.platformBotToken,
      now: clock.now,
    }).sendDue();
    const told = sentTo(s, ANN.id).at(-1);
    expect(told?.text).toBe(
      `Order #${order?.number} was not paid within 15 minutes, so it was cancelled and its items went back on sale. Tap below to put them back in your cart and try again.`,
    );
    expect(buttonsOf(told)).toEqual([{ text: '🛒 Try again', data: `reorder:${order?.id}` }]);

    await tap(`reorder:${order?.id}`);
    expect(lastText()).toBe('Your items are back in your cart.');
    await tap('cart');
    expect(lastText()).toContain('Sourdough loaf');
    // Another customer cannot take someone else's order back into their cart.
    await tap(`reorder:${order?.id}`, BEN);
    expect(lastText(BEN)).toBe('This invoice is no longer valid.');
  });

  it('is left alone once the order is paid', async () => {
    await open();
    const loaf = await sell('physical', { stock: 5 });
    await tap(`ca:${loaf.id}`);
    await tap('co:p');
    await db().update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.botId, s.shop.id));
    const later = () => new Date(clock.now().getTime() + 60 * 60_000);
    expect(await releaseReservations({ db: db(), now: later })).toEqual({ released: 0 });
    expect(await stockOf(loaf.id)).toBe(4);
  });
});

describe('checking out digital codes', () => {
  it('claims the codes into the order at checkout, and gives them back when the reservation expires', async () => {
    await open();
    const key = await sell('key', { name: 'Game key', codes: ['KEY-ONE', 'KEY-TWO'] });
    await tap(`ca:${key.id}`);
    await tap('co:d');
    const [order] = await shopOrders();
    const claimed = await db()
      .select()
      .from(productCodes)
      .where(eq(productCodes.orderId, order?.id ?? ''));
    expect(claimed).toHaveLength(1);
    expect(['KEY-ONE', 'KEY-TWO']).toContain(claimed[0]?.code);
    expect(await stockOf(key.id)).toBe(1);

    await releaseReservations({ db: db(), now: () => new Date(clock.now().getTime() + 16 * 60_000) });
    expect(
      await db()
        .select()
        .from(productCodes)
        .where(eq(productCodes.orderId, order?.id ?? '')),
    ).toEqual([]);
    expect(await stockOf(key.id)).toBe(2);
  });

  it('gives the last code to one of two customers checking out at once, and tells the other it sold out', async () => {
    await open();
    const key = await sell('key', { name: 'Game key', codes: ['LAST-CODE'] });
    await tap(`ca:${key.id}`, ANN);
    await tap(`ca:${key.id}`, BEN);
    await Promise.all([tap('co:d', ANN), tap('co:d', BEN)]);

    const placed = await shopOrders();
    expect(placed).toHaveLength(1);
    const [code] = await db().select().from(productCodes).where(eq(productCodes.productId, key.id));
    expect(code?.orderId).toBe(placed[0]?.id);
    const told = [lastText(ANN), lastText(BEN)];
    expect(told.filter((t) => t === 'Sorry, Game key just sold out.')).toHaveLength(1);
    expect(told.filter((t) => t?.startsWith(`Order #${placed[0]?.number}:`))).toHaveLength(1);
  });
  it('issues a pool of codes once each to a burst of customers, and tells the rest it sold out', async () => {
    await open();
    const codes = Array.from({ length: 6 }, (_, i) => `BURST-${i}`);
    const key = await sell('key', { name: 'Game key', codes });
    const crowd = Array.from({ length: 12 }, (_, i) => ({ id: 556_000_000 + i, first_name: `Buyer ${i}` }));
    for (const who of crowd) await tap(`ca:${key.id}`, who);
    await Promise.all(crowd.map((who) => tap('co:d', who)));

    const placed = await shopOrders();
    expect(placed).toHaveLength(6);
    const issued = await db().select().from(productCodes).where(eq(productCodes.productId, key.id));
    expect(new Set(issued.map((c) => c.orderId))).toEqual(new Set(placed.map((o) => o.id)));
    const told = crowd.map((who) => lastText(who));
    expect(told.filter((t) => t === 'Sorry, Game key just sold out.')).toHaveLength(6);
  });
});

describe('booking a service', () => {
  const everyDay = {
    duration: 60,
    durationUnit: 'minutes' as const,
    location: 'online' as const,
    maxBookings: 1,
    availability: {
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const,
      timeSlots: [{ start: '09:00', end: '11:00' }],
      timezone: 'UTC',
    },
  };

  /** A piano lesson bookable every day, 09:00–11:00 UTC, one place per slot. */
  const sellLesson = () =>
    sell('service', {
      name: 'Piano lesson',
      service: {
        ...everyDay,
        availability: { ...everyDay.availability, days: [...everyDay.availability.days] },
      },
    });

  it('asks for a slot among the open ones, confirms it, places the order and takes the slot', async () => {
    await open();
    const lesson = await sellLesson();
    await tap(`ca:${lesson.id}`);
    await tap(`co:s:${lesson.id}`);
    expect(lastText()).toBe('Choose a time for Piano lesson');
    const slots = buttonsOf(sentTo(s, ANN.id).at(-1)).filter((b) => b.data.startsWith('sl:'));
    const tomorrowNine = Date.UTC(
      clock.now().getUTCFullYear(),
      clock.now().getUTCMonth(),
      clock.now().getUTCDate() + 1,
      9,
    );
    // Today's times are past (the clock says noon): the first open slot is tomorrow's 09:00.
    expect(slots[0]?.data).toBe(`sl:${tomorrowNine}`);

    await tap(`sl:${tomorrowNine}`);
    expect(lastText()).toMatch(/^Book Piano lesson on .+\?\n\nTotal: \$6\.50$/);
    await tap('sk');

    const [order] = await shopOrders();
    expect(order).toMatchObject({ productType: 'service', status: 'pending' });
    expect(order?.serviceInfo).toMatchObject({ scheduledDate: new Date(tomorrowNine).toISOString() });
    const bookings = await db()
      .select()
      .from(serviceBookings)
      .where(eq(serviceBookings.productId, lesson.id));
    expect(bookings.map((b) => [b.slotStart.getTime(), b.status, b.orderId])).toEqual([
      [tomorrowNine, 'booked', order?.id],
    ]);

    // The slot is taken: the next customer is not offered it.
    await tap(`ca:${lesson.id}`, BEN);
    await tap(`co:s:${lesson.id}`, BEN);
    const offered = buttonsOf(sentTo(s, BEN.id).at(-1)).map((b) => b.data);
    expect(offered).not.toContain(`sl:${tomorrowNine}`);
    expect(offered).toContain(`sl:${tomorrowNine + 3_600_000}`);
  });

  it('chooses and confirms the time in the cart message tapped, not in new messages', async () => {
    await open();
    const lesson = await sellLesson();
    await tap(`ca:${lesson.id}`);
    await customerSays(s, '/cart');
    const messages = () => chatWith(s, ANN.id);
    const before = messages().length;

    await customerTapsButton(s, `co:s:${lesson.id}`);
    expect(messages().at(-1)?.text).toBe('Choose a time for Piano lesson');
    const [first] = buttonsOf(messages().at(-1)).filter((b) => b.data.startsWith('sl:'));
    await customerTapsButton(s, first?.data ?? '');
    expect(messages().at(-1)?.text).toMatch(/^Book Piano lesson on .+\?\n\nTotal: \$6\.50$/);
    expect(messages()).toHaveLength(before);
  });

  it('sends the customer back to the times when their slot was taken meanwhile', async () => {
    await open();
    const lesson = await sellLesson();
    const start = Date.UTC(
      clock.now().getUTCFullYear(),
      clock.now().getUTCMonth(),
      clock.now().getUTCDate() + 1,
      9,
    );
    for (const who of [ANN, BEN]) {
      await tap(`ca:${lesson.id}`, who);
      await tap(`co:s:${lesson.id}`, who);
      await tap(`sl:${start}`, who);
    }
    await tap('sk', ANN);
    await tap('sk', BEN);
    expect(await shopOrders()).toHaveLength(1);
    // One screen: why, above the times offered again.
    expect(sentTo(s, BEN.id).at(-1)?.text).toBe(
      'Sorry, that time is no longer free. Please choose another.\n\nChoose a time for Piano lesson',
    );
  });
});

describe('a cart mixing kinds of product', () => {
  it('checks out each kind on its own, and says so', async () => {
    await open();
    const loaf = await sell('physical', { name: 'Sourdough loaf', stock: 5 });
    const guide = await sell('digital', { name: 'Baking guide', price: 900 });
    await tap(`ca:${loaf.id}`);
    await tap(`ca:${guide.id}`);
    await tap('cart');
    expect(lastText()).toContain(
      'Goods, digital items and services are paid for separately: each button below checks out its part.',
    );
    const buttons = buttonsOf(sentTo(s, ANN.id).at(-1));
    expect(buttons).toContainEqual({ text: '✅ Checkout goods', data: 'co:p' });
    expect(buttons).toContainEqual({ text: '✅ Checkout digital items', data: 'co:d' });

    await tap('co:p');
    const [order] = await shopOrders();
    expect(order?.productType).toBe('physical');
    const [session] = await db().select().from(shopSessions).where(eq(shopSessions.botId, s.shop.id));
    expect(session?.cart).toEqual([{ productId: guide.id, variation: null, quantity: 1 }]);
  });
});

describe("the FREE plan's monthly orders", () => {
  it('turns a checkout away past 500 orders this month, and records one event for the vendor', async () => {
    await open('FREE');
    const loaf = await sell('physical', { stock: 5 });
    await db()
      .insert(botDailyStats)
      .values({
        vendorId: s.owner.vendorId,
        botId: s.shop.id,
        day: clock.now().toISOString().slice(0, 10),
        orders: 500,
      });
    await tap(`ca:${loaf.id}`);
    await tap('co:p');
    await tap('co:p');

    expect(await shopOrders()).toEqual([]);
    expect(lastText()).toBe('Sorry, this shop cannot take orders right now. Please try again later.');
    expect(await stockOf(loaf.id)).toBe(5);
    const reached = await db()
      .select()
      .from(events)
      .where(and(eq(events.botId, s.shop.id), eq(events.type, 'bot.order_limit_reached')));
    expect(reached.map((e) => [e.actorKind, e.payload.plan, e.payload.limit])).toEqual([
      ['system', 'FREE', 500],
    ]);
  });

  it('takes orders below the limit', async () => {
    await open('FREE');
    const loaf = await sell('physical', { stock: 5 });
    await tap(`ca:${loaf.id}`);
    await tap('co:p');
    expect(await shopOrders()).toHaveLength(1);
  });
});
