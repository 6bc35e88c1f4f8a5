import { randomUUID } from 'node:crypto';
import type { BotStars, StarsMismatchSummary } from '@app/contracts/billing';
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
import { startApp } from '../../../test/fake-telegram';
import type { TestApp } from '../../../test/harness';
import { payInStars } from '../../../test/shop-payments';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';

let fake: FakeBotApi;
let t: TestApp;
let owner: Vendor;
let shop: Shop;
let ann: Buyer;
let key: Product;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());

beforeEach(async () => {
  fake.state.reset();
  t = await startApp(fake);
  owner = await vendor(t.app);
  const registered = fakeBot(fake);
  const bot = await createBot(t.app, owner, { botToken: registered.token, botName: 'Stars', plan: 'PRO' });
  shop = { ...bot, token: registered.token };
  ann = await addBuyer(t, owner.vendorId, 'Ann');
  const category = await createCategory(t.app, owner, 'Software', []);
  key = await createProduct(t.app, owner, productBody('key', category.id, { price: 1000 }));
});
afterEach(() => t.app.close());

const call = (method: 'GET' | 'POST', path: string) =>
  t.app.inject({
    method,
    url: `${owner.base}${path}`,
    headers: owner.auth,
    ...(method === 'POST' ? { payload: {} } : {}),
  });

/** A Stars order of the shop paid by `chargeId`, as Telegram lists it among the bot's transactions too. */
async function paidInStars(chargeId: string, stars = 770) {
  const placed = await placeShopOrder(t, {
    vendorId: owner.vendorId,
    botId: shop.id,
    customerId: ann.customerId,
    lines: [
      { productId: key.id, name: key.name, productType: key.productType, unitPriceMinor: 1000, quantity: 1 },
    ],
  });
  await payInStars(t, fake, shop, ann, placed.id, stars, chargeId);
  incoming(chargeId, stars, `order:${placed.id}:stars`);
  return placed;
}

/** A Stars payment into the bot as getStarTransactions lists it. */
function incoming(id: string, amount: number, payload: string) {
  fake.state.starTransactions.push({
    token: shop.token,
    id,
    amount,
    date: Math.floor(Date.now() / 1000),
    source: {
      type: 'user',
      transaction_type: 'invoice_payment',
      user: { id: ann.id, is_bot: false, first_name: 'Ann' },
      invoice_payload: payload,
    },
  });
}

describe("a bot's Telegram Stars, reconciled", () => {
  it('matches a paid and a refunded order and flags a payment with no order', async () => {
    const kept = await paidInStars('charge_kept');
    const returned = await paidInStars('charge_returned');
    expect((await call('POST', `/orders/${returned.id}/refund`)).statusCode).toBe(200);
    incoming('charge_stray', 500, `order:${randomUUID()}:stars`);

    const res = await call('POST', `/bots/${shop.id}/stars/sync`);

    expect(res.statusCode).toBe(200);
    const stars = res.json() as BotStars;
    // 770 + 770 in, 770 refunded, 500 in.
    expect(stars.balance).toBe(1270);
    expect(stars.unmatched).toBe(1);
    const byId = (id: string) => stars.transactions.filter((x) => x.id === id);
    expect(byId('charge_kept')).toEqual([
      expect.objectContaining({
        direction: 'in',
        amount: 770,
        match: 'paid',
        orderId: kept.id,
        orderNumber: String(kept.number),
      }),
    ]);
    expect(byId('charge_returned').map((x) => [x.direction, x.match, x.orderId])).toEqual([
      ['out', 'refunded', returned.id],
      ['in', 'refunded', returned.id],
    ]);
    expect(byId('charge_stray')).toEqual([
      expect.objectContaining({ match: 'unmatched', reason: 'no_order', orderId: null, amount: 500 }),
    ]);

    const home = (await call('GET', '/billing/stars/mismatches')).json() as StarsMismatchSummary;
    expect(home).toEqual({ unmatched: 1, bots: [{ botId: shop.id, unmatched: 1 }] });
  });

  it('flags Stars returned to a buyer that we never refunded as a chargeback', async () => {
    await paidInStars('charge_disputed');
    fake.state.starTransactions.push({
      token: shop.token,
      id: 'charge_disputed',
      amount: 770,
      date: Math.floor(Date.now() / 1000),
      receiver: { type: 'user', transaction_type: 'invoice_payment', user: { id: ann.id, is_bot: false } },
    });

    const stars = (await call('POST', `/bots/${shop.id}/stars/sync`)).json() as BotStars;

    expect(stars.transactions.map((x) => [x.direction, x.match, x.reason])).toEqual([
      ['out', 'unmatched', 'chargeback'],
      ['in', 'paid', null],
    ]);
  });

  it('fetches the transactions page by page and keeps each once when synced again', async () => {
    for (let i = 0; i < 130; i += 1) incoming(`charge_${i}`, 1, 'not-an-order');

    await call('POST', `/bots/${shop.id}/stars/sync`);
    incoming('charge_late', 1, 'not-an-order');
    const stars = (await call('POST', `/bots/${shop.id}/stars/sync`)).json() as BotStars;

    const offsets = fake.state.log
      .filter((c) => c.method === 'getStarTransactions')
      .map((c) => Number(c.params.offset));
    expect(offsets).toEqual([0, 100, 130]);
    expect(stars.balance).toBe(131);
    expect(stars.unmatched).toBe(131);
    // The screen shows the newest 100.
    expect(stars.transactions).toHaveLength(100);
    expect(stars.transactions[0]?.id).toBe('charge_late');
  });

  it("answers 404 BOT_NOT_FOUND for another vendor's bot", async () => {
    const other = await vendor(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `${other.base}/bots/${shop.id}/stars`,
      headers: other.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'BOT_NOT_FOUND' } });
  });

  it('shows nothing fetched before the first sync', async () => {
    const stars = (await call('GET', `/bots/${shop.id}/stars`)).json() as BotStars;
    expect(stars).toEqual({ balance: null, syncedAt: null, unmatched: 0, transactions: [] });
  });
});
