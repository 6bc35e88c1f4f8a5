import type { ShopCatalogue } from '@app/contracts/shop-catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botSubscriptions } from '../../db/schema/index';
import { createBot, fakeBot } from '../../modules/bots/test-helpers';
import { createCategory, createProduct, productBody } from '../../modules/products/test-helpers';
import { type FakeBotApi, startFakeBotApi } from '../fake-bot-api/server';
import { signInitData } from '../init-data';
import { ANN, type OpenShop, openShop } from './test-helpers';

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
