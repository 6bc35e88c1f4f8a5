import type { Product } from '@app/contracts/products';
import type { ProductReviewsResponse } from '@app/contracts/reviews';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, placeTestOrder, productBody, vendor } from '../../../test/factories';
import {
  ANN,
  answersOf,
  BEN,
  buttonsOf,
  customerSays,
  customerTaps,
  customerTapsButton,
  lastTextTo,
  type OpenShop,
  openShop,
  sentTo,
} from '../../../test/shop';
import { customers, orderItems, products } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createSecrets } from '../../lib/secrets';
import { createBotApi } from '../../lib/telegram/bot-api';
import { dispatchPendingEvents } from '../events/events.dispatcher';
import { createNotificationsService } from '../notifications/notifications.service';

let fake: FakeBotApi;
let s: OpenShop;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  s = await openShop(fake);
});
afterEach(() => s.t.app.close());

const db = () => s.t.database.db;
const lastText = (who = ANN) => lastTextTo(s, who.id);

async function api<T>(method: 'GET' | 'PATCH', path: string, payload?: unknown, as = s.owner) {
  const res = await s.t.app.inject({
    method,
    url: `${as.base}${path}`,
    headers: as.auth,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as T };
}

/** Ann's order of a cup and a mug through the shop bot, in `status`; answers the order and its lines by name. */
async function annBought(status: 'delivered' | 'processing' = 'delivered') {
  await customerSays(s, '/start');
  const category = await createCategory(s.t.app, s.owner, 'Kitchen', []);
  const ids: string[] = [];
  for (const name of ['Cup', 'Mug']) {
    ids.push(
      (
        await createProduct(
          s.t.app,
          s.owner,
          productBody('physical', category.id, { name, price: 900, stock: 9 }),
        )
      ).id,
    );
  }
  const rows = await Promise.all(
    ids.map(async (id) => (await db().select().from(products).where(eq(products.id, id)))[0]),
  );
  const [ann] = await db()
    .select()
    .from(customers)
    .where(and(eq(customers.vendorId, s.owner.vendorId), eq(customers.telegramId, ANN.id)));
  if (!ann || !rows[0] || !rows[1]) throw new Error('setup failed');
  const order = await placeTestOrder(s.t, {
    vendorId: s.owner.vendorId,
    bot: s.shop,
    customerId: ann.id,
    lines: [{ product: rows[0] }, { product: rows[1] }],
    status,
    paymentStatus: 'paid',
  });
  const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const line = (name: string) => lines.find((l) => l.name === name)?.id ?? '';
  return { order, cup: rows[0], mug: rows[1], cupLine: line('Cup'), mugLine: line('Mug') };
}

/** The vendor completes the order, and the jobs tell the customer (events dispatch, then notifications.send). */
async function vendorCompletes(orderId: string) {
  const res = await s.t.app.inject({
    method: 'PATCH',
    url: `${s.owner.base}/orders/${orderId}/status`,
    headers: s.owner.auth,
    payload: { status: 'completed' },
  });
  expect(res.statusCode).toBe(200);
  await dispatchPendingEvents(db(), EVENT_CONSUMERS);
  await createNotificationsService({
    db: db(),
    botApi: createBotApi({ apiRoot: fake.url }),
    secrets: createSecrets(s.t.config.appSecret),
    platformBotToken: s.t.config.platformBotToken,
  }).sendDue();
}

describe('reviews in the shop chat', () => {
  it('asks the customer of a completed order to rate each product 1–5 with optional words, once per line', async () => {
    const { order, cup, mug, cupLine, mugLine } = await annBought();
    await vendorCompletes(order.id);
    const told = sentTo(s, ANN.id).at(-1);
    expect(buttonsOf(told)).toEqual([{ text: '⭐ Rate your purchase', data: `review:${order.id}` }]);

    await customerTapsButton(s, `review:${order.id}`);
    expect(lastText()).toBe('How would you rate Cup?');
    expect(buttonsOf(sentTo(s, ANN.id).at(-1)).map((b) => b.data)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `rv:${cupLine}:${n}`),
    );
    await customerTapsButton(s, `rv:${cupLine}:4`);
    await customerSays(s, 'Lovely cup, keeps tea hot');
    expect(
      sentTo(s, ANN.id)
        .map((m) => m.text)
        .slice(-2),
    ).toEqual(['Thank you for your review!', 'How would you rate Mug?']);
    await customerTapsButton(s, `rv:${mugLine}:2`);
    await customerTapsButton(s, `rvskip:${order.id}`);
    expect(lastText()).toBe('Thank you! You have rated everything in this order.');

    const cupReviews = await api<ProductReviewsResponse>('GET', `/products/${cup.id}/reviews`);
    expect(cupReviews.status).toBe(200);
    expect(cupReviews.body).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(cupReviews.body.reviews.map((r) => [r.customerName, r.rating, r.text, r.hidden])).toEqual([
      ['Ann', 4, 'Lovely cup, keeps tea hot', false],
    ]);
    // The product detail's rating and count are the reviews'.
    const mugDetail = await api<Product>('GET', `/products/${mug.id}`);
    expect([mugDetail.body.rating, mugDetail.body.reviewCount]).toEqual([2, 1]);
  });

  it('refuses a second review of the same line, and a review from someone who did not buy it', async () => {
    const { order, cup, cupLine } = await annBought();
    await vendorCompletes(order.id);
    await customerTaps(s, `rv:${cupLine}:5`);
    await customerTaps(s, `rv:${cupLine}:1`);
    await customerSays(s, '/start', BEN);
    await customerTaps(s, `rv:${cupLine}:1`, BEN);
    await customerTaps(s, `review:${order.id}`, BEN);
    expect(answersOf(s).slice(-3)).toEqual([
      'You have already reviewed this purchase.',
      'Only the customer who bought it may review it, once the order is completed.',
      'Only the customer who bought it may review it, once the order is completed.',
    ]);
    const reviews = await api<ProductReviewsResponse>('GET', `/products/${cup.id}/reviews`);
    expect(reviews.body.reviews.map((r) => [r.customerName, r.rating])).toEqual([['Ann', 5]]);
  });

  it('refuses a review before the order is completed', async () => {
    const { cup, cupLine } = await annBought('processing');
    await customerTaps(s, `rv:${cupLine}:5`);
    expect(answersOf(s).at(-1)).toBe(
      'Only the customer who bought it may review it, once the order is completed.',
    );
    expect((await api<ProductReviewsResponse>('GET', `/products/${cup.id}/reviews`)).body.reviews).toEqual(
      [],
    );
  });

  it("passes the review's words through the bot's content filters: blocked words are not kept, flagged ones hide it", async () => {
    const { order, cup, mug, cupLine, mugLine } = await annBought();
    await vendorCompletes(order.id);
    for (const [word, action] of [
      ['scam', 'block'],
      ['refund', 'review'],
    ] as const) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: `${s.owner.base}/bots/${s.shop.id}/filters/words`,
        headers: s.owner.auth,
        payload: { word, action },
      });
      expect(res.statusCode).toBe(201);
    }
    await customerTaps(s, `rv:${cupLine}:1`);
    await customerSays(s, 'total scam');
    expect(lastText()).toBe('Sorry, this message can’t be accepted here. Please rephrase it.');
    await customerTaps(s, `rv:${mugLine}:1`);
    await customerSays(s, 'I want a refund');
    const cupReviews = (await api<ProductReviewsResponse>('GET', `/products/${cup.id}/reviews`)).body;
    expect(cupReviews.reviews.map((r) => [r.text, r.hidden])).toEqual([[null, false]]);
    const mugReviews = (await api<ProductReviewsResponse>('GET', `/products/${mug.id}/reviews`)).body;
    expect(mugReviews.reviews.map((r) => [r.text, r.hidden])).toEqual([['I want a refund', true]]);
    expect([mugReviews.rating, mugReviews.reviewCount]).toEqual([null, 0]);
  });
});

