import type { OrderDetail } from '@app/contracts/orders';
import type { CreateProductBody } from '@app/contracts/products';
import type { ShopCatalogue } from '@app/contracts/shop-catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addBuyer,
  createCategory,
  createProduct,
  placeShopOrder,
  productBody,
} from '../../../test/factories';
import {
  ANN,
  answersOf,
  customerSays,
  customerTaps,
  eventually,
  lastTextTo,
  type OpenShop,
  openShop,
  sentTo,
} from '../../../test/shop';
import { paid, preCheckout } from '../../../test/shop-payments';
import { notifications, orders, products } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { signInitData } from '../../lib/telegram/init-data';
import { dispatchPendingEvents } from '../events/events.dispatcher';

// Everything the vendor sets on the bot page (its switches) and in Settings → Store details reaches the shop.

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

/** The vendor changes the bot page's settings tab. */
async function setBot(settings: Record<string, unknown>) {
  const res = await s.t.app.inject({
    method: 'PATCH',
    url: `${s.owner.base}/bot-details/${s.shop.id}`,
    headers: s.owner.auth,
    payload: { settings },
  });
  expect(res.statusCode).toBe(200);
}

/** The vendor saves Settings → Store details. */
async function setStore(store: Record<string, unknown>) {
  const res = await s.t.app.inject({
    method: 'PUT',
    url: `${s.owner.base}/bots/${s.shop.id}/store`,
    headers: s.owner.auth,
    payload: store,
  });
  expect(res.statusCode).toBe(200);
}

async function sell(
  name = 'Sourdough loaf',
  type: 'physical' | 'key' = 'physical',
  extra: Partial<CreateProductBody> = {},
) {
  const category = await createCategory(s.t.app, s.owner, `Bread ${Math.random()}`, []);
  return createProduct(
    s.t.app,
    s.owner,
    productBody(type, category.id, { name, price: 1000, stock: 10, botIds: [s.shop.id], ...extra }),
  );
}

function miniApp(method: 'GET' | 'POST', path: string, payload?: object) {
  return s.t.app.inject({
    method,
    url: `/api/v1/shop/${s.shop.id}${path}`,
    headers: { authorization: `tma ${signInitData(ANN, s.shop.token)}` },
    ...(payload ? { payload } : {}),
  });
}

const lastText = () => lastTextTo(s, ANN.id);

describe('maintenance mode', () => {
  it("answers every customer with the store's “we'll be back soon” line in the bot's language", async () => {
    await setStore({ storeName: 'La Boulangerie' });
    await setBot({ maintenanceMode: true, language: 'fr' });

    await customerSays(s, '/start');
    expect(lastText()).toBe('La Boulangerie est en maintenance. Nous revenons bientôt !');
    await customerSays(s, 'bread');
    expect(lastText()).toBe('La Boulangerie est en maintenance. Nous revenons bientôt !');
    await customerTaps(s, 'catalogue');
    expect(answersOf(s).at(-1)).toBe('La Boulangerie est en maintenance. Nous revenons bientôt !');
  });

  it('takes no orders: a payment not yet made is refused at its pre-checkout', async () => {
    const key = await sell('Game key', 'key');
    const ann = await addBuyer(s.t, s.owner.vendorId, 'Ann');
    const placed = await placeShopOrder(s.t, {
      vendorId: s.owner.vendorId,
      botId: s.shop.id,
      customerId: ann.customerId,
      lines: [
        { productId: key.id, name: key.name, productType: 'digital', unitPriceMinor: 1000, quantity: 1 },
      ],
      claimCodes: true,
    });
    await setBot({ maintenanceMode: true });

    const answer = await preCheckout(s.t, s.fake, s.shop, ann, {
      currency: 'XTR',
      total_amount: 770,
      invoice_payload: `order:${placed.id}:stars`,
    });
    expect(answer).toMatchObject({
      ok: false,
      error_message: 'Corner Shop is under maintenance. We’ll be back soon!',
    });
  });

  it('still delivers an order paid before the switch went on', async () => {
    const key = await sell('Game key', 'key');
    const ann = await addBuyer(s.t, s.owner.vendorId, 'Ann');
    const placed = await placeShopOrder(s.t, {
      vendorId: s.owner.vendorId,
      botId: s.shop.id,
      customerId: ann.customerId,
      lines: [
        { productId: key.id, name: key.name, productType: 'digital', unitPriceMinor: 1000, quantity: 1 },
      ],
      claimCodes: true,
    });
    const payload = `order:${placed.id}:stars`;
    expect(
      (
        await preCheckout(s.t, s.fake, s.shop, ann, {
          currency: 'XTR',
          total_amount: 770,
          invoice_payload: payload,
        })
      )?.ok,
    ).toBe(true);
    await setBot({ maintenanceMode: true });

    await paid(s.t, s.fake, s.shop, ann, {
      currency: 'XTR',
      total_amount: 770,
      invoice_payload: payload,
      telegram_payment_charge_id: 'charge_in_maintenance',
    });

    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ paymentStatus: 'paid', status: 'completed' });
  });

  it('shows the same line in the Mini App, with no products, and adds nothing to the cart', async () => {
    const loaf = await sell();
    await setBot({ maintenanceMode: true });

    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.maintenance).toBe('Corner Shop is under maintenance. We’ll be back soon!');
    expect(catalogue.products).toEqual([]);
    const added = await miniApp('POST', '/cart', { productId: loaf.id });
    expect(added.statusCode).toBe(503);
    expect(added.json().error.code).toBe('SHOP_MAINTENANCE');
  });

  it('serves the shop again once switched off', async () => {
    await setBot({ maintenanceMode: true });
    await setBot({ maintenanceMode: false });
    await customerSays(s, '/start');
    expect(lastText()).toBe('Hello and welcome to the Corner Shop!');
    expect((await miniApp('GET', '/catalogue')).json<ShopCatalogue>().maintenance).toBeNull();
  });
});

