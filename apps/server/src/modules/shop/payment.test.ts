import type { OrderDetail } from '@app/contracts/orders';
import type { Product } from '@app/contracts/products';
import { and, eq } from 'drizzle-orm';
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
import { API_KEY, type FakeProvider, IPN_SECRET, startFakeProvider } from '../../../test/payments';
import { sendUpdate } from '../../../test/shop';
import {
  addShippingMethod,
  configureProvider,
  expectRollupsConsistent,
  paid,
  payInStars,
  preCheckout,
  say,
  sentTo,
  tap,
} from '../../../test/shop-payments';
import { botSubscriptions, orders, planFees, shopPayments } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { signIpn } from '../../lib/nowpayments';
import { dispatchPendingEvents } from '../events/events.dispatcher';

let fake: FakeBotApi;
let provider: FakeProvider;
let t: TestApp;
let owner: Vendor;
let shop: Shop;
let ann: Buyer;

beforeAll(async () => {
  fake = await startFakeBotApi();
  provider = await startFakeProvider();
});
afterAll(async () => {
  await fake.close();
  await provider.close();
});

beforeEach(async () => {
  fake.state.reset();
  t = await startApp(fake, {
    nowPayments: {
      apiUrl: provider.url,
      apiKey: 'platform-key-not-the-vendors',
      ipnSecret: 'platform-ipn-secret',
    },
  });
  owner = await vendor(t.app);
  const registered = fakeBot(fake);
  const bot = await createBot(t.app, owner, {
    botToken: registered.token,
    botName: 'Corner Shop',
    plan: 'PRO',
  });
  shop = { ...bot, token: registered.token };
  ann = await addBuyer(t, owner.vendorId, 'Ann');
});
afterEach(() => t.app.close());

const lineOf = (p: Product, quantity = 1): Line => ({
  productId: p.id,
  name: p.name,
  productType: p.productType,
  unitPriceMinor: p.price,
  quantity,
});

async function product(
  type: 'physical' | 'digital' | 'service' | 'key',
  extra: Record<string, unknown> = {},
) {
  const category = await createCategory(t.app, owner, `Category ${type}`, []);
  return createProduct(t.app, owner, productBody(type, category.id, { price: 1000, ...extra }));
}

function order(lines: Line[], extra: Partial<Parameters<typeof placeShopOrder>[1]> = {}) {
  return placeShopOrder(t, {
    vendorId: owner.vendorId,
    botId: shop.id,
    customerId: ann.customerId,
    lines,
    ...extra,
  });
}

