import type { OrderCodesResponse, OrderDetail } from '@app/contracts/orders';
import type { Product } from '@app/contracts/products';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock, testClock } from '../../../test/clock';
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
import { payInStars, sentTo } from '../../../test/shop-payments';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';

// Issue 24, "Products: every field acts" (digital): the delivery message carries what the product's type needs,
// the download link keeps the product's limit and expiry, passes and subscriptions say until when they are
// valid (and the order shows it per code), and a product that does not deliver automatically waits for the
// vendor's Release.

let fake: FakeBotApi;
let t: TestApp;
let clock: TestClock;
let owner: Vendor;
let shop: Shop;
let ann: Buyer;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  fake.state.reset();
  clock = testClock();
  t = await startApp(fake, {}, { now: clock.now });
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
afterEach(() => t.app.close());

// $10.00 at the configured 77 Stars per USD.
const STARS = 770;

const lineOf = (p: Product): Line => ({
  productId: p.id,
  name: p.name,
  productType: p.productType,
  unitPriceMinor: p.price,
  quantity: 1,
});

async function digital(digitalFields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const category = await createCategory(t.app, owner, 'Digital', []);
  return createProduct(
    t.app,
    owner,
    productBody('digital', category.id, { price: 1000, digital: digitalFields, ...extra } as never),
  );
}

/** A code product of `digitalType` with one code in its pool. */
const codeProduct = (digitalType: string, fields: Record<string, unknown> = {}) =>
  digital({ digitalType, ...fields }, { name: `A ${digitalType}`, codes: ['CODE-0001-AAAA'] });