describe('analytics switch', () => {
  it('counts no views while analytics are off', async () => {
    const loaf = await sell('Sourdough loaf');
    const rye = await sell('Rye loaf');
    await setBot({ analyticsEnabled: false });
    await customerTaps(s, `product:${loaf.id}`);
    await setBot({ analyticsEnabled: true });
    await customerTaps(s, `product:${rye.id}`);

    // Counts are written in the order they happen: once the second view is in, the first would be too.
    await eventually(async () => {
      const [row] = await s.t.database.db.select().from(products).where(eq(products.id, rye.id));
      expect(row?.viewCount).toBe(1);
    });
    const [off] = await s.t.database.db.select().from(products).where(eq(products.id, loaf.id));
    expect(off?.viewCount).toBe(0);
  });
});

describe('notification switches', () => {
  async function paidOrder() {
    const key = await sell('Game key', 'key');
    const ann = await addBuyer(s.t, s.owner.vendorId, 'Ann');
    const placed = await placeShopOrder(s.t, {
      vendorId: s.owner.vendorId,
      botId: s.shop.id,
      customerId: ann.customerId,
      lines: [
        { productId: key.id, name: key.name, productType: 'digital', unitPriceMinor: 1000, quantity: 1 },
      ],
      claimCodes: true,
    });
    const payload = `order:${placed.id}:stars`;
    await preCheckout(s.t, s.fake, s.shop, ann, {
      currency: 'XTR',
      total_amount: 770,
      invoice_payload: payload,
    });
    await paid(s.t, s.fake, s.shop, ann, {
      currency: 'XTR',
      total_amount: 770,
      invoice_payload: payload,
      telegram_payment_charge_id: `charge_${placed.id}`,
    });
    return placed;
  }

  const queued = async () => {
    await dispatchPendingEvents(s.t.database.db, EVENT_CONSUMERS);
    return (await s.t.database.db.select().from(notifications)).map((n) => n.kind).sort();
  };

  it('tells the vendor of a paid order only while order notifications are on', async () => {
    await setBot({ orderNotifications: false });
    await paidOrder();
    expect(await queued()).not.toContain('order_paid');

    await setBot({ orderNotifications: true });
    await paidOrder();
    expect(await queued()).toContain('order_paid');
  });

  it('sends stock alerts only while stock alerts are on', async () => {
    const category = await createCategory(s.t.app, s.owner, 'Bread', []);
    const body = productBody('physical', category.id, { name: 'Rye loaf', stock: 30, botIds: [s.shop.id] });
    const loaf = await createProduct(s.t.app, s.owner, body);
    const edit = async (stock: number) => {
      const res = await s.t.app.inject({
        method: 'PUT',
        url: `${s.owner.base}/products/${loaf.id}`,
        headers: s.owner.auth,
        payload: { ...body, stock },
      });
      expect(res.statusCode).toBe(200);
    };
    await setBot({ stockAlerts: false });
    await edit(0);
    expect(await queued()).not.toContain('stock_out');

    await setBot({ stockAlerts: true });
    await edit(5);
    await edit(0);
    expect(await queued()).toContain('stock_out');
  });

  it("tells the customer of the vendor's moves only while customer notifications are on", async () => {
    const loaf = await sell();
    const ann = await addBuyer(s.t, s.owner.vendorId, 'Ann');
    const order = await placeShopOrder(s.t, {
      vendorId: s.owner.vendorId,
      botId: s.shop.id,
      customerId: ann.customerId,
      lines: [
        { productId: loaf.id, name: loaf.name, productType: 'physical', unitPriceMinor: 1000, quantity: 1 },
      ],
    });
    const move = (status: string) =>
      s.t.app.inject({
        method: 'PATCH',
        url: `${s.owner.base}/orders/${order.id}/status`,
        headers: s.owner.auth,
        payload: { status },
      });
    await setBot({ customerNotifications: false });
    expect((await move('processing')).statusCode).toBe(200);
    expect((await move('shipped')).statusCode).toBe(200);
    expect(await queued()).not.toContain('order_shipped');

    await setBot({ customerNotifications: true });
    expect((await move('delivered')).statusCode).toBe(200);
    expect(await queued()).toContain('order_delivered');
  });
});

