import type { ShopCatalogue } from '@app/contracts/shop-catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, createCategory, createProduct, fakeBot, productBody } from '../../../test/factories';
import { ANN, customerSays, lastTextTo, type OpenShop, openShop } from '../../../test/shop';
import { botSubscriptions } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { signInitData } from '../../lib/telegram/init-data';

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

/** The shop's Mini App asks for its catalogue, signed in with init data that `token` signed for Ann. */
function readCatalogue(query = '', token = s.shop.token, botId = s.shop.id) {
  return s.t.app.inject({
    method: 'GET',
    url: `/api/v1/shop/${botId}/catalogue${query}`,
    headers: { authorization: `tma ${signInitData(ANN, token)}` },
  });
}

async function stock() {
  const bread = await createCategory(s.t.app, s.owner, 'Bread', []);
  const cakes = await createCategory(s.t.app, s.owner, 'Cakes', []);
  const loaf = await createProduct(
    s.t.app,
    s.owner,
    productBody('physical', bread.id, { name: 'Sourdough loaf', price: 650, botIds: [s.shop.id] }),
  );
  const tart = await createProduct(
    s.t.app,
    s.owner,
    productBody('physical', cakes.id, { name: 'Lemon tart', price: 900, botIds: [s.shop.id] }),
  );
  await createProduct(
    s.t.app,
    s.owner,
    productBody('physical', cakes.id, { name: 'Secret cake', price: 900, status: 'draft' }),
  );
  return { bread, loaf, tart };
}

describe("the shop's Mini App", () => {
  it('shows the customer the shop, its categories and the active products sold through its bot', async () => {
    await stock();
    const res = await readCatalogue();
    expect(res.statusCode).toBe(200);
    const catalogue = res.json<ShopCatalogue>();
    expect(catalogue.shop).toEqual({ name: 'Corner Shop', username: s.shop.username, language: 'en' });
    expect(catalogue.categories.map((c) => c.name)).toEqual(['Bread', 'Cakes']);
    expect(catalogue.products.map((p) => [p.name, p.price, p.currency])).toEqual(
      expect.arrayContaining([
        ['Sourdough loaf', 650, 'USD'],
        ['Lemon tart', 900, 'USD'],
      ]),
    );
    expect(catalogue.products.map((p) => p.name)).not.toContain('Secret cake');
  });

  it("never shows another bot's products", async () => {
    await stock();
    const other = fakeBot(fake);
    const otherBot = await createBot(s.t.app, s.owner, {
      botToken: other.token,
      botName: 'Other',
      plan: 'PRO',
    });
    const res = await readCatalogue('', other.token, otherBot.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<ShopCatalogue>().products).toEqual([]);
  });

  it('shows a physical product’s warranty and return policy on its tile, and nothing for one without', async () => {
    const { bread } = await stock();
    await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', bread.id, {
        name: 'Bread knife',
        price: 2500,
        botIds: [s.shop.id],
        physical: { warranty: true, warrantyPeriod: '1 year', returnPolicy: '14 days, unused' },
      }),
    );
    const products = (await readCatalogue()).json<ShopCatalogue>().products;
    expect(products.find((p) => p.name === 'Bread knife')).toMatchObject({
      warranty: '1 year',
      returnPolicy: '14 days, unused',
    });
    expect(products.find((p) => p.name === 'Sourdough loaf')).toMatchObject({
      warranty: null,
      returnPolicy: null,
    });
  });

  it('filters by category and searches by name', async () => {
    const { bread } = await stock();
    const inBread = (await readCatalogue(`?categoryId=${bread.id}`)).json<ShopCatalogue>();
    expect(inBread.products.map((p) => p.name)).toEqual(['Sourdough loaf']);
    const found = (await readCatalogue('?search=tart')).json<ShopCatalogue>();
    expect(found.products.map((p) => p.name)).toEqual(['Lemon tart']);
  });

  it("refuses init data that the bot did not sign (the platform bot's, say)", async () => {
    const res = await readCatalogue('', s.t.config.platformBotToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INIT_DATA_INVALID');
  });

  it('refuses a call without init data', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/v1/shop/${s.shop.id}/catalogue` });
    expect(res.statusCode).toBe(401);
  });

  it('says the shop is closed for now once its subscription has run out', async () => {
    await s.t.database.db
      .update(botSubscriptions)
      .set({ status: 'expired' })
      .where(eq(botSubscriptions.botId, s.shop.id));
    const res = await readCatalogue();
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'SHOP_CLOSED', message: 'This shop is closed for now' });
  });

  it('says a stopped shop is closed for now', async () => {
    const stopped = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/bots/${s.shop.id}/stop`,
      headers: s.owner.auth,
    });
    expect(stopped.statusCode).toBe(200);
    const res = await readCatalogue();
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SHOP_CLOSED');
  });

  it('answers an unknown bot as it answers a wrong signature, so it tells nobody which bots exist', async () => {
    const unknown = await readCatalogue('', s.shop.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(401);
    expect((await readCatalogue('', s.shop.token, 'not-a-bot')).statusCode).toBe(401);
  });
});