/** The product bought and paid in Stars by Ann; answers the order and the delivery message's text. */
async function buy(product: Product) {
  const placed = await placeShopOrder(t, {
    vendorId: owner.vendorId,
    botId: shop.id,
    customerId: ann.customerId,
    lines: [lineOf(product)],
    claimCodes: product.digital?.digitalType !== 'downloadable',
  });
  await payInStars(t, fake, shop, ann, placed.id, STARS, `charge_${placed.id.slice(0, 8)}`);
  const message = sentTo(fake, shop, ann.id).at(-1);
  return { placed, text: String(message?.text ?? ''), message };
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

async function codesOf(orderId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${owner.base}/orders/${orderId}/codes`,
    headers: owner.auth,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as OrderCodesResponse).codes;
}

const medium = (d: Date) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(d);

describe('a download’s delivery', () => {
  it('names the file, its format and size', async () => {
    const guide = await digital({
      digitalType: 'downloadable',
      downloadUrl: 'https://files.example.test/guide.pdf',
      fileName: 'Baking guide.pdf',
      fileFormat: 'pdf',
      fileSize: 2_621_440,
    });

    const { text } = await buy(guide);

    expect(text).toContain('Baking guide.pdf · PDF · 2.5 MB');
  });

  it('gives a download’s support period when the vendor offers technical support', async () => {
    const app = await digital({
      digitalType: 'downloadable',
      downloadUrl: 'https://files.example.test/app.zip',
      technicalSupport: true,
      supportPeriodDays: 90,
    });

    const { text } = await buy(app);

    expect(text).toContain('Support for 90 days');
  });

  it('refuses the link after the product’s download expiry (downloadExpiryDays)', async () => {
    const guide = await digital({
      digitalType: 'downloadable',
      downloadUrl: 'https://files.example.test/guide.pdf',
      maxDownloads: 10,
      downloadExpiryDays: 3,
    });
    const { message, text } = await buy(guide);
    const url = JSON.stringify(message?.reply_markup).match(
      /https:\/\/shop\.example\.test(\/api\/v1\/downloads\/[^"]+)/,
    )?.[1];
    expect(text).toContain(`until ${medium(new Date(clock.now().getTime() + 3 * DAY_MS))}`);
    const open = () => t.app.inject({ method: 'GET', url: String(url) });

    clock.advance(3 * DAY_MS - 60_000);
    expect((await open()).statusCode).toBe(302);
    clock.advance(120_000);
    const late = await open();
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('DOWNLOAD_EXPIRED');
  });
});

describe('a code’s delivery', () => {
  it('carries a ticket’s event name, date and venue', async () => {
    const ticket = await codeProduct('ticket', {
      eventName: 'Spring Gala',
      eventDate: '2031-04-12T19:30:00Z',
      venue: 'Grand Hall, Lisbon',
    });

    const { text } = await buy(ticket);

    expect(text).toContain('A ticket: CODE-0001-AAAA');
    expect(text).toMatch(/🎟 Spring Gala · Apr 12, 2031, 07:30 PM UTC · Grand Hall, Lisbon/);
  });

  it('says until when a pass is valid, and the order shows when its code expires', async () => {
    const pass = await codeProduct('pass', { passType: 'season', passValidityDays: 90 });
    const until = new Date(clock.now().getTime() + 90 * DAY_MS);

    const { placed, text } = await buy(pass);

    expect(text).toContain(`A pass is valid until ${medium(until)}`);
    expect(await codesOf(placed.id)).toEqual([
      expect.objectContaining({ productName: 'A pass', validUntil: until.toISOString() }),
    ]);
  });

  it('says until when a subscription code is valid from its billing cycle (monthly: 30 days)', async () => {
    const sub = await codeProduct('subscription', { billingCycle: 'monthly' });
    const until = new Date(clock.now().getTime() + 30 * DAY_MS);

    const { placed, text } = await buy(sub);

    expect(text).toContain(`A subscription is valid until ${medium(until)}`);
    expect((await codesOf(placed.id))[0]?.validUntil).toBe(until.toISOString());
  });

  it('gives a key’s type, activation limit and support period', async () => {
    const key = await codeProduct('product_key', {
      keyType: 'software',
      activationLimit: 3,
      technicalSupport: true,
      supportPeriodDays: 180,
    });

    const { placed, text } = await buy(key);

    expect(text).toContain('Activations allowed: 3');
    expect(text).toContain('Support for 180 days');
    // The key type the vendor chose says what the key is for.
    expect(text).toContain('🔑 A software licence key');
    expect((await codesOf(placed.id))[0]?.validUntil).toBeNull();
  });

  it('promises no support period when the vendor offers no technical support', async () => {
    const key = await codeProduct('product_key', {
      keyType: 'software',
      technicalSupport: false,
      supportPeriodDays: 180,
    });

    const { text } = await buy(key);

    expect(text).not.toContain('Support for');
  });

  it('gives a key’s licence and the platforms it works on', async () => {
    const key = await codeProduct('product_key', {
      keyType: 'software',
      licenseType: 'Single user',
      compatibility: ['Windows', 'Mac'],
    });

    const { text } = await buy(key);

    expect(text).toContain('📜 Licence: Single user');
    expect(text).toContain('💻 Works on: Windows, Mac');
  });

  it('says how long a subscription’s free trial is', async () => {
    const sub = await codeProduct('subscription', { billingCycle: 'monthly', trialDays: 14 });

    const { text } = await buy(sub);

    expect(text).toContain('🎁 Includes a 14-day free trial');
  });
});

describe('a product that does not deliver automatically (autoDeliver off)', () => {
  async function heldOrder() {
    const key = await codeProduct('product_key', { keyType: 'software', autoDeliver: false });
    return buy(key);
  }
  const release = (orderId: string, who: Vendor = owner) =>
    t.app.inject({ method: 'POST', url: `${who.base}/orders/${orderId}/release`, headers: who.auth });

  it('holds the code: the customer is told the shop will send it, the order stays processing and shows it held', async () => {
    const { placed, text } = await heldOrder();

    expect(text).not.toContain('CODE-0001-AAAA');
    expect(text).toContain('A product_key: the shop will send this to you here shortly.');
    const d = await detail(placed.id);
    expect(d).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(d.digitalInfo?.held).toBe(true);
  });

  it('sends the code when the vendor releases it from the order, which then completes', async () => {
    const { placed } = await heldOrder();

    const res = await release(placed.id);

    expect(res.statusCode).toBe(200);
    expect((res.json() as OrderDetail).digitalInfo?.held).toBe(false);
    expect(String(sentTo(fake, shop, ann.id).at(-1)?.text)).toContain('A product_key: CODE-0001-AAAA');
    expect(await detail(placed.id)).toMatchObject({ status: 'completed' });
    const released = (await eventsOf(t.database, owner.vendorId, shop.id)).filter(
      (e) => e.type === 'order.delivery_released',
    );
    expect(released).toEqual([expect.objectContaining({ subjectId: placed.id })]);
  });

  it('answers 409 ORDER_NOT_HELD for a second release, and for an order that holds nothing', async () => {
    const { placed } = await heldOrder();
    await release(placed.id);
    const sent = sentTo(fake, shop, ann.id).length;

    const again = await release(placed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_HELD');
    expect(sentTo(fake, shop, ann.id)).toHaveLength(sent);

    const auto = await buy(await codeProduct('pass', { passValidityDays: 30 }));
    expect((await release(auto.placed.id)).json().error.code).toBe('ORDER_NOT_HELD');
  });

  it('answers 404 to another vendor’s release', async () => {
    const { placed } = await heldOrder();
    const other = await vendor(t.app);

    const res = await release(placed.id, other);

    expect(res.statusCode).toBe(404);
    expect((await detail(placed.id)).digitalInfo?.held).toBe(true);
  });
});
