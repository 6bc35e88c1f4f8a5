import type { OrderDetail } from '@app/contracts/orders';
import type { CreateProductBody, Product } from '@app/contracts/products';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock';
import { type Buyer, createCategory, createProduct, productBody } from '../../../test/factories';
import { eventsOf } from '../../../test/harness';
import {
  ANN,
  BEN,
  buttonsOf,
  customerSays,
  customerTaps,
  lastTextTo,
  type OpenShop,
  openShop,
  type Shopper,
  sentTo,
} from '../../../test/shop';
import { configureProvider, paid, preCheckout } from '../../../test/shop-payments';
import { orders, shopPayments } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';

// Issue 24, "Products: every field acts" (services): where the service takes place reaches the booking's
// confirmation (and the customer's address is asked when the service comes to them), the lead time and the
// participants per slot bound what is offered, a booking that is not confirmed automatically waits for the
// vendor, and a customer may cancel from the chat until the policy's notice.

let fake: FakeBotApi;
let s: OpenShop;
let clock: ReturnType<typeof testClock>;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
afterEach(() => s.t.app.close());

async function open() {
  clock = testClock();
  s = await openShop(fake, { now: clock.now });
  await configureProvider(s.t, s.owner, s.shop.id, 'card', {
    providerToken: '284685063:TEST:card',
    currencies: ['USD'],
  });
}

const EVERY_DAY = {
  duration: 60,
  durationUnit: 'minutes' as const,
  location: 'online' as const,
  maxBookings: 1,
  availability: {
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as (
      | 'monday'
      | 'tuesday'
      | 'wednesday'
      | 'thursday'
      | 'friday'
      | 'saturday'
      | 'sunday'
    )[],
    timeSlots: [{ start: '09:00', end: '11:00' }],
    timezone: 'UTC',
  },
};

/** A lesson bookable every day 09:00–11:00 UTC, with the service fields given. */
async function sellLesson(service: Partial<NonNullable<CreateProductBody['service']>> = {}) {
  const category = await createCategory(s.t.app, s.owner, `Lessons ${Math.random()}`, []);
  return createProduct(
    s.t.app,
    s.owner,
    productBody('service', category.id, {
      name: 'Piano lesson',
      price: 650,
      service: { ...EVERY_DAY, ...service },
    } as Partial<CreateProductBody>),
  );
}

/** 09:00 UTC `days` days from the test clock's today. */
const nineOn = (days: number) =>
  Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate() + days, 9);

const slotsOffered = (who: Shopper = ANN) =>
  buttonsOf(sentTo(s, who.id).at(-1))
    .filter((b) => b.data.startsWith('sl:'))
    .map((b) => Number(b.data.slice(3)));

/** The customer puts the lesson in the cart (`quantity` places) and opens its times. */
async function openTimes(lesson: Product, who: Shopper = ANN, quantity = 1) {
  for (let i = 0; i < quantity; i++) await customerTaps(s, `ca:${lesson.id}`, who);
  await customerTaps(s, `co:s:${lesson.id}`, who);
}

/** Books the lesson at `start` as `who`; answers the placed order's id. */
async function book(lesson: Product, start: number, who: Shopper = ANN, quantity = 1) {
  await openTimes(lesson, who, quantity);
  await customerTaps(s, `sl:${start}`, who);
  await customerTaps(s, 'sk', who);
  const rows = await s.t.database.db.select().from(orders).where(eq(orders.botId, s.shop.id));
  const order = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!order) throw new Error('no order placed');
  return order;
}

/** Pays the booking by card, as Telegram does, and answers the text of the bot's confirmation. */
async function payBooking(order: { id: string; totalMinor: number }, who: Shopper = ANN) {
  const buyer = who as unknown as Buyer;
  const payment = {
    currency: 'USD',
    total_amount: order.totalMinor,
    invoice_payload: `order:${order.id}:card`,
  };
  expect((await preCheckout(s.t, fake, s.shop, buyer, payment))?.ok).toBe(true);
  await paid(s.t, fake, s.shop, buyer, {
    ...payment,
    telegram_payment_charge_id: `card_${order.id.slice(0, 8)}`,
  });
  return lastTextTo(s, who.id) ?? '';
}

