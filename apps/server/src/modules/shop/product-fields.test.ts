import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaUpload } from '@app/contracts/media';
import type { CreateProductBody } from '@app/contracts/products';
import type { ShopCatalogue } from '@app/contracts/shop-catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, productBody } from '../../../test/factories';
import { makeImage, uploadTo } from '../../../test/media';
import { ANN, chatWith, customerTaps, type OpenShop, openShop, sentTo } from '../../../test/shop';
import { configureProvider } from '../../../test/shop-payments';
import { notifications, orders, products } from '../../db/schema/index';
import { EVENT_CONSUMERS } from '../../event-consumers';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { signInitData } from '../../lib/telegram/init-data';
import { dispatchPendingEvents } from '../events/events.dispatcher';

// Product fields the vendor sets on the product form, each acting in the shop: the chat, the Mini App, checkout.

let fake: FakeBotApi;
let s: OpenShop;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  // Uploaded photos are stored under the app's data folder.
  dataDir = await mkdtemp(join(tmpdir(), 'product-fields-'));
  s = await openShop(fake, { config: { dataDir } });
});
afterEach(async () => {
  await s.t.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function sell(extra: Partial<CreateProductBody> = {}) {
  const category = await createCategory(s.t.app, s.owner, `Bread ${Math.random()}`, []);
  const body = productBody('physical', category.id, {
    name: 'Sourdough loaf',
    price: 1000,
    stock: 10,
    botIds: [s.shop.id],
    ...extra,
  });
  return { body, product: await createProduct(s.t.app, s.owner, body) };
}

function miniApp(method: 'GET' | 'POST', path: string, payload?: object) {
  return s.t.app.inject({
    method,
    url: `/api/v1/shop/${s.shop.id}${path}`,
    headers: { authorization: `tma ${signInitData(ANN, s.shop.token)}` },
    ...(payload ? { payload } : {}),
  });
}

const screen = () => chatWith(s, ANN.id).at(-1);

async function placedOrders() {
  return s.t.database.db.select().from(orders).where(eq(orders.botId, s.shop.id));
}

const queuedKinds = async () => {
  await dispatchPendingEvents(s.t.database.db, EVENT_CONSUMERS);
  return (await s.t.database.db.select().from(notifications)).map((n) => n.kind);
};

describe('a product that does not track its inventory (trackInventory off)', () => {
  it('sells past zero stock: the cart takes it and checkout places the order', async () => {
    const { product: loaf } = await sell({ stock: 0, trackInventory: false });
    await customerTaps(s, `ca:${loaf.id}`);
    await customerTaps(s, `c+:${loaf.id}`);
    await customerTaps(s, 'co:p');

    const [order] = await placedOrders();
    expect(order?.totalMinor).toBe(2000);
    const [row] = await s.t.database.db.select().from(products).where(eq(products.id, loaf.id));
    expect(row?.stock).toBe(0);
  });

  it('can be added from the Mini App at zero stock', async () => {
    const { product: loaf } = await sell({ stock: 0, trackInventory: false });
    const res = await miniApp('POST', '/cart', { productId: loaf.id, quantity: 1 });
    expect(res.statusCode).toBe(200);
  });

  it('never raises a stock alert, even at zero stock', async () => {
    const { body, product: loaf } = await sell({ stock: 30, minStock: 10, trackInventory: false });
    for (const stock of [5, 0]) {
      const res = await s.t.app.inject({
        method: 'PUT',
        url: `${s.owner.base}/products/${loaf.id}`,
        headers: s.owner.auth,
        payload: { ...body, stock },
      });
      expect(res.statusCode).toBe(200);
    }
    const kinds = await queuedKinds();
    expect(kinds).not.toContain('stock_low');
    expect(kinds).not.toContain('stock_out');
  });
});

describe('a product priced in another currency than the bot’s', () => {
  it('is charged in its own currency: the order, the customer’s total and the invoice', async () => {
    await configureProvider(s.t, s.owner, s.shop.id, 'card', {
      providerToken: '284685063:TEST:card',
      currencies: ['EUR'],
    });
    const { product: loaf } = await sell({ currency: 'EUR' });
    await customerTaps(s, `ca:${loaf.id}`);
    await customerTaps(s, 'co:p');

    const [order] = await placedOrders();
    expect(order).toMatchObject({ currency: 'EUR', totalMinor: 1000 });
    expect(sentTo(s, ANN.id).map((m) => m.text)).toContain(
      `Order #${order?.number}: €10.00. It is reserved for you for 15 minutes while you pay.`,
    );
    await customerTaps(s, `offer:${order?.id}`);
    const [invoice] = fake.state.calls({ method: 'sendInvoice', token: s.shop.token });
    expect(invoice?.params).toMatchObject({
      currency: 'EUR',
      prices: [{ label: `Order #${order?.number}`, amount: 1000 }],
    });
  });
});

describe('the product card', () => {
  async function uploaded(): Promise<MediaUpload> {
    const res = await uploadTo(s.t.app, `${s.owner.base}/upload/image`, s.owner.auth, {
      name: 'loaf.png',
      data: await makeImage('png'),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(201);
    return res.json<MediaUpload>();
  }

  it('shows the product’s main photo above the chat card, and on the Mini App’s tile', async () => {
    const [first, main] = [await uploaded(), await uploaded()];
    const { product: loaf } = await sell({ imageIds: [first.id, main.id], mainImageId: main.id });

    await customerTaps(s, `product:${loaf.id}`);
    expect(screen()?.link_preview_options).toMatchObject({
      url: new URL(main.mediumUrl ?? '', s.t.config.publicUrl).toString(),
      show_above_text: true,
    });

    const catalogue = (await miniApp('GET', '/catalogue')).json<ShopCatalogue>();
    expect(catalogue.products[0]?.image).toBe(
      new URL(main.thumbnailUrl ?? '', s.t.config.publicUrl).toString(),
    );
  });

  it('gives the short description on the chat card', async () => {
    const { product: loaf } = await sell({ shortDescription: 'Slow-fermented for two days.' });
    await customerTaps(s, `product:${loaf.id}`);
    expect(screen()?.text).toContain('Slow-fermented for two days.');
  });
});
