import type { OrderDetail, OrderPendingDelivery } from '@app/contracts/orders';
import type { Product } from '@app/contracts/products';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addBuyer,
  type Buyer,
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  placeShopOrder,
  productBody,
  type Shop,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { createTestApp, eventsOf, type TestApp } from '../../../test/harness';
import { quietLog, resetJobSchema, storedJobs } from '../../../test/jobs';
import { payInStars } from '../../../test/shop-payments';
import { waitFor } from '../../../test/wait-for';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { jobKinds } from '../../jobs/job-types';
import { pendingDeliveryOf } from '../../jobs/pending-delivery';
import type { OwedDelivery } from './shop.wiring';

// Issue 26 D: a Telegram outage must not lose a sale. What a paid customer is owed goes to a durable job when
// Telegram fails it in the chat; the order shows the delay, and the vendor is told when the retries run out.

let fake: FakeBotApi;
let t: TestApp;
let owner: Vendor;
let shop: Shop;
let ann: Buyer;
/** What the shop handed to the `shop.deliver` job (the queue's send, in these tests). */
let queued: OwedDelivery[];

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  fake.state.reset();
  queued = [];
  t = await createAppQueueing(async (owed) => {
    queued.push(owed);
  });
  owner = await vendor(t.app);
  const registered = fakeBot(fake);
  const bot = await createBot(t.app, owner, {
    botToken: registered.token,
    botName: 'Code Shop',
    plan: 'PRO',
  });
  shop = { ...bot, token: registered.token };
  ann = await addBuyer(t, owner.vendorId, 'Ann');
});
afterEach(async () => {
  fake.state.clearFailures();
  await t.app.close();
});

async function createAppQueueing(
  enqueueDelivery: (owed: OwedDelivery) => Promise<unknown>,
  pendingDelivery?: (orderId: string) => Promise<OrderPendingDelivery | null>,
) {
  return createTestApp({
    config: { telegramApiRoot: fake.url, publicUrl: 'https://shop.example.test' },
    enqueueDelivery,
    ...(pendingDelivery ? { pendingDeliveryOf: pendingDelivery } : {}),
  });
}

async function keyOrder() {
  const category = await createCategory(t.app, owner, 'Keys', []);
  const key: Product = await createProduct(t.app, owner, productBody('key', category.id, { price: 1000 }));
  return placeShopOrder(t, {
    vendorId: owner.vendorId,
    botId: shop.id,
    customerId: ann.customerId,
    lines: [
      {
        productId: key.id,
        name: key.name,
        productType: key.productType,
        unitPriceMinor: key.price,
        quantity: 1,
      },
    ],
    claimCodes: true,
  });
}

/** The texts the customer actually received (failed calls are logged, but nothing reached the chat). */
const received = (buyer: Buyer) =>
  fake.state.messages
    .filter((m) => m.token === shop.token && m.message.chat.id === buyer.id)
    .map((m) => String(m.message.text ?? ''));