async function detail(orderId: string) {
  const res = await s.t.app.inject({
    method: 'GET',
    url: `${s.owner.base}/orders/${orderId}`,
    headers: s.owner.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as OrderDetail;
}

describe('where the service takes place', () => {
  it('gives an online booking its meeting link in the confirmation', async () => {
    await open();
    const lesson = await sellLesson({ location: 'online', meetingLink: 'https://meet.example.com/piano' });

    const text = await payBooking(await book(lesson, nineOn(1)));

    expect(text).toContain('Your booking is confirmed');
    expect(text).toContain('Meeting link: https://meet.example.com/piano');
  });

  it('gives an onsite booking the address, and no link', async () => {
    await open();
    const lesson = await sellLesson({
      location: 'onsite',
      address: '12 Rua Augusta, Lisbon',
      meetingLink: 'https://meet.example.com/piano',
    });

    const text = await payBooking(await book(lesson, nineOn(1)));

    expect(text).toContain('Address: 12 Rua Augusta, Lisbon');
    expect(text).not.toContain('meet.example.com');
  });

  it('names who gives the service (its provider) in the confirmation', async () => {
    await open();
    const lesson = await sellLesson({ provider: 'Ana Sousa' });

    const text = await payBooking(await book(lesson, nineOn(1)));

    expect(text).toContain('👤 With Ana Sousa');
  });

  it('gives a hybrid booking both', async () => {
    await open();
    const lesson = await sellLesson({
      location: 'hybrid',
      address: '12 Rua Augusta, Lisbon',
      meetingLink: 'https://meet.example.com/piano',
    });

    const text = await payBooking(await book(lesson, nineOn(1)));

    expect(text).toContain('Address: 12 Rua Augusta, Lisbon');
    expect(text).toContain('Meeting link: https://meet.example.com/piano');
  });

  it('asks the customer’s address when the service needs it, and keeps the answer on the order', async () => {
    await open();
    const lesson = await sellLesson({ location: 'onsite', address: 'At your home', requiresAddress: true });
    const order = await book(lesson, nineOn(1));

    const text = await payBooking(order);
    expect(text).toContain('Please send the address where the service should take place');
    await customerSays(s, '5 Baker Street, London NW1 6XE, UK');

    expect(lastTextTo(s, ANN.id)).toBe('Thank you! We will come to:\n5 Baker Street, London NW1 6XE, UK');
    expect((await detail(order.id)).serviceInfo?.customerAddress).toBe('5 Baker Street, London NW1 6XE, UK');
  });
});

describe('what a customer is offered', () => {
  it('offers no slot sooner than the booking lead time', async () => {
    await open();
    // Noon now: 48 hours ahead is noon the day after tomorrow, so that day's 09:00 is too soon.
    const lesson = await sellLesson({ bookingLeadTime: 48 });

    await openTimes(lesson);

    expect(slotsOffered()[0]).toBe(nineOn(3));
  });

  it('takes at most maxParticipants people in a slot, whatever its bookings allow', async () => {
    await open();
    const lesson = await sellLesson({ maxBookings: 5, maxParticipants: 3 });
    await book(lesson, nineOn(1), ANN, 2);

    // One place left at 09:00 tomorrow: Ben, two people, is not offered it; one person is.
    await openTimes(lesson, BEN, 2);
    expect(slotsOffered(BEN)).not.toContain(nineOn(1));
    expect(slotsOffered(BEN)).toContain(nineOn(1) + 3_600_000);
    await customerTaps(s, `c-:${lesson.id}`, BEN);
    await customerTaps(s, `co:s:${lesson.id}`, BEN);
    expect(slotsOffered(BEN)).toContain(nineOn(1));
  });

  it.each([
    ['a lead time longer than the booking window', { bookingLeadTime: 14 * 24 + 1 }, 'bookingLeadTime'],
    ['maxParticipants 0', { maxParticipants: 0 }, 'maxParticipants'],
  ])('refuses %s with 400 and saves nothing', async (_name, service, field) => {
    await open();
    const category = await createCategory(s.t.app, s.owner, 'Lessons', []);
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/products`,
      headers: s.owner.auth,
      payload: productBody('service', category.id, { service: { ...EVERY_DAY, ...service } } as never),
    });

    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(field);
    const list = await s.t.app.inject({
      method: 'GET',
      url: `${s.owner.base}/products`,
      headers: s.owner.auth,
    });
    expect(list.json().total).toBe(0);
  });
});

describe('a booking the vendor confirms (autoConfirm off)', () => {
  it('stays requested once paid, until the vendor confirms it from the order', async () => {
    await open();
    const lesson = await sellLesson({ autoConfirm: false });
    const order = await book(lesson, nineOn(1));

    const text = await payBooking(order);

    expect(text).toContain('Your booking is requested: the shop will confirm it shortly.');
    const requested = await detail(order.id);
    expect(requested).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
      allowedStatuses: ['scheduled', 'cancelled'],
    });
    expect(requested.serviceInfo?.requested).toBe(true);

    const confirm = await s.t.app.inject({
      method: 'PATCH',
      url: `${s.owner.base}/orders/${order.id}/status`,
      headers: s.owner.auth,
      payload: { status: 'scheduled' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((confirm.json() as OrderDetail).serviceInfo?.requested).toBe(false);
  });

  it('is scheduled at once when it confirms automatically', async () => {
    await open();
    const lesson = await sellLesson();
    const order = await book(lesson, nineOn(1));

    await payBooking(order);

    expect(await detail(order.id)).toMatchObject({ status: 'scheduled', serviceInfo: { requested: false } });
  });
});

describe('a recurring service', () => {
  const WEEKLY = { enabled: true, frequency: 'weekly' as const };

  it('books the series at the same time each week: the confirmation lists the dates, the order charges each', async () => {
    await open();
    const lesson = await sellLesson({ recurringOptions: { ...WEEKLY, maxOccurrences: 3 } });
    await openTimes(lesson);
    await customerTaps(s, `sl:${nineOn(1)}`);

    const dates = [nineOn(1), nineOn(8), nineOn(15)].map((ms) => `• ${slotText(ms)}`).join('\n');
    expect(lastTextTo(s, ANN.id)).toBe(
      `Book Piano lesson for 3 sessions, at the same time each week?\n${dates}\n\nTotal: $19.50 ($6.50 a session)`,
    );
    await customerTaps(s, 'sk');
    const order = await latestOrder();
    expect(order.totalMinor).toBe(1950);
    const text = await payBooking(order);

    expect(text).toContain('Your 3 sessions:');
    const d = await detail(order.id);
    expect(d.serviceInfo?.occurrences).toEqual([nineOn(1), nineOn(8), nineOn(15)].map(iso));
    expect(d.products[0]).toMatchObject({ price: 650, quantity: 3, total: 1950 });
    // Each occurrence is taken: another customer is not offered them.
    await openTimes(lesson, BEN);
    expect(slotsOffered(BEN)).not.toContain(nineOn(8));
  });

  it('books four occurrences when the vendor sets no maximum', async () => {
    await open();
    const lesson = await sellLesson({ recurringOptions: { enabled: true, frequency: 'daily' } });
    const order = await book(lesson, nineOn(1));

    expect((await detail(order.id)).serviceInfo?.occurrences).toEqual(
      [nineOn(1), nineOn(2), nineOn(3), nineOn(4)].map(iso),
    );
    expect(order.totalMinor).toBe(4 * 650);
  });

  it('leaves out the occurrences that have no room, and charges only those booked', async () => {
    await open();
    const lesson = await sellLesson({ recurringOptions: { ...WEEKLY, maxOccurrences: 4 } });
    const bens = await book(lesson, nineOn(15), BEN);
    clock.advance(60_000);

    const order = await book(lesson, nineOn(1));

    expect(order.id).not.toBe(bens.id);

    expect((await detail(order.id)).serviceInfo?.occurrences).toEqual([nineOn(1), nineOn(8)].map(iso));
    expect(order.totalMinor).toBe(2 * 650);
  });

  it('books a single slot when the series is off', async () => {
    await open();
    const lesson = await sellLesson({
      recurringOptions: { enabled: false, frequency: 'weekly', maxOccurrences: 3 },
    });
    const order = await book(lesson, nineOn(1));

    expect((await detail(order.id)).serviceInfo?.occurrences).toEqual([]);
    expect(order.totalMinor).toBe(650);
  });
});

/** The newest order of the shop. */
async function latestOrder() {
  const rows = await s.t.database.db.select().from(orders).where(eq(orders.botId, s.shop.id));
  const order = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!order) throw new Error('no order placed');
  return order;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A slot as the chat writes it to an English-speaking customer (the lessons are in UTC). */
const slotText = (ms: number) =>
  new Intl.DateTimeFormat('en', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);

describe('cancelling from the chat', () => {
  it('cancels a booking before the policy’s notice, tells the policy, and frees the slot', async () => {
    await open();
    const lesson = await sellLesson({ cancellationPolicy: '24 hours notice, full refund' });
    const order = await book(lesson, nineOn(2));
    await payBooking(order);
    const cancel = buttonsOf(sentTo(s, ANN.id).at(-1)).find((b) => b.data === `bx:${order.id}`);
    expect(cancel?.text).toBe('✖️ Cancel booking');

    await customerTaps(s, `bx:${order.id}`);

    expect(lastTextTo(s, ANN.id)).toBe(
      `Your booking (order #${order.number}) is cancelled.\n\n` +
        'Your payment of $6.50 is refunded: the shop returns it the way you paid.\n\n24 hours notice, full refund',
    );
    expect((await detail(order.id)).status).toBe('cancelled');
    await openTimes(lesson, BEN);
    expect(slotsOffered(BEN)).toContain(nineOn(2));
  });

  it('refuses once the notice period has begun', async () => {
    await open();
    const lesson = await sellLesson({ cancellationPolicy: '24 hours notice' });
    const order = await book(lesson, nineOn(2));
    await payBooking(order);
    const lastMoment = utc(nineOn(2) - 24 * 3_600_000);
    // 09:00 the day after tomorrow is 45 hours away: 22 hours later, less than 24 are left.
    clock.advance(22 * 3_600_000);

    await customerTaps(s, `bx:${order.id}`);

    expect(lastTextTo(s, ANN.id)).toBe(
      "Sorry, it is too late to cancel this booking from the chat: cancellations need 24 hours' notice, so the last moment was " +
        `${lastMoment}. It is not cancelled and not refunded. Please contact the shop.\n\n24 hours notice`,
    );
    const d = await detail(order.id);
    expect(d).toMatchObject({ status: 'scheduled', paymentStatus: 'paid' });
    expect(await refundEvents()).toEqual([]);
    expect(s.fake.state.refunds).toEqual([]);
  });

  it('refunds a card-paid booking cancelled in time: the message says it, the order and its events show it', async () => {
    await open();
    const lesson = await sellLesson({ cancellationPolicy: '24 hours notice, full refund' });
    const order = await book(lesson, nineOn(2));
    await payBooking(order);

    await customerTaps(s, `bx:${order.id}`);

    expect(lastTextTo(s, ANN.id)).toBe(
      `Your booking (order #${order.number}) is cancelled.\n\n` +
        'Your payment of $6.50 is refunded: the shop returns it the way you paid.\n\n24 hours notice, full refund',
    );
    const d = await detail(order.id);
    expect(d).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(d.timeline.some((e) => e.event === 'refund.created' && e.actor.kind === 'customer')).toBe(true);
    expect(await refundEvents()).toEqual([
      expect.objectContaining({
        actorKind: 'customer',
        payload: expect.objectContaining({
          orderId: order.id,
          amountMinor: 650,
          rail: 'card',
          starsAmount: null,
        }),
      }),
    ]);
    // A card is refunded by the vendor at their provider: Telegram is asked nothing.
    expect(s.fake.state.refunds).toEqual([]);
  });

  it('gives the Stars of a booking cancelled in time back through refundStarPayment', async () => {
    await open();
    const lesson = await sellLesson({ cancellationPolicy: '24 hours notice' });
    const order = await book(lesson, nineOn(2));
    await payBooking(order);
    // The shop's rails take no Stars for services today (rails.ts): the charge is made a Stars one, as the
    // receiving side writes it, to show the refund follows the order's rail.
    await s.t.database.db
      .update(shopPayments)
      .set({ provider: 'stars', currency: 'XTR', amount: 501, telegramChargeId: 'stars_charge_lesson' })
      .where(eq(shopPayments.orderId, order.id));

    await customerTaps(s, `bx:${order.id}`);

    expect(s.fake.state.refunds).toEqual([
      expect.objectContaining({
        token: s.shop.token,
        user_id: ANN.id,
        telegram_payment_charge_id: 'stars_charge_lesson',
      }),
    ]);
    expect(lastTextTo(s, ANN.id)).toBe(
      `Your booking (order #${order.number}) is cancelled.\n\n` +
        'Your 501 Stars are refunded to your Telegram balance.\n\n24 hours notice',
    );
    expect(await detail(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect((await refundEvents())[0]?.payload).toMatchObject({ rail: 'stars', starsAmount: 501 });
  });

  it('refunds a booking once when its customer cancels it twice', async () => {
    await open();
    const lesson = await sellLesson({ cancellationPolicy: '24 hours notice' });
    const order = await book(lesson, nineOn(2));
    await payBooking(order);

    await customerTaps(s, `bx:${order.id}`);
    await customerTaps(s, `bx:${order.id}`);

    expect(lastTextTo(s, ANN.id)).toBe('This booking cannot be cancelled any more.');
    expect(await refundEvents()).toHaveLength(1);
    expect(await detail(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });
});

/** The refund.created events of the shop's bot. */
async function refundEvents() {
  return (await eventsOf(s.t.database, s.owner.vendorId, s.shop.id)).filter(
    (e) => e.type === 'refund.created',
  );
}

/** A moment as the shop writes it to an English-speaking customer. */
const utc = (ms: number) =>
  `${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(ms)} UTC`;