describe('the vendor and a product’s reviews', () => {
  it('hides a review, which leaves the rating, and shows it again', async () => {
    const { order, cup, cupLine } = await annBought();
    await vendorCompletes(order.id);
    await customerTaps(s, `rv:${cupLine}:3`);
    const [review] = (await api<ProductReviewsResponse>('GET', `/products/${cup.id}/reviews`)).body.reviews;
    const hidden = await api<{ hidden: boolean }>('PATCH', `/products/${cup.id}/reviews/${review?.id}`, {
      hidden: true,
    });
    expect([hidden.status, hidden.body.hidden]).toEqual([200, true]);
    const detail = (await api<Product>('GET', `/products/${cup.id}`)).body;
    expect([detail.rating, detail.reviewCount]).toEqual([null, 0]);
    await api('PATCH', `/products/${cup.id}/reviews/${review?.id}`, { hidden: false });
    expect((await api<Product>('GET', `/products/${cup.id}`)).body.rating).toBe(3);
  });

  it('answers 400 for a body without hidden, and 404 for another vendor or an unknown review', async () => {
    const { order, cup, cupLine } = await annBought();
    await vendorCompletes(order.id);
    await customerTaps(s, `rv:${cupLine}:3`);
    const [review] = (await api<ProductReviewsResponse>('GET', `/products/${cup.id}/reviews`)).body.reviews;
    const path = `/products/${cup.id}/reviews/${review?.id}`;
    expect((await api('PATCH', path, { hidden: 'yes' })).status).toBe(400);
    expect((await api('PATCH', path, {})).status).toBe(400);
    const other = await vendor(s.t.app);
    expect((await api('GET', `/products/${cup.id}/reviews`, undefined, other)).status).toBe(404);
    expect((await api('PATCH', path, { hidden: true }, other)).status).toBe(404);
    const unknown = await api<{ error: { code: string } }>(
      'PATCH',
      `/products/${cup.id}/reviews/00000000-0000-4000-8000-000000000000`,
      { hidden: true },
    );
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'REVIEW_NOT_FOUND']);
  });
});