async function detail(orderId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${owner.base}/orders/${orderId}`,
    headers: owner.auth,
  });
  return res.json() as OrderDetail;
}

describe('a paid code during a Telegram outage', () => {
  it('is queued for the delivery job, shows as delayed on the order, and reaches the customer once Telegram is back', {
    timeout: 90_000,
  }, async () => {
    const placed = await keyOrder();
    // Telegram answers Ann's chat with HTTP 500 three times: the message with the code fails within the Bot API
    // client's own retries (one call and two retries, about 10 s).
    fake.state.failCalls({ method: 'sendMessage', chatId: ann.id, times: 3 });

    await payInStars(t, fake, shop, ann, placed.id, 770, 'charge_outage');

    expect(received(ann).join('\n')).not.toMatch(/A key product: /);
    expect(queued).toEqual([
      {
        vendorId: owner.vendorId,
        botId: shop.id,
        orderId: placed.id,
        orderNumber: placed.number,
        productType: 'digital',
        chatId: ann.id,
      },
    ]);
    expect(await detail(placed.id)).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    const delayed = (await eventsOf(t.database, owner.vendorId, shop.id)).filter(
      (e) => e.type === 'order.delivery_delayed',
    );
    expect(delayed).toEqual([
      expect.objectContaining({
        subjectId: placed.id,
        payload: expect.objectContaining({ orderId: placed.id }),
      }),
    ]);

    // Telegram is back: the job's run sends the code.
    const [owed] = queued as [OwedDelivery];
    await t.app.deliverOwed(owed, { last: false });

    expect(received(ann).join('\n')).toMatch(/A key product: [A-Z]{4}-[A-Z]{4}-[A-Z]{4}-[A-Z]{4}/);
    expect(await detail(placed.id)).toMatchObject({ paymentStatus: 'paid', status: 'completed' });
    // A repeated run (a job that ran twice) sends the same code again and issues none anew.
    await t.app.deliverOwed(owed, { last: false });
    expect((await detail(placed.id)).digitalInfo?.codesIssued).toBe(1);
  });

  it('records delivery_failed when the last retry fails too, so the vendor is told, once', {
    timeout: 120_000,
  }, async () => {
    const placed = await keyOrder();
    // Not the customer's chat this time but a 403 for ever (they blocked the bot): answered at once, no retries.
    fake.state.failCalls({ method: 'sendMessage', chatId: ann.id, errorCode: 403, description: 'Forbidden' });
    await payInStars(t, fake, shop, ann, placed.id, 770, 'charge_lost');
    const [owed] = queued as [OwedDelivery];

    await expect(t.app.deliverOwed(owed, { last: false })).rejects.toThrow();
    expect((await eventsOf(t.database, owner.vendorId, shop.id)).map((e) => e.type)).not.toContain(
      'order.delivery_failed',
    );
    await expect(t.app.deliverOwed(owed, { last: true })).rejects.toThrow();
    await expect(t.app.deliverOwed(owed, { last: true })).rejects.toThrow();

    const failed = (await eventsOf(t.database, owner.vendorId, shop.id)).filter(
      (e) => e.type === 'order.delivery_failed',
    );
    expect(failed).toEqual([expect.objectContaining({ subjectId: placed.id })]);
  });
});

describe('a release during a Telegram outage', () => {
  it('is queued for the delivery job, and the order shows the delay', async () => {
    const category = await createCategory(t.app, owner, 'Held keys', []);
    const key: Product = await createProduct(
      t.app,
      owner,
      productBody('key', category.id, {
        price: 1000,
        digital: { digitalType: 'product_key', keyType: 'software', autoDeliver: false },
      }),
    );
    const placed = await placeShopOrder(t, {
      vendorId: owner.vendorId,
      botId: shop.id,
      customerId: ann.customerId,
      lines: [
        { productId: key.id, name: key.name, productType: 'digital', unitPriceMinor: 1000, quantity: 1 },
      ],
      claimCodes: true,
    });
    await payInStars(t, fake, shop, ann, placed.id, 770, 'charge_held');
    fake.state.failCalls({ method: 'sendMessage', chatId: ann.id, errorCode: 403, description: 'Forbidden' });

    const res = await t.app.inject({
      method: 'POST',
      url: `${owner.base}/orders/${placed.id}/release`,
      headers: owner.auth,
    });

    expect(res.statusCode).toBe(200);
    expect(queued).toEqual([expect.objectContaining({ orderId: placed.id, chatId: ann.id })]);
    expect((await eventsOf(t.database, owner.vendorId, shop.id)).map((e) => e.type)).toContain(
      'order.delivery_delayed',
    );
  });
});

describe('the shop.deliver job', () => {
  let queue: JobQueue | undefined;
  afterEach(async () => {
    await queue?.stop({ timeoutMs: 1000 });
    await queue?.close();
    queue = undefined;
  });

  it('is one durable job per order, retried for at least an hour', { timeout: 90_000 }, async () => {
    const kind = jobKinds['shop.deliver'];
    // 30 s doubling to 15 min, twelve times: the waits alone add up to more than an hour.
    let wait = kind.retryDelaySeconds ?? 0;
    let total = 0;
    for (let i = 0; i < (kind.retryLimit ?? 0); i++) {
      total += Math.min(wait, kind.retryDelayMaxSeconds ?? wait);
      wait *= 2;
    }
    expect(total).toBeGreaterThanOrEqual(3600);

    await t.app.close();
    await resetJobSchema(t.database);
    let send: (owed: OwedDelivery) => Promise<unknown> = async () => undefined;
    t = await createAppQueueing((owed) => send(owed));
    queue = createJobQueue({ connection: t.database.connection, kinds: jobKinds, log: quietLog });
    await queue.start();
    const q = queue;
    send = (owed) => q.send('shop.deliver', owed, { singletonKey: owed.orderId });
    owner = await vendor(t.app);
    const registered = fakeBot(fake);
    const bot = await createBot(t.app, owner, {
      botToken: registered.token,
      botName: 'Code Shop',
      plan: 'PRO',
    });
    shop = { ...bot, token: registered.token };
    ann = await addBuyer(t, owner.vendorId, 'Ann');
    const placed = await keyOrder();
    fake.state.failCalls({ method: 'sendMessage', chatId: ann.id, times: 3 });

    await payInStars(t, fake, shop, ann, placed.id, 770, 'charge_job');
    // A second failure for the same order while its job waits queues nothing more.
    await send({
      vendorId: owner.vendorId,
      botId: shop.id,
      orderId: placed.id,
      orderNumber: placed.number,
      productType: 'digital',
      chatId: ann.id,
    });

    const jobs = await storedJobs(t.database, 'shop.deliver');
    expect(jobs).toEqual([
      expect.objectContaining({ state: 'created', data: expect.objectContaining({ orderId: placed.id }) }),
    ]);

    // Telegram is back: the worker sends the code.
    await q.work('shop.deliver', (job) => t.app.deliverOwed(job.data, { last: false }));
    await waitFor('the job to send the code', () =>
      received(ann).some((text) => text.includes('A key product: ')) ? true : undefined,
    );
  });

  it('shows on the order the delivery still pending: attempts, next retry and Telegram’s words', {
    timeout: 90_000,
  }, async () => {
    await t.app.close();
    await resetJobSchema(t.database);
    queue = createJobQueue({ connection: t.database.connection, kinds: jobKinds, log: quietLog });
    const q = queue;
    t = await createAppQueueing(
      (owed) => q.send('shop.deliver', owed, { singletonKey: owed.orderId }),
      (orderId) => pendingDeliveryOf(q, orderId),
    );
    await q.start();
    owner = await vendor(t.app);
    const registered = fakeBot(fake);
    const bot = await createBot(t.app, owner, {
      botToken: registered.token,
      botName: 'Code Shop',
      plan: 'PRO',
    });
    shop = { ...bot, token: registered.token };
    ann = await addBuyer(t, owner.vendorId, 'Ann');
    const placed = await keyOrder();
    expect((await detail(placed.id)).pendingDelivery).toBeNull();
    // Telegram refuses the chat's send, and the job's first run's, at once (no retries within the client).
    fake.state.failCalls({
      method: 'sendMessage',
      chatId: ann.id,
      times: 2,
      errorCode: 403,
      description: 'Forbidden: bot was blocked by the user',
    });

    await payInStars(t, fake, shop, ann, placed.id, 770, 'charge_pending');

    const queued = (await detail(placed.id)).pendingDelivery;
    expect(queued).toMatchObject({ attempts: 1, maxAttempts: 14, lastError: null });
    expect(Date.parse(String(queued?.nextAttemptAt))).toBeLessThanOrEqual(Date.now());

    let runs = 0;
    await q.work('shop.deliver', async (job) => {
      runs += 1;
      await t.app.deliverOwed(job.data, { last: false });
    });
    await waitFor(
      'the job’s first run to fail',
      async () => ((await detail(placed.id)).pendingDelivery?.attempts === 2 ? true : undefined),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const retrying = (await detail(placed.id)).pendingDelivery;
    // Backoff: the retry waits (30 s at first) after the failed run.
    expect(Date.parse(String(retrying?.nextAttemptAt))).toBeGreaterThan(Date.now());
    expect(retrying?.lastError).toContain('bot was blocked by the user');
    expect(runs).toBe(1);

    await q.stop({ timeoutMs: 1000 });
  });
});