describe("the shop's Mini App's cart", () => {
  function add(productId: string) {
    return s.t.app.inject({
      method: 'POST',
      url: `/api/v1/shop/${s.shop.id}/cart`,
      headers: { authorization: `tma ${signInitData(ANN, s.shop.token)}` },
      payload: { productId },
    });
  }

  it('adds to the customer’s cart, the same one as in the chat, and counts it on the catalogue', async () => {
    const { loaf } = await stock();
    expect((await add(loaf.id)).json()).toEqual({ quantity: 1, cartCount: 1 });
    expect((await add(loaf.id)).json()).toEqual({ quantity: 2, cartCount: 2 });
    expect((await readCatalogue()).json<ShopCatalogue>().cartCount).toBe(2);

    await customerSays(s, '/cart');
    expect(lastTextTo(s, ANN.id)).toBe('🛒 Your cart\n\nSourdough loaf × 2 = $13.00\n\nTotal: $13.00');
  });

  it('keeps both of two first adds made at once (the session is created before it is locked)', async () => {
    const { loaf, tart } = await stock();
    await Promise.all([add(loaf.id), add(tart.id)]);
    expect((await readCatalogue()).json<ShopCatalogue>().cartCount).toBe(2);
  });

  it('offers Add for what can go in a cart now: in stock, or sold on backorder', async () => {
    const category = await createCategory(s.t.app, s.owner, 'Shelf', []);
    const sell = (name: string, extra: object) =>
      createProduct(
        s.t.app,
        s.owner,
        productBody('physical', category.id, { name, price: 650, botIds: [s.shop.id], ...extra }),
      );
    await sell('In stock', { stock: 5 });
    await sell('Sold out', { stock: 0 });
    await sell('On backorder', { stock: 0, allowBackorder: true });
    const { products } = (await readCatalogue(`?categoryId=${category.id}`)).json<ShopCatalogue>();
    const canAdd = Object.fromEntries(products.map((p) => [p.name, p.canAdd]));
    expect(canAdd).toEqual({ 'In stock': true, 'Sold out': false, 'On backorder': true });
  });

  it('never adds past what one order can take, and says how many that is', async () => {
    const category = await createCategory(s.t.app, s.owner, 'Last ones', []);
    const last = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', category.id, { name: 'Last loaf', price: 650, stock: 1, botIds: [s.shop.id] }),
    );
    expect((await add(last.id)).statusCode).toBe(200);
    const refused = await add(last.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CART_LIMIT_REACHED', details: { max: 1 } });
  });

  it('leaves a product with options to its card in the chat, and says so in the catalogue', async () => {
    const category = await createCategory(s.t.app, s.owner, 'Shirts', []);
    const shirt = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', category.id, {
        name: 'Shirt',
        price: 2000,
        botIds: [s.shop.id],
        physical: { variations: [{ type: 'size', values: [{ value: 'S', stock: 3 }] }] },
      }),
    );
    const listed = (await readCatalogue()).json<ShopCatalogue>().products.find((p) => p.id === shirt.id);
    expect(listed).toMatchObject({ hasOptions: true, canAdd: false });
    const refused = await add(shirt.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CART_OPTIONS_NEEDED');
  });

  it("refuses a product the bot does not sell, and another bot's customer", async () => {
    const { loaf } = await stock();
    const other = fakeBot(fake);
    const otherBot = await createBot(s.t.app, s.owner, {
      botToken: other.token,
      botName: 'Other',
      plan: 'PRO',
    });
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/shop/${otherBot.id}/cart`,
      headers: { authorization: `tma ${signInitData(ANN, other.token)}` },
      payload: { productId: loaf.id },
    });
    expect(res.statusCode).toBe(404);
    const forged = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/shop/${s.shop.id}/cart`,
      headers: { authorization: `tma ${signInitData(ANN, other.token)}` },
      payload: { productId: loaf.id },
    });
    expect(forged.statusCode).toBe(401);
  });
});