async function detail(orderId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${owner.base}/orders/${orderId}`,
    headers: owner.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as OrderDetail;
}

const messagesTo = (buyer: Buyer) => sentTo(fake, shop, buyer.id).map((m) => String(m.text));
const invoicesTo = (buyer: Buyer) => sentTo(fake, shop, buyer.id, 'sendInvoice');

// $10.00 a key at the configured 77 Stars per USD: 770 Stars each.
const STARS_PER_KEY = 770;

describe('paying for a digital order', () => {
  it('sends a Stars invoice with one price line at the configured rate', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key, 2)], { claimCodes: true });

    await tap(t, fake, shop, ann, `offer:${placed.id}`);

    const [invoice] = invoicesTo(ann);
    expect(invoice).toMatchObject({
      currency: 'XTR',
      payload: `order:${placed.id}:stars`,
      title: `Order #${placed.number}`,
    });
    expect(invoice?.provider_token).toBeUndefined();
    expect(invoice?.prices).toEqual([{ label: `Order #${placed.number}`, amount: 2 * STARS_PER_KEY }]);
  });

  it('delivers the codes the order holds, one per unit, and completes the order once paid in Stars', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key, 2)], { claimCodes: true });

    await payInStars(t, fake, shop, ann, placed.id, 2 * STARS_PER_KEY, 'charge_1');

    const [delivery] = messagesTo(ann);
    expect(delivery).toContain(`order #${placed.number}`);
    expect(delivery).toContain('A key product: AAAA-BBBB-CCCC-DDDD');
    expect(delivery).toContain('A key product: EEEE-FFFF-GGGG-HHHH');
    const d = await detail(placed.id);
    expect(d).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(d.payment.method).toBe('stars');
    expect(d.digitalInfo?.codesIssued).toBe(2);
    const events = await eventsOf(t.database, owner.vendorId, shop.id);
    const received = events.find((e) => e.type === 'payment.received');
    expect(received?.payload).toEqual({
      orderId: placed.id,
      orderNumber: placed.number,
      amountMinor: 2000,
      currency: 'USD',
      amountUsdMinor: 2000,
      rail: 'stars',
      starsAmount: 2 * STARS_PER_KEY,
    });
    await expectRollupsConsistent(t, owner.vendorId);
  });

  it('shows the vendor which codes the buyer received, masked, and records who revealed one', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key, 1)], { claimCodes: true });
    await payInStars(t, fake, shop, ann, placed.id, STARS_PER_KEY, 'charge_reveal');

    const url = `${owner.base}/orders/${placed.id}/codes`;
    const listed = await t.app.inject({ method: 'GET', url, headers: owner.auth });
    expect(listed.statusCode).toBe(200);
    const [code] = listed.json().codes;
    expect(code).toMatchObject({
      productName: 'A key product',
      masked: expect.stringMatching(/^••••-••••-••••-\w{4}$/),
    });

    const revealed = await t.app.inject({
      method: 'POST',
      url: `${url}/${code.id}/reveal`,
      headers: owner.auth,
    });
    // The code in full is the one the buyer was sent, ending as the masked one does.
    const full: string = revealed.json().code;
    expect(revealed.json().id).toBe(code.id);
    expect(messagesTo(ann)[0]).toContain(`A key product: ${full}`);
    expect(full.slice(-4)).toBe(code.masked.slice(-4));
    const events = await eventsOf(t.database, owner.vendorId, shop.id);
    const reveal = events.find((e) => e.type === 'order.code_revealed');
    expect(reveal).toMatchObject({ actorKind: 'owner', actorName: 'Test Vendor' });
    expect(reveal?.payload).toMatchObject({ orderNumber: placed.number, masked: code.masked });
  });

  it('accrues the bot’s plan fee on the paid order once its events are dispatched (PRO: 2.5 %)', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key, 2)], { claimCodes: true });
    await payInStars(t, fake, shop, ann, placed.id, 2 * STARS_PER_KEY, 'charge_fee');

    await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);
    await dispatchPendingEvents(t.database.db, EVENT_CONSUMERS);

    const fees = await t.database.db.select().from(planFees).where(eq(planFees.orderId, placed.id));
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ kind: 'accrual', plan: 'PRO', saleUsdMinor: 2000, amountMinor: 50 });
  });

  it('issues nothing for a second successful_payment with the same charge id', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key)], { claimCodes: true });
    await payInStars(t, fake, shop, ann, placed.id, STARS_PER_KEY, 'charge_twice');
    const messages = messagesTo(ann).length;
    const events = (await eventsOf(t.database, owner.vendorId, shop.id)).length;

    await paid(t, fake, shop, ann, {
      currency: 'XTR',
      total_amount: STARS_PER_KEY,
      invoice_payload: `order:${placed.id}:stars`,
      telegram_payment_charge_id: 'charge_twice',
    });

    expect(messagesTo(ann)).toHaveLength(messages);
    expect(await eventsOf(t.database, owner.vendorId, shop.id)).toHaveLength(events);
    const rows = await t.database.db.select().from(shopPayments).where(eq(shopPayments.orderId, placed.id));
    expect(rows).toHaveLength(1);
  });

  it('sends a signed download link that honours the product’s download limit', async () => {
    const guide = await product('digital', {
      digital: {
        digitalType: 'downloadable',
        downloadUrl: 'https://files.example.test/guide.pdf',
        maxDownloads: 2,
        downloadExpiryDays: 7,
      },
    });
    const placed = await order([lineOf(guide)]);
    await payInStars(t, fake, shop, ann, placed.id, STARS_PER_KEY);

    const [message] = sentTo(fake, shop, ann.id);
    const url = JSON.stringify(message?.reply_markup).match(
      /https:\/\/shop\.example\.test(\/api\/v1\/downloads\/[^"]+)/,
    )?.[1];
    expect(url).toBeDefined();
    expect(String(message?.text)).toContain('Each download link works 2 times');
    const open = () => t.app.inject({ method: 'GET', url: String(url) });
    for (let i = 0; i < 2; i++) {
      const res = await open();
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://files.example.test/guide.pdf');
    }
    expect((await open()).json().error.code).toBe('DOWNLOAD_LIMIT_REACHED');
    const forged = String(url).replace(/\.[^.]+$/, '.AAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await detail(placed.id)).status).toBe('completed');
  });
});

describe('the pre-checkout answer', () => {
  it('refuses a payment of another amount than the order’s', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key)], { claimCodes: true });

    const answer = await preCheckout(t, fake, shop, ann, {
      currency: 'XTR',
      total_amount: STARS_PER_KEY - 1,
      invoice_payload: `order:${placed.id}:stars`,
    });

    expect(answer).toEqual({
      ok: false,
      error_message: 'The price of this order has changed. Please check out again.',
    });
  });

  it('refuses an order whose reservation has expired', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key)], {
      claimCodes: true,
      reservedUntil: new Date(Date.now() - 1000),
    });

    const answer = await preCheckout(t, fake, shop, ann, {
      currency: 'XTR',
      total_amount: STARS_PER_KEY,
      invoice_payload: `order:${placed.id}:stars`,
    });

    expect(answer?.ok).toBe(false);
    expect(answer?.error_message).toBe(
      'Sorry, the reservation for this order has expired. Please place the order again.',
    );
  });

  it('refuses another customer paying someone’s invoice, and an order already paid', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key)], { claimCodes: true });
    const bob = await addBuyer(t, owner.vendorId, 'Bob');
    const q = { currency: 'XTR', total_amount: STARS_PER_KEY, invoice_payload: `order:${placed.id}:stars` };

    expect((await preCheckout(t, fake, shop, bob, q))?.error_message).toBe(
      'This invoice belongs to another customer.',
    );
    await payInStars(t, fake, shop, ann, placed.id, STARS_PER_KEY);
    expect((await preCheckout(t, fake, shop, ann, q))?.error_message).toBe('This order is already paid.');
  });
});

