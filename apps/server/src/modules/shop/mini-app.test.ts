import type { ShopCatalogue, ShopProduct } from '@app/contracts/shop-catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, createCategory, createProduct, fakeBot, productBody } from '../../../test/factories';
import { ANN, customerSays, lastTextTo, type OpenShop, openShop } from '../../../test/shop';
import { botSubscriptions, products } from '../../db/schema/index';
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

  it('filters by category and searches by name', async () => {
    const { bread } = await stock();
    const inBread = (await readCatalogue(`?categoryId=${bread.id}`)).json<ShopCatalogue>();
    expect(inBread.products.map((p) => p.name)).toEqual(['Sourdough loaf']);
    const found = (await readCatalogue('?search=tart')).json<ShopCatalogue>();
    expect(found.products.map((p) => p.name)).toEqual(['Lemon tart']);
  });

  it('finds a product by its brand, its barcode or one of its tags', async () => {
    const { bread } = await stock();
    await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', bread.id, {
        name: 'Rye loaf',
        price: 700,
        botIds: [s.shop.id],
        brand: 'Nordbakery',
        barcode: '4006381333931',
        tags: ['wholegrain', 'vegan'],
      }),
    );
    for (const query of ['nordbak', '4006381333931', 'vegan']) {
      const found = (await readCatalogue(`?search=${query}`)).json<ShopCatalogue>();
      expect(found.products.map((p) => p.name)).toEqual(['Rye loaf']);
    }
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

  it('asks for a product’s options before it goes in the cart, and says so in the catalogue', async () => {
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

describe("the shop's Mini App's product view", () => {
  const signed = () => ({ authorization: `tma ${signInitData(ANN, s.shop.token)}` });
  const view = (productId: string) =>
    s.t.app.inject({
      method: 'GET',
      url: `/api/v1/shop/${s.shop.id}/products/${productId}`,
      headers: signed(),
    });
  const add = (payload: { productId: string; variationId?: string; quantity?: number }) =>
    s.t.app.inject({ method: 'POST', url: `/api/v1/shop/${s.shop.id}/cart`, headers: signed(), payload });

  async function sell(extra: object) {
    const category = await createCategory(s.t.app, s.owner, 'Shirts', []);
    return createProduct(
      s.t.app,
      s.owner,
      productBody('physical', category.id, { name: 'Shirt', price: 2000, botIds: [s.shop.id], ...extra }),
    );
  }

  /** A shirt by size × colour: S/Red 2 left, S/Blue none, M/Blue 1 left at $3 more. */
  const shirt = () =>
    sell({
      physical: {
        variations: [
          { type: 'size', values: [{ value: 'S' }, { value: 'M' }] },
          { type: 'color', values: [{ value: 'Red' }, { value: 'Blue' }] },
        ],
        combinations: [
          { values: ['S', 'Red'], stock: 2 },
          { values: ['S', 'Blue'], stock: 0 },
          { values: ['M', 'Blue'], stock: 1, priceAdjustment: 300 },
        ],
      },
    });
  const comboId = (product: Awaited<ReturnType<typeof shirt>>, values: string) =>
    product.physical?.combinations.find((c) => c.values.join('/') === values)?.id ?? '';

  it('shows the product: its playable videos in the gallery, price and tax, description, rating, aftercare and how many one order takes', async () => {
    const knife = await sell({
      name: 'Bread knife',
      description: 'Forged steel.',
      stock: 10,
      taxRate: 10,
      taxInclusive: true,
      galleryAutoPlay: true,
      videos: ['https://cdn.example.test/knife.mp4', 'https://video-site.example.test/watch?v=knife'],
      physical: { maxPerOrder: 3, warranty: true, warrantyPeriod: '1 year', returnPolicy: '14 days, unused' },
    });
    await s.t.database.db
      .update(products)
      .set({ ratingSum: 9, reviewCount: 2 })
      .where(eq(products.id, knife.id));
    const res = await view(knife.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<ShopProduct>()).toMatchObject({
      name: 'Bread knife',
      price: 2000,
      currency: 'USD',
      taxRate: 10,
      taxInclusive: true,
      description: 'Forged steel.',
      media: [{ type: 'video', url: 'https://cdn.example.test/knife.mp4', thumbnailUrl: null }],
      autoPlay: true,
      rating: 4.5,
      reviewCount: 2,
      warranty: '1 year',
      returnPolicy: '14 days, unused',
      stockStatus: 'in_stock',
      max: 3,
      types: [],
      options: [],
    });
  });

  it('shows the compare-at price as the “was” price on the tile and in the view, with the brand and the country of origin', async () => {
    const knife = await sell({
      name: 'Bread knife',
      price: 2000,
      comparePrice: 2500,
      brand: 'Victorinox',
      physical: { countryOfOrigin: 'Switzerland' },
    });
    const tile = (await readCatalogue()).json<ShopCatalogue>().products.find((p) => p.id === knife.id);
    expect(tile?.comparePrice).toBe(2500);
    expect((await view(knife.id)).json<ShopProduct>()).toMatchObject({
      price: 2000,
      comparePrice: 2500,
      brand: 'Victorinox',
      countryOfOrigin: 'Switzerland',
    });
  });

  it('shows no “was” price when the compare-at price is not above the price', async () => {
    const knife = await sell({ name: 'Bread knife', price: 2000, comparePrice: 1500 });
    const tile = (await readCatalogue()).json<ShopCatalogue>().products.find((p) => p.id === knife.id);
    expect(tile?.comparePrice).toBeNull();
    expect((await view(knife.id)).json<ShopProduct>().comparePrice).toBeNull();
  });

  it("lists a digital product's features in its view", async () => {
    const category = await createCategory(s.t.app, s.owner, 'Guides', []);
    const guide = await createProduct(
      s.t.app,
      s.owner,
      productBody('digital', category.id, {
        botIds: [s.shop.id],
        digital: {
          digitalType: 'downloadable',
          downloadUrl: 'https://files.example.test/guide.pdf',
          features: ['120 recipes', 'Printable shopping lists'],
        },
      }),
    );
    expect((await view(guide.id)).json<ShopProduct>().features).toEqual([
      '120 recipes',
      'Printable shopping lists',
    ]);
  });

  it('shows no warranty nor return policy for a product without them', async () => {
    const plain = await sell({ name: 'Plain tee', stock: 5 });
    expect((await view(plain.id)).json<ShopProduct>()).toMatchObject({ warranty: null, returnPolicy: null });
  });

  it('offers only the size × colour combinations in stock, each with its price adjustment', async () => {
    const product = await shirt();
    const { types, options, max } = (await view(product.id)).json<ShopProduct>();
    expect(types).toEqual(['size', 'color']);
    expect(max).toBe(0);
    expect(options).toEqual([
      { id: comboId(product, 'S/Red'), values: ['S', 'Red'], priceAdjustment: 0, max: 2 },
      { id: comboId(product, 'M/Blue'), values: ['M', 'Blue'], priceAdjustment: 300, max: 1 },
    ]);
  });

  it('puts the chosen combination in the cart, the chosen quantity at its own price, as the chat’s cart shows', async () => {
    const product = await shirt();
    const res = await add({ productId: product.id, variationId: comboId(product, 'S/Red'), quantity: 2 });
    expect(res.json()).toEqual({ quantity: 2, cartCount: 2 });
    const other = await add({ productId: product.id, variationId: comboId(product, 'M/Blue') });
    // The product's units in the cart: its two combinations together.
    expect(other.json()).toEqual({ quantity: 3, cartCount: 3 });

    await customerSays(s, '/cart');
    expect(lastTextTo(s, ANN.id)).toBe(
      '🛒 Your cart\n\nShirt (S / Red) × 2 = $40.00\nShirt (M / Blue) × 1 = $23.00\n\nTotal: $63.00',
    );
  });

  it('refuses a sold-out combination, an unknown one, and a product with options without one', async () => {
    const product = await shirt();
    const soldOut = await add({ productId: product.id, variationId: comboId(product, 'S/Blue') });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.code).toBe('CART_SOLD_OUT');
    const unknown = await add({ productId: product.id, variationId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('CART_OPTION_NOT_FOUND');
    const none = await add({ productId: product.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('CART_OPTIONS_NEEDED');
  });

  it('never adds more than one order takes (maxPerOrder), and says how many that is', async () => {
    const product = await sell({ stock: 50, physical: { maxPerOrder: 3 } });
    const refused = await add({ productId: product.id, quantity: 4 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CART_LIMIT_REACHED', details: { max: 3 } });
    expect((await add({ productId: product.id, quantity: 3 })).json()).toEqual({ quantity: 3, cartCount: 3 });
  });

  it('answers not found for a product the bot does not sell, or a draft', async () => {
    const category = await createCategory(s.t.app, s.owner, 'Hidden', []);
    const draft = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', category.id, { name: 'Draft', botIds: [s.shop.id], status: 'draft' }),
    );
    expect((await view(draft.id)).statusCode).toBe(404);
    expect((await view('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