describe('store details in the shop', () => {
  const store = {
    storeName: 'La Boulangerie',
    storeTagline: 'Bread baked at dawn',
    storeDescription: 'A family bakery since 1952.',
    supportEmail: 'help@boulangerie.example',
    phoneNumber: '+33 1 23 45 67 89',
    workingHours: 'Mon–Sat 7:00–19:00',
    primaryColor: '#AA3300',
    logo: 'https://cdn.example.com/logo.png',
  };

  it('answers /info with the store’s name, tagline, description and contacts', async () => {
    await setStore(store);
    await customerSays(s, '/info');
    expect(lastText()).toBe(
      [
        'La Boulangerie\nBread baked at dawn',
        'A family bakery since 1952.',
        'E-mail: help@boulangerie.example\nPhone: +33 1 23 45 67 89\nWorking hours: Mon–Sat 7:00–19:00',
      ].join('\n\n'),
    );
  });

  it('says the store’s category under its name in /info, in the bot’s language, and nothing for a general store', async () => {
    await setStore(store);
    const rename = (body: Record<string, unknown>) =>
      s.t.app.inject({
        method: 'PATCH',
        url: `${s.owner.base}/bot-details/${s.shop.id}`,
        headers: s.owner.auth,
        payload: body,
      });
    expect((await rename({ category: 'groceries' })).statusCode).toBe(200);
    await customerSays(s, '/info');
    expect(lastText()).toMatch(/^La Boulangerie\n🏷 Groceries\nBread baked at dawn\n/);

    await setBot({ language: 'fr' });
    await customerSays(s, '/info');
    expect(lastText()).toMatch(/^La Boulangerie\n🏷 Épicerie\n/);

    expect((await rename({ category: 'general' })).statusCode).toBe(200);
    await customerSays(s, '/info');
    expect(lastText()).toMatch(/^La Boulangerie\nBread baked at dawn\n/);
  });

  it('greets /start with the store’s name and tagline above the welcome message', async () => {
    await setStore(store);
    await customerSays(s, '/start');
    expect(lastText()).toBe('La Boulangerie\nBread baked at dawn\n\nHello and welcome to the Corner Shop!');
  });

  it('shows the store in the Mini App: its name, tagline, logo and colours', async () => {
    await setStore(store);
    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.store).toMatchObject({
      name: 'La Boulangerie',
      tagline: 'Bread baked at dawn',
      logo: 'https://cdn.example.com/logo.png',
      primaryColor: '#AA3300',
      supportEmail: 'help@boulangerie.example',
    });
  });

  it('shows the store’s banner and secondary colour in the Mini App', async () => {
    await setStore({ ...store, banner: 'https://cdn.example.com/banner.jpg', secondaryColor: '#FFEEDD' });
    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.store).toMatchObject({
      banner: 'https://cdn.example.com/banner.jpg',
      secondaryColor: '#FFEEDD',
    });
  });

  it('gives the store’s website and address in /info and the Mini App’s About', async () => {
    await setStore({ ...store, website: 'https://boulangerie.example', address: '1 rue du Pain, Paris' });
    await customerSays(s, '/info');
    expect(lastText()).toContain('Website: https://boulangerie.example\nAddress: 1 rue du Pain, Paris');
    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.store).toMatchObject({
      website: 'https://boulangerie.example',
      address: '1 rue du Pain, Paris',
    });
  });

  it('gives the business e-mail as the contact when the store has no support e-mail', async () => {
    await setStore({ ...store, supportEmail: '', businessEmail: 'owner@boulangerie.example' });
    await customerSays(s, '/info');
    expect(lastText()).toContain('E-mail: owner@boulangerie.example');
    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.store.supportEmail).toBe('owner@boulangerie.example');
  });

  it('answers the welcome’s contact-support button with the store’s support contacts', async () => {
    await setStore(store);
    await customerTaps(s, 'support');
    expect(lastText()).toBe(
      'How to reach La Boulangerie:\nE-mail: help@boulangerie.example\nPhone: +33 1 23 45 67 89\nWorking hours: Mon–Sat 7:00–19:00',
    );
  });

  it('gives the store’s contacts with the order placed', async () => {
    await setStore(store);
    const loaf = await sell();
    await customerTaps(s, `ca:${loaf.id}`);
    await customerTaps(s, 'co:p');
    const [order] = await s.t.database.db.select().from(orders).where(eq(orders.botId, s.shop.id));
    expect(sentTo(s, ANN.id).map((m) => m.text)).toContain(
      `Order #${order?.number}: $10.00. It is reserved for you for 15 minutes while you pay.\n\nQuestions about your order?\nE-mail: help@boulangerie.example\nPhone: +33 1 23 45 67 89`,
    );
  });

  it('opens the shop’s Mini App from the welcome’s open_mini_app button', async () => {
    const res = await s.t.app.inject({
      method: 'PUT',
      url: `${s.owner.base}/bots/${s.shop.id}/welcome`,
      headers: s.owner.auth,
      payload: { text: 'Hi!', buttons: [{ id: 'b1', text: 'Open the shop', action: 'open_mini_app' }] },
    });
    expect(res.statusCode).toBe(200);
    await customerSays(s, '/start');
    const markup = sentTo(s, ANN.id).at(-1)?.reply_markup as {
      inline_keyboard: { text: string; web_app?: { url: string } }[][];
    };
    expect(markup.inline_keyboard[0]?.[0]).toEqual({
      text: 'Open the shop',
      web_app: { url: new URL(`/shop/${s.shop.id}`, s.t.config.publicUrl).toString() },
    });
  });

  it('understands /catalog as /catalogue', async () => {
    await sell();
    await customerSays(s, '/catalog');
    expect(lastText()).toBe('Choose a category');
  });
});