describe('paying for physical goods', () => {
  async function cardShop() {
    await configureProvider(t, owner, shop.id, 'card', {
      providerToken: '284685063:TEST:card',
      currencies: ['USD'],
    });
    return addShippingMethod(t, owner, shop.id, {
      name: 'Courier',
      price: '5.00',
      estimatedDays: '2-3',
      regions: ['US', 'EU'],
    });
  }

  it('offers only the rails the bot has set up, and a polite line when there are none', async () => {
    const mug = await product('physical');
    const placed = await order([lineOf(mug)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    expect(messagesTo(ann)).toEqual([
      'Sorry, this shop cannot take payment for this order right now. Please try again later or contact the shop.',
    ]);

    await cardShop();
    await configureProvider(t, owner, shop.id, 'cash_on_delivery', { currencies: ['USD'] });
    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    const choice = sentTo(fake, shop, ann.id).at(-1);
    expect(choice?.text).toBe(`Order #${placed.number} · $10.00\nHow would you like to pay?`);
    expect(choice?.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: '💳 Card', callback_data: `pay:${placed.id}:card` }],
        [{ text: '💵 Cash on delivery', callback_data: `pay:${placed.id}:cash_on_delivery` }],
      ],
    });
  });

  it('takes the address and shipping through Telegram: the total includes shipping and the figures follow', async () => {
    const courier = await cardShop();
    const mug = await product('physical');
    const placed = await order([lineOf(mug, 2)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    const [invoice] = invoicesTo(ann);
    expect(invoice).toMatchObject({
      currency: 'USD',
      provider_token: '284685063:TEST:card',
      need_shipping_address: true,
      is_flexible: true,
      prices: [{ label: `Order #${placed.number}`, amount: 2000 }],
    });

    const address = {
      country_code: 'US',
      state: 'NY',
      city: 'New York',
      street_line1: '1 Main St',
      street_line2: '',
      post_code: '10001',
    };
    const payload = `order:${placed.id}:card`;
    await sendUpdate(t, fake, shop, {
      shipping_query: {
        id: 'sq_1',
        from: { id: ann.id, is_bot: false, first_name: 'Ann' },
        invoice_payload: payload,
        shipping_address: address,
      },
    });
    const [answer] = fake.state.calls({ method: 'answerShippingQuery', token: shop.token });
    expect(answer?.params).toMatchObject({
      shipping_query_id: 'sq_1',
      ok: true,
      shipping_options: [{ id: courier.id, title: 'Courier', prices: [{ label: 'Courier', amount: 500 }] }],
    });

    const payment = {
      currency: 'USD',
      total_amount: 2500,
      invoice_payload: payload,
      shipping_option_id: courier.id,
      order_info: { name: 'Ann', shipping_address: address },
    };
    expect((await preCheckout(t, fake, shop, ann, payment))?.ok).toBe(true);
    await paid(t, fake, shop, ann, { ...payment, telegram_payment_charge_id: 'card_charge_1' });

    const d = await detail(placed.id);
    expect(d).toMatchObject({ status: 'pending', paymentStatus: 'paid', amount: 2500 });
    expect(d.shipping).toMatchObject({
      method: 'Courier',
      address: '1 Main St, New York, NY, 10001, US',
      fee: 500,
    });
    expect(d.payment.method).toBe('card');
    expect(messagesTo(ann).at(-1)).toBe(
      `Payment received for order #${placed.number}. Thank you! We will let you know when it is on its way.`,
    );
    await expectRollupsConsistent(t, owner.vendorId);
  });

  it('answers a shipping query for an address no method covers with a polite refusal', async () => {
    await cardShop();
    const mug = await product('physical');
    const placed = await order([lineOf(mug)]);
    await sendUpdate(t, fake, shop, {
      shipping_query: {
        id: 'sq_2',
        from: { id: ann.id, is_bot: false, first_name: 'Ann' },
        invoice_payload: `order:${placed.id}:card`,
        shipping_address: {
          country_code: 'BR',
          state: '',
          city: 'Rio',
          street_line1: 'Rua 1',
          street_line2: '',
          post_code: '20000',
        },
      },
    });
    const [answer] = fake.state.calls({ method: 'answerShippingQuery', token: shop.token });
    expect(answer?.params).toMatchObject({
      ok: false,
      error_message: 'Sorry, we do not deliver to this address.',
    });
  });

  it('asks the address in the chat for cash on delivery, and the order stays unpaid with its stock', async () => {
    await configureProvider(t, owner, shop.id, 'cash_on_delivery', { currencies: ['USD'] });
    const mug = await product('physical');
    const placed = await order([lineOf(mug)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    expect(messagesTo(ann).at(-1)).toBe(
      `Cash on delivery for order #${placed.number}. Please send your delivery address in one message: street, city, postal code and country.`,
    );
    await say(t, fake, shop, ann, '12 Baker Street, London, NW1 6XE, UK');

    expect(messagesTo(ann).at(-1)).toBe(
      `Thank you! Order #${placed.number} is confirmed. You pay $10.00 on delivery to:\n12 Baker Street, London, NW1 6XE, UK`,
    );
    const d = await detail(placed.id);
    expect(d).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(d.shipping?.address).toBe('12 Baker Street, London, NW1 6XE, UK');
    expect(d.payment.method).toBe('cash_on_delivery');
    const [row] = await t.database.db
      .select({ reservedUntil: orders.reservedUntil })
      .from(orders)
      .where(and(eq(orders.vendorId, owner.vendorId), eq(orders.id, placed.id)));
    expect(row?.reservedUntil).toBeNull();
  });
});

describe('shipping a cash-on-delivery order', () => {
  /** A shop that takes cash on delivery and ships by one US-only method at $4.50. */
  async function usOnlyShop() {
    await configureProvider(t, owner, shop.id, 'cash_on_delivery', { currencies: ['USD'] });
    return addShippingMethod(t, owner, shop.id, {
      name: 'Standard',
      price: '4.50',
      estimatedDays: '3-5',
      regions: ['US'],
    });
  }
  const keyboardOf = (buyer: Buyer) =>
    (sentTo(fake, shop, buyer.id).at(-1)?.reply_markup as { inline_keyboard: unknown[][] } | undefined)
      ?.inline_keyboard;

  it('asks no shipping address or option for goods that require no shipping, by card or cash on delivery', async () => {
    await configureProvider(t, owner, shop.id, 'card', {
      providerToken: '284685063:TEST:card',
      currencies: ['USD'],
    });
    await usOnlyShop();
    const voucher = await product('physical', {
      name: 'Gift voucher',
      physical: { requiresShipping: false },
    });
    const placed = await order([lineOf(voucher)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    await tap(t, fake, shop, ann, `pay:${placed.id}:card`);
    const [invoice] = invoicesTo(ann);
    expect(invoice?.need_shipping_address).toBeUndefined();
    expect(invoice?.is_flexible).toBeUndefined();

    await tap(t, fake, shop, ann, `pay:${placed.id}:cash_on_delivery`);
    // No zone to choose: straight to where the cash is collected.
    expect(messagesTo(ann).at(-1)).not.toBe(
      `Cash on delivery for order #${placed.number}. Where should we deliver it?`,
    );
    expect(JSON.stringify(keyboardOf(ann) ?? [])).not.toContain('codzone:');
  });

  it('confirms cash on delivery for goods that require no shipping without asking a delivery address', async () => {
    await usOnlyShop();
    const voucher = await product('physical', {
      name: 'Gift voucher',
      physical: { requiresShipping: false },
    });
    const placed = await order([lineOf(voucher)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);

    expect(messagesTo(ann).at(-1)).toBe(
      `Thank you! Order #${placed.number} is confirmed. You pay $10.00 when the shop hands it over: nothing is shipped, so no address is needed.`,
    );
    expect(messagesTo(ann).join('\n')).not.toContain('delivery address');
    const d = await detail(placed.id);
    expect(d).toMatchObject({ status: 'pending', paymentStatus: 'pending', amount: 1000 });
    expect(d.payment.method).toBe('cash_on_delivery');
    expect(d.shipping?.address ?? null).toBeNull();
    // The next message is not taken for an address: the chat has no address step waiting.
    await say(t, fake, shop, ann, '12 Baker Street, London, NW1 6XE, UK');
    expect((await detail(placed.id)).shipping?.address ?? null).toBeNull();
  });

  it('offers only the zones its methods cover, adds the chosen method’s fee, and shows it on the order', async () => {
    const standard = await usOnlyShop();
    const mug = await product('physical');
    const placed = await order([lineOf(mug)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    expect(messagesTo(ann).at(-1)).toBe(
      `Cash on delivery for order #${placed.number}. Where should we deliver it?`,
    );
    expect(keyboardOf(ann)).toEqual([
      [{ text: '🇺🇸 United States', callback_data: `codzone:${placed.id}:US` }],
      [{ text: '🌍 Somewhere else', callback_data: `codzone:${placed.id}:none` }],
    ]);
    await tap(t, fake, shop, ann, `codzone:${placed.id}:US`);
    expect(keyboardOf(ann)).toEqual([
      [{ text: 'Standard · $4.50 · 3-5 days', callback_data: `codship:${standard.id}` }],
    ]);
    await tap(t, fake, shop, ann, `codship:${standard.id}`);
    expect(messagesTo(ann).at(-1)).toBe(
      `Standard for order #${placed.number}: $14.50 in all, paid on delivery. Please send your delivery address in one message: street, city, postal code and country.`,
    );
    await say(t, fake, shop, ann, '1 Main St, New York, NY 10001');

    expect(messagesTo(ann).at(-1)).toBe(
      `Thank you! Order #${placed.number} is confirmed. You pay $14.50 on delivery to:\n1 Main St, New York, NY 10001`,
    );
    const d = await detail(placed.id);
    expect(d.amount).toBe(1450);
    expect(d.shipping).toMatchObject({
      method: 'Standard',
      fee: 450,
      address: '1 Main St, New York, NY 10001',
    });
    expect(d.payment.method).toBe('cash_on_delivery');
    await expectRollupsConsistent(t, owner.vendorId);
  });

  it('shows each shipping method’s description with it: in the cash-on-delivery choice and Telegram’s shipping options', async () => {
    await configureProvider(t, owner, shop.id, 'cash_on_delivery', { currencies: ['USD'] });
    const tracked = await addShippingMethod(t, owner, shop.id, {
      name: 'Tracked',
      price: '6.00',
      description: 'Signed for at the door',
      regions: ['US'],
    });
    const mug = await product('physical');
    const placed = await order([lineOf(mug)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    await tap(t, fake, shop, ann, `codzone:${placed.id}:US`);
    expect(messagesTo(ann).at(-1)).toBe(
      `How should we ship order #${placed.number}?\n\nTracked: Signed for at the door`,
    );

    await sendUpdate(t, fake, shop, {
      shipping_query: {
        id: 'sq_described',
        from: { id: ann.id, is_bot: false, first_name: 'Ann' },
        invoice_payload: `order:${placed.id}:card`,
        shipping_address: {
          country_code: 'US',
          state: 'NY',
          city: 'New York',
          street_line1: '1 Main St',
          street_line2: '',
          post_code: '10001',
        },
      },
    });
    const [answer] = fake.state.calls({ method: 'answerShippingQuery', token: shop.token });
    expect(answer?.params.shipping_options).toEqual([
      {
        id: tracked.id,
        title: 'Tracked · Signed for at the door',
        prices: [{ label: 'Tracked', amount: 600 }],
      },
    ]);
  });

  it('refuses an address no method covers with a clear message, and the order keeps the product price', async () => {
    await usOnlyShop();
    const mug = await product('physical');
    const placed = await order([lineOf(mug)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    await tap(t, fake, shop, ann, `codzone:${placed.id}:none`);
    expect(messagesTo(ann).at(-1)).toBe(
      `Sorry, this shop does not deliver there, so order #${placed.number} cannot be shipped to you. You can choose another way to pay or contact the shop.`,
    );
    // A zone the methods do not cover, typed by hand into the button's data, is refused the same way.
    await tap(t, fake, shop, ann, `codzone:${placed.id}:EU`);
    expect(messagesTo(ann).at(-1)).toContain('does not deliver there');
    const d = await detail(placed.id);
    expect(d).toMatchObject({ amount: 1000, paymentStatus: 'pending' });
    expect(d.payment.method).toBeNull();
  });

  it('ships free at the free-shipping threshold', async () => {
    const standard = await usOnlyShop();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${owner.base}/bots/${shop.id}/shipping/settings`,
      headers: owner.auth,
      payload: { trackingEnabled: true, freeShippingThreshold: '20' },
    });
    expect(saved.statusCode).toBe(200);
    const mug = await product('physical');
    const placed = await order([lineOf(mug, 2)]);

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    await tap(t, fake, shop, ann, `codzone:${placed.id}:US`);
    expect(keyboardOf(ann)).toEqual([
      [{ text: 'Standard · free · 3-5 days', callback_data: `codship:${standard.id}` }],
    ]);
    await tap(t, fake, shop, ann, `codship:${standard.id}`);
    await say(t, fake, shop, ann, '1 Main St, New York, NY 10001');

    expect((await detail(placed.id)).shipping).toMatchObject({ method: 'Standard', fee: 0 });
    expect((await detail(placed.id)).amount).toBe(2000);
  });
});

describe('paying for a service', () => {
  it('schedules the order once it is paid', async () => {
    await configureProvider(t, owner, shop.id, 'card', {
      providerToken: '284685063:TEST:card',
      currencies: ['USD'],
    });
    const yoga = await product('service');
    const placed = await order([lineOf(yoga)], {
      serviceInfo: { scheduledDate: '2030-01-07T09:00:00.000Z' },
    });

    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    const [invoice] = invoicesTo(ann);
    expect(invoice?.need_shipping_address).toBeUndefined();
    const payment = { currency: 'USD', total_amount: 1000, invoice_payload: `order:${placed.id}:card` };
    expect((await preCheckout(t, fake, shop, ann, payment))?.ok).toBe(true);
    await paid(t, fake, shop, ann, { ...payment, telegram_payment_charge_id: 'card_charge_yoga' });

    expect(await detail(placed.id)).toMatchObject({ status: 'scheduled', paymentStatus: 'paid' });
    expect(messagesTo(ann).at(-1)).toBe(
      `Payment received for order #${placed.number}. Your booking is confirmed. Thank you!`,
    );
  });
});

describe('paying with crypto', () => {
  async function cryptoOrder() {
    // The vendor's own NOWPayments account (the fake provider knows this key).
    await configureProvider(t, owner, shop.id, 'crypto', {
      apiKey: API_KEY,
      ipnSecret: IPN_SECRET,
      currencies: ['USD'],
    });
    const mug = await product('physical');
    const placed = await order([lineOf(mug)]);
    await tap(t, fake, shop, ann, `offer:${placed.id}`);
    const [row] = await t.database.db.select().from(shopPayments).where(eq(shopPayments.orderId, placed.id));
    if (!row) throw new Error('no crypto payment');
    return { placed, payment: row };
  }

  const ipn = (body: Record<string, unknown>, signature = signIpn(body, IPN_SECRET)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/shop-payments/ipn',
      headers: { 'x-nowpayments-sig': signature },
      payload: body,
    });

  it('sends the provider’s payment page, and its IPN pays the order once, on finished only', async () => {
    const { placed, payment } = await cryptoOrder();
    const [message] = sentTo(fake, shop, ann.id);
    expect(message?.text).toBe(
      `Pay order #${placed.number} ($10.00) on the payment page. Your order is confirmed as soon as the payment arrives.`,
    );
    expect(JSON.stringify(message?.reply_markup)).toContain(String(payment.invoiceUrl));
    const body = (status: string) => ({
      payment_id: 777,
      invoice_id: payment.providerInvoiceId,
      payment_status: status,
      order_id: payment.id,
      price_amount: 10,
      price_currency: 'usd',
    });

    expect((await ipn(body('partially_paid'))).statusCode).toBe(200);
    expect((await detail(placed.id)).paymentStatus).toBe('pending');
    expect((await ipn(body('finished'))).statusCode).toBe(200);
    expect((await ipn(body('finished'))).statusCode).toBe(200);

    expect(await detail(placed.id)).toMatchObject({ paymentStatus: 'paid', status: 'pending' });
    const events = await eventsOf(t.database, owner.vendorId, shop.id);
    expect(events.filter((e) => e.type === 'payment.received')).toHaveLength(1);
  });

  it('refuses an IPN without the bot’s signature and changes nothing', async () => {
    const { placed, payment } = await cryptoOrder();
    const body = { payment_id: 1, payment_status: 'finished', order_id: payment.id };

    const res = await ipn(body, signIpn(body, 'someone-elses-secret'));

    expect(res.statusCode).toBe(401);
    expect((await detail(placed.id)).paymentStatus).toBe('pending');
  });
});

describe('a shop that closed meanwhile', () => {
  it('still records a payment Telegram took and delivers it', async () => {
    const key = await product('key');
    const placed = await order([lineOf(key)], { claimCodes: true });
    const payload = `order:${placed.id}:stars`;
    expect(
      (
        await preCheckout(t, fake, shop, ann, {
          currency: 'XTR',
          total_amount: STARS_PER_KEY,
          invoice_payload: payload,
        })
      )?.ok,
    ).toBe(true);
    // The subscription runs out between Telegram's pre-checkout and its successful_payment.
    await t.database.db
      .update(botSubscriptions)
      .set({ status: 'expired' })
      .where(eq(botSubscriptions.botId, shop.id));

    await paid(t, fake, shop, ann, {
      currency: 'XTR',
      total_amount: STARS_PER_KEY,
      invoice_payload: payload,
      telegram_payment_charge_id: 'charge_after_close',
    });

    expect(await detail(placed.id)).toMatchObject({ paymentStatus: 'paid', status: 'completed' });
  });
});
