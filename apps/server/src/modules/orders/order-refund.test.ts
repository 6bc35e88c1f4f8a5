import type { OrderDetail, OrderStats } from '@app/contracts/orders';
import type { Product } from '@app/contracts/products';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addBuyer,
  type Buyer,
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  type Line,
  placeShopOrder,
  productBody,
  type Shop,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { startApp } from '../../../test/fake-telegram';
import { eventsOf, type TestApp } from '../../../test/harness';
import { configureProvider, expectRollupsConsistent, paid, payInStars } from '../../../test/shop-payments';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { SYSTEM_ACTOR } from '../events/record-event';
import { advanceOrder, findPayableOrder, markOrderPaid } from './order-payment.service';

let fake: FakeBotApi;
let t: TestApp;
let owner: Vendor;
let shop: Shop;
let ann: Buyer;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());

beforeEach(async () => {
  fake.state.reset();
  t = await startApp(fake);
  owner = await vendor(t.app);
  const registered = fakeBot(fake);
  const bot = await createBot(t.app, owner, { botToken: registered.token, botName: 'Keys', plan: 'PRO' });
  shop = { ...bot, token: registered.token };
  ann = await addBuyer(t, owner.vendorId, 'Ann');
});
afterEach(() => t.app.close());

const STARS_PER_KEY = 770;

async function keyProduct() {
  const category = await createCategory(t.app, owner, 'Software', []);
  return createProduct(t.app, owner, productBody('key', category.id, { price: 1000 }));
}

const lineOf = (p: Product, quantity = 1): Line => ({
  productId: p.id,
  name: p.name,
  productType: p.productType,
  unitPriceMinor: p.price,
  quantity,
});

const placeFor = (lines: Line[], claimCodes = false) =>
  placeShopOrder(t, {
    vendorId: owner.vendorId,
    botId: shop.id,
    customerId: ann.customerId,
    lines,
    claimCodes,
  });

const refund = (orderId: string, of: Vendor = owner) =>
  t.app.inject({ method: 'POST', url: `${of.base}/orders/${orderId}/refund`, headers: of.auth });

const get = async <T>(path: string) =>
  (await t.app.inject({ method: 'GET', url: `${owner.base}${path}`, headers: owner.auth })).json() as T;

describe('POST /vendors/{id}/orders/{orderId}/refund', () => {
  it("refunds a Stars order through Telegram from the shop's bot and takes it out of every figure", async () => {
    const key = await keyProduct();
    const placed = await placeFor([lineOf(key)], true);
    await payInStars(t, fake, shop, ann, placed.id, STARS_PER_KEY, 'charge_refund_me');
    expect((await get<OrderStats>('/orders/stats')).avgOrderValue).toBe(1000);

    const res = await refund(placed.id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(fake.state.refunds).toEqual([
      {
        token: shop.token,
        botId: expect.any(Number),
        user_id: ann.id,
        telegram_payment_charge_id: 'charge_refund_me',
      },
    ]);
    const stats = await get<OrderStats>('/orders/stats');
    expect(stats).toMatchObject({ cancelledOrders: 1, avgOrderValue: 0, fulfillmentRate: 0 });
    await expectRollupsConsistent(t, owner.vendorId);
    const events = await eventsOf(t.database, owner.vendorId, shop.id);
    expect(events.find((e) => e.type === 'refund.created')?.payload).toMatchObject({
      orderId: placed.id,
      orderNumber: placed.number,
      amountMinor: 1000,
      currency: 'USD',
      amountUsdMinor: 1000,
      rail: 'stars',
      starsAmount: STARS_PER_KEY,
    });
    // The code was delivered: it stays the customer's, it does not go back to the pool.
    expect((await get<Product>(`/products/${key.id}`)).stock).toBe(1);
  });

  it('returns the codes of a paid order that were not sent yet to the pool', async () => {
    const key = await keyProduct();
    const placed = await placeFor([lineOf(key, 2)], true);
    // Paid, but not delivered yet (processing): what a delivery that failed to send leaves.
    await t.database.db.transaction(async (tx) => {
      const order = await findPayableOrder(tx, owner.vendorId, placed.id, true);
      if (!order) throw new Error('order missing');
      await markOrderPaid(tx, order, 'card', new Date());
      await advanceOrder(tx, { ...order, paymentStatus: 'paid' }, 'processing', SYSTEM_ACTOR, new Date());
    });
    expect((await get<Product>(`/products/${key.id}`)).stock).toBe(0);

    expect((await refund(placed.id)).statusCode).toBe(200);

    expect((await get<Product>(`/products/${key.id}`)).stock).toBe(2);
    // Not a Stars payment: the vendor returns the money at their provider; Telegram is not asked.
    expect(fake.state.refunds).toEqual([]);
    await expectRollupsConsistent(t, owner.vendorId);
  });

  it('refunds a card payment of physical goods and returns the stock not yet shipped', async () => {
    await configureProvider(t, owner, shop.id, 'card', {
      providerToken: '284685063:TEST:card',
      currencies: ['USD'],
    });
    const category = await createCategory(t.app, owner, 'Mugs', []);
    const mug = await createProduct(
      t.app,
      owner,
      productBody('physical', category.id, { price: 1500, stock: 4 }),
    );
    const placed = await placeFor([lineOf(mug, 2)]);
    const payment = {
      currency: 'USD',
      total_amount: 3000,
      invoice_payload: `order:${placed.id}:card`,
    };
    await paid(t, fake, shop, ann, { ...payment, telegram_payment_charge_id: 'card_1' });
    expect((await get<Product>(`/products/${mug.id}`)).stock).toBe(2);

    const res = await refund(placed.id);

    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect((await get<Product>(`/products/${mug.id}`)).stock).toBe(4);
    await expectRollupsConsistent(t, owner.vendorId);
  });

  it('refuses an order that is not paid with 409 ORDER_NOT_REFUNDABLE and changes nothing', async () => {
    const key = await keyProduct();
    const placed = await placeFor([lineOf(key)], true);

    const res = await refund(placed.id);

    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_NOT_REFUNDABLE');
    expect(await get<OrderDetail>(`/orders/${placed.id}`)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
  });

  it('refuses a second refund of the same order', async () => {
    const key = await keyProduct();
    const placed = await placeFor([lineOf(key)], true);
    await payInStars(t, fake, shop, ann, placed.id, STARS_PER_KEY);
    expect((await refund(placed.id)).statusCode).toBe(200);

    const again = await refund(placed.id);

    expect(again.statusCode).toBe(409);
    expect(fake.state.refunds).toHaveLength(1);
  });

  it("answers 404 for another vendor's order and refunds nothing", async () => {
    const key = await keyProduct();
    const placed = await placeFor([lineOf(key)], true);
    await payInStars(t, fake, shop, ann, placed.id, STARS_PER_KEY);
    const other = await vendor(t.app);

    const res = await refund(placed.id, other);

    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ORDER_NOT_FOUND');
    expect(fake.state.refunds).toEqual([]);
    expect((await get<OrderDetail>(`/orders/${placed.id}`)).paymentStatus).toBe('paid');
  });
});