describe('tax on a product', () => {
  async function checkOut(productId: string, quantity = 2) {
    await customerTaps(s, `ca:${productId}`);
    for (let i = 1; i < quantity; i++) await customerTaps(s, `c+:${productId}`);
    await customerTaps(s, 'co:p');
    const [order] = await s.t.database.db.select().from(orders).where(eq(orders.botId, s.shop.id));
    if (!order) throw new Error('no order placed');
    const res = await s.t.app.inject({
      method: 'GET',
      url: `${s.owner.base}/orders/${order.id}`,
      headers: s.owner.auth,
    });
    return { order, detail: res.json<OrderDetail>() };
  }

  it('adds an exclusive tax to the checkout total, says so to the customer and shows it on the order', async () => {
    const loaf = await sell('Sourdough loaf', 'physical', { taxRate: 10 });
    const { order, detail } = await checkOut(loaf.id);

    expect(order.totalMinor).toBe(2200);
    expect(sentTo(s, ANN.id).map((m) => m.text)).toContain(
      `Order #${order.number}: $22.00. It is reserved for you for 15 minutes while you pay.\nTax added: $2.00`,
    );
    expect(detail.amount).toBe(2200);
    expect(detail.taxTotal).toBe(200);
    expect(detail.products).toEqual([
      expect.objectContaining({
        price: 1000,
        quantity: 2,
        total: 2000,
        taxRate: 10,
        tax: 200,
        taxIncluded: false,
      }),
    ]);
  });

  it('shows an inclusive tax without adding it', async () => {
    const loaf = await sell('Sourdough loaf', 'physical', { taxRate: 10, taxInclusive: true });
    const { order, detail } = await checkOut(loaf.id, 1);

    expect(order.totalMinor).toBe(1000);
    expect(sentTo(s, ANN.id).map((m) => m.text)).toContain(
      `Order #${order.number}: $10.00. It is reserved for you for 15 minutes while you pay.\nTax included in the prices: $0.91`,
    );
    expect(detail.taxTotal).toBe(91);
    expect(detail.products[0]).toMatchObject({ tax: 91, taxIncluded: true });
  });

  it('refuses a tax rate outside 0–100', async () => {
    const category = await createCategory(s.t.app, s.owner, 'Bread', []);
    const res = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/products`,
      headers: s.owner.auth,
      payload: productBody('physical', category.id, { taxRate: 120 }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('policies and FAQs in the shop', () => {
  const write = async (method: 'PUT' | 'POST', path: string, payload: object) => {
    const res = await s.t.app.inject({
      method,
      url: `${s.owner.base}${path}`,
      headers: s.owner.auth,
      payload,
    });
    expect(res.statusCode).toBeLessThan(300);
    return res.json();
  };

  it('answers /terms with the store’s terms, and says when it has none', async () => {
    await customerSays(s, '/terms');
    expect(lastText()).toBe('Corner Shop has not published its terms yet.');
    await write('PUT', '/policies/terms', { content: 'Orders are final once shipped.' });
    await customerSays(s, '/terms');
    expect(lastText()).toBe('Orders are final once shipped.');
  });

  it('answers /terms with the bot’s own terms when it has them, else the vendor’s', async () => {
    await write('PUT', '/policies/terms', { content: 'Terms for every shop.' });
    await write('PUT', `/policies/terms`, { botId: s.shop.id, content: 'Terms of the Corner Shop.' });
    await customerSays(s, '/terms');
    expect(lastText()).toBe('Terms of the Corner Shop.');

    // Emptied, the bot's own version gives way to the vendor's.
    await write('PUT', `/policies/terms`, { botId: s.shop.id, content: '' });
    await customerSays(s, '/terms');
    expect(lastText()).toBe('Terms for every shop.');
  });

  it('answers /privacy with the store’s privacy policy, and says when it has none', async () => {
    await customerSays(s, '/privacy');
    expect(lastText()).toBe('Corner Shop has not published its privacy policy yet.');
    await write('PUT', '/policies/privacy', { content: 'We keep your address only to ship your order.' });
    await customerSays(s, '/privacy');
    expect(lastText()).toBe('We keep your address only to ship your order.');
  });

  it('lists the policies it wrote under /info, each button opening its text', async () => {
    await write('PUT', '/policies/privacy', { content: 'We keep your address only to ship your order.' });
    await write('PUT', '/policies/shipping', { content: 'Ships within 2 days.' });
    await customerSays(s, '/info');
    const info = sentTo(s, ANN.id).at(-1);
    expect(info?.text).toBe('Corner Shop\n\nOur policies:');
    expect(info?.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Privacy policy', callback_data: 'policy:privacy' }],
        [{ text: 'Shipping policy', callback_data: 'policy:shipping' }],
      ],
    });
    await customerTaps(s, 'policy:shipping');
    expect(lastText()).toBe('Shipping policy\n\nShips within 2 days.');
  });

  it('gives the shipping policy with an order of goods that ship, and not with a digital one', async () => {
    await write('PUT', '/policies/shipping', { content: 'Ships within 2 days.' });
    const loaf = await sell();
    await customerTaps(s, `ca:${loaf.id}`);
    await customerTaps(s, 'co:p');
    const placed = () =>
      sentTo(s, ANN.id)
        .map((m) => String(m.text))
        .filter((text) => text.startsWith('Order #'));
    expect(placed().at(-1)).toContain('\n\nShipping policy:\nShips within 2 days.');
    const key = await sell('Game key', 'key');
    await customerTaps(s, `ca:${key.id}`);
    await customerTaps(s, 'co:d');
    expect(placed()).toHaveLength(2);
    expect(placed().at(-1)).not.toContain('Shipping policy');
  });

  it('shows the policies it wrote in the Mini App, the bot’s own else the vendor’s', async () => {
    await write('PUT', '/policies/shipping', { content: 'Ships within 2 days.' });
    await write('PUT', '/policies/terms', { content: 'Terms for every shop.' });
    await write('PUT', `/policies/terms?botId=${s.shop.id}`, { content: 'Terms of the Corner Shop.' });
    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.policies).toEqual([
      { id: 'terms', text: 'Terms of the Corner Shop.' },
      { id: 'shipping', text: 'Ships within 2 days.' },
    ]);
  });

  it('lists the bot’s own FAQs when it has a list of its own, in the chat and the Mini App', async () => {
    await write('POST', '/faqs', { question: 'Open on Sundays?', answer: 'No.' });
    const own = await write('POST', `/faqs`, {
      botId: s.shop.id,
      question: 'Parking?',
      answer: 'Behind the shop.',
    });

    await customerSays(s, '/faq');
    const buttons = JSON.stringify(sentTo(s, ANN.id).at(-1)?.reply_markup);
    expect(buttons).toContain(`faq:${own.id}`);
    expect(buttons).not.toContain('Open on Sundays?');
    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.faqs.map((f) => f.question)).toEqual(['Parking?']);
  });

  it('lists the FAQs as buttons in the chat, each opening its answer', async () => {
    const faq = await write('POST', '/faqs', { question: 'Do you ship abroad?', answer: 'Yes, to the EU.' });
    await customerSays(s, '/faq');
    expect(lastText()).toBe('Frequently asked questions');
    await customerTaps(s, `faq:${faq.id}`);
    expect(lastText()).toBe('Do you ship abroad?\n\nYes, to the EU.');
  });

  it('shows the FAQs in the Mini App', async () => {
    await write('POST', '/faqs', { question: 'Gift wrap?', answer: 'On request.' });
    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.faqs).toEqual([
      expect.objectContaining({ question: 'Gift wrap?', answer: 'On request.' }),
    ]);
  });

  it('gives the refund policy with the order placed at checkout', async () => {
    await write('PUT', '/policies/refunds', { content: 'Refunds within 30 days.' });
    const loaf = await sell();
    await customerTaps(s, `ca:${loaf.id}`);
    await customerTaps(s, 'co:p');
    const [order] = await s.t.database.db.select().from(orders).where(eq(orders.botId, s.shop.id));
    expect(sentTo(s, ANN.id).map((m) => m.text)).toContain(
      `Order #${order?.number}: $10.00. It is reserved for you for 15 minutes while you pay.\n\nRefund policy:\nRefunds within 30 days.`,
    );
  });
});

describe('featured products', () => {
  it('come first in the shop’s catalogue, in the chat and the Mini App, marked in the Mini App', async () => {
    const featured = await sell('Star loaf', 'physical', { isFeatured: true });
    await sell('Newer loaf');
    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.products.map((p) => [p.name, p.isFeatured])).toEqual([
      ['Star loaf', true],
      ['Newer loaf', false],
    ]);
    await customerTaps(s, 'all');
    const buttons = JSON.stringify(sentTo(s, ANN.id).at(-1)?.reply_markup);
    expect(buttons.indexOf(featured.id)).toBeLessThan(buttons.indexOf('Newer loaf'));
  });
});
