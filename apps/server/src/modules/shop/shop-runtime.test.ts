import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBot, createCategory, createProduct, fakeBot, productBody } from '../../../test/factories';
import {
  chatWith,
  customerTapsButton,
  idleStorefrontDeps,
  type OpenShop,
  openShop,
  PLATFORM_USERNAME,
  type Shopper,
  customerSays as says,
  sentTo as sent,
  customerTaps as taps,
} from '../../../test/shop';
import { botSubscriptions } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createSecrets } from '../../lib/secrets';
import { createBotApi } from '../../lib/telegram/bot-api';
import { refreshShopMenus } from '../bots/bot-lifecycle.service';
import { createStorefront } from './shop-runtime';

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

const customerSays = (text: string, from?: Shopper) => says(s, text, from);
const customerTaps = (data: string, from?: Shopper) => taps(s, data, from);
const sentTo = (chatId: number) => sent(s, chatId);

async function saveWelcome(text: string) {
  const saved = await s.t.app.inject({
    method: 'PUT',
    url: `${s.owner.base}/bots/${s.shop.id}/welcome`,
    headers: s.owner.auth,
    payload: { text, buttons: [] },
  });
  expect(saved.statusCode).toBe(200);
}

describe('the shop bot', () => {
  it("answers /start with the vendor's welcome message and a way into the catalogue", async () => {
    await customerSays('/start');
    const [reply] = sentTo(555_000_111);
    expect(reply?.text).toBe('Hello and welcome to the Corner Shop!');
    expect(JSON.stringify(reply?.reply_markup)).toContain('Browse the catalogue');
    expect(JSON.stringify(reply?.reply_markup)).not.toContain('startapp');
  });

  it('sends exactly the welcome message and quick-reply buttons the vendor saved', async () => {
    const saved = await s.t.app.inject({
      method: 'PUT',
      url: `${s.owner.base}/bots/${s.shop.id}/welcome`,
      headers: s.owner.auth,
      payload: {
        text: 'Fresh bread every morning.',
        buttons: [
          { id: 'b1', text: 'Our breads', action: 'open_catalog' },
          { id: 'b2', text: 'Opening hours', action: 'open_url', target: 'https://corner.example/hours' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    await customerSays('/start');
    const [reply] = sentTo(555_000_111);
    expect(reply?.text).toBe('Fresh bread every morning.');
    expect(reply?.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Our breads', callback_data: 'catalogue' }],
        [{ text: 'Opening hours', url: 'https://corner.example/hours' }],
      ],
    });
  });

  it("greets the customer by name where the vendor's welcome says {first_name}, and leaves unknown placeholders as written", async () => {
    await saveWelcome('Hi {first_name} {last_name}! Welcome to {shop}.');
    await customerSays('/start', { id: 555_000_111, first_name: 'Ann', last_name: 'Lee' });
    expect(sentTo(555_000_111)[0]?.text).toBe('Hi Ann Lee! Welcome to {shop}.');
  });

  it('gives the vendor writing to their own bot a link into the back-office on this bot', async () => {
    await customerSays('/start', { id: s.ownerUser.id, first_name: s.ownerUser.first_name });
    const [reply] = sentTo(s.ownerUser.id);
    expect(JSON.stringify(reply?.reply_markup)).toContain(
      `https://t.me/${PLATFORM_USERNAME}?startapp=bot_${s.shop.id}`,
    );
  });

  it('says only that it is closed once its subscription has run out', async () => {
    // Before the expiry job has taken the webhook away, an update may still arrive.
    await s.t.database.db
      .update(botSubscriptions)
      .set({ status: 'expired' })
      .where(eq(botSubscriptions.botId, s.shop.id));
    await customerSays('/start');
    expect(sentTo(555_000_111).map((m) => m.text)).toEqual(['This shop is closed for now']);
  });
});

describe('starting a shop bot', () => {
  it('gives its chat the command menu in the bot’s language', async () => {
    const [call] = fake.state.calls({ method: 'setMyCommands', token: s.shop.token });
    expect(call?.params.commands).toEqual([
      { command: 'start', description: 'Open the shop' },
      { command: 'catalogue', description: 'Browse the catalogue' },
      { command: 'help', description: 'How to buy here' },
    ]);
    const german = fakeBot(fake);
    await createBot(s.t.app, s.owner, {
      botToken: german.token,
      botName: 'Laden',
      plan: 'PRO',
      language: 'de',
    });
    const [de] = fake.state.calls({ method: 'setMyCommands', token: german.token });
    expect(JSON.stringify(de?.params.commands)).toContain('Shop öffnen');
  });

  it("gives its chat a menu button that opens the shop's Mini App, the bot's catalogue", async () => {
    const [call] = fake.state.calls({ method: 'setChatMenuButton', token: s.shop.token });
    expect(call?.params.menu_button).toEqual({
      type: 'web_app',
      text: 'Shop',
      web_app: { url: `${s.t.config.publicUrl}/shop/${s.shop.id}` },
    });
  });

  it('gives bots already running the menu at start-up (bots.refresh-menus)', async () => {
    fake.state.reset();
    const refreshed = await refreshShopMenus({
      db: s.t.database.db,
      botApi: createBotApi({ apiRoot: fake.url }),
      secrets: createSecrets(s.t.config.appSecret),
      publicUrl: s.t.config.publicUrl,
    });
    expect(refreshed).toBe(1);
    const [call] = fake.state.calls({ method: 'setChatMenuButton', token: s.shop.token });
    expect(call?.params.menu_button).toMatchObject({ type: 'web_app', text: 'Shop' });
  });

  it('gives Telegram the bot’s description when it is saved, and again when the bot starts', async () => {
    const saved = await s.t.app.inject({
      method: 'PATCH',
      url: `${s.owner.base}/bot-details/${s.shop.id}`,
      headers: s.owner.auth,
      payload: { description: 'Fresh bread every morning, delivered.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(fake.state.findBot(s.shop.token)?.descriptions.get('')).toBe(
      'Fresh bread every morning, delivered.',
    );
    fake.state.findBot(s.shop.token)?.descriptions.clear();
    for (const step of ['stop', 'start']) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: `${s.owner.base}/bots/${s.shop.id}/${step}`,
        headers: s.owner.auth,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(fake.state.findBot(s.shop.token)?.descriptions.get('')).toBe(
      'Fresh bread every morning, delivered.',
    );
  });

  it('takes the Mini App off the menu button when the bot stops', async () => {
    const stopped = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/bots/${s.shop.id}/stop`,
      headers: s.owner.auth,
    });
    expect(stopped.statusCode).toBe(200);
    const last = fake.state.calls({ method: 'setChatMenuButton', token: s.shop.token }).at(-1);
    expect(last?.params.menu_button).toEqual({ type: 'default' });
  });
});

describe('browsing the catalogue in the shop bot', () => {
  async function stock() {
    const bread = await createCategory(s.t.app, s.owner, 'Bread', []);
    const cakes = await createCategory(s.t.app, s.owner, 'Cakes', []);
    const sourdough = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', bread.id, { name: 'Sourdough loaf', price: 650, botIds: [s.shop.id] }),
    );
    const hidden = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', cakes.id, { name: 'Secret cake', price: 900, status: 'draft' }),
    );
    return { bread, cakes, sourdough, hidden };
  }

  it('lists the categories that have products, and a category lists its products with prices', async () => {
    const { bread } = await stock();
    await customerTaps('catalogue');
    const [menu] = sentTo(555_000_111);
    expect(menu?.text).toBe('Choose a category');
    expect(JSON.stringify(menu?.reply_markup)).toContain(`cat:${bread.id}`);

    await customerTaps(`cat:${bread.id}`);
    const [, list] = sentTo(555_000_111);
    expect(JSON.stringify(list?.reply_markup)).toContain('Sourdough loaf · $6.50');
  });

  it('opens a product from a deep link, with its price and stock', async () => {
    const { sourdough } = await stock();
    await customerSays(`/start product_${sourdough.id}`);
    const [card] = sentTo(555_000_111);
    expect(card?.text).toBe('Sourdough loaf\n\n$6.50\n\nIn stock');
  });

  it('shows a physical product’s warranty and return policy on its card', async () => {
    const bread = await createCategory(s.t.app, s.owner, 'Kitchen', []);
    const kettle = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', bread.id, {
        name: 'Kettle',
        price: 3000,
        botIds: [s.shop.id],
        physical: {
          warranty: true,
          warrantyPeriod: '2 years',
          returnPolicy: 'Returns within 30 days, unused',
        },
      }),
    );
    await customerSays(`/start product_${kettle.id}`);
    const [card] = sentTo(555_000_111);
    expect(card?.text).toBe(
      'Kettle\n\n$30.00\n\nIn stock\n\n🛡 Warranty: 2 years\n\n↩️ Returns: Returns within 30 days, unused',
    );
  });

  it('shows the compare-at price as the “was” price, the brand and the country of origin on its card', async () => {
    const kitchen = await createCategory(s.t.app, s.owner, 'Kitchen', []);
    const kettle = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', kitchen.id, {
        name: 'Kettle',
        price: 3000,
        comparePrice: 4000,
        brand: 'Smeg',
        botIds: [s.shop.id],
        physical: { countryOfOrigin: 'Italy' },
      }),
    );
    await customerSays(`/start product_${kettle.id}`);
    const [card] = sentTo(555_000_111);
    expect(card?.text).toBe('Kettle\n\n$30.00 (was $40.00)\n\nBrand: Smeg\n\nIn stock\n\n🌍 Made in Italy');
  });

  it('shows no “was” price when the compare-at price is not above the price', async () => {
    const kitchen = await createCategory(s.t.app, s.owner, 'Kitchen', []);
    const kettle = await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', kitchen.id, {
        name: 'Kettle',
        price: 3000,
        comparePrice: 3000,
        botIds: [s.shop.id],
      }),
    );
    await customerSays(`/start product_${kettle.id}`);
    expect(sentTo(555_000_111)[0]?.text).toBe('Kettle\n\n$30.00\n\nIn stock');
  });

  it('never shows a draft product, even through a deep link', async () => {
    const { hidden } = await stock();
    await customerSays(`/start product_${hidden.id}`);
    expect(sentTo(555_000_111).map((m) => m.text)).toEqual(['This product is no longer available']);
  });

  it('browses in one message: each tap shows the next screen in the message tapped', async () => {
    const { bread, sourdough } = await stock();
    await customerSays('/catalogue');
    await customerTapsButton(s, `cat:${bread.id}`);
    await customerTapsButton(s, `product:${sourdough.id}`);

    const chat = chatWith(s, 555_000_111);
    expect(chat).toHaveLength(1);
    expect(chat[0]?.text).toBe('Sourdough loaf\n\n$6.50\n\nIn stock');
    await customerTapsButton(s, `cat:${bread.id}`);
    expect(chatWith(s, 555_000_111).map((m) => m.text)).toEqual(['Choose a product']);
  });

  it('searches the products when the customer writes text', async () => {
    await stock();
    await customerSays('sourdough');
    const [results] = sentTo(555_000_111);
    expect(results?.text).toBe('Found for “sourdough”');
    expect(JSON.stringify(results?.reply_markup)).toContain('Sourdough loaf');
    await customerSays('croissant');
    expect(sentTo(555_000_111)[1]?.text).toBe('Nothing found for “croissant”');
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
      await customerSays(query);
      const results = sentTo(555_000_111).at(-1);
      expect(results?.text).toBe(`Found for “${query}”`);
      expect(JSON.stringify(results?.reply_markup)).toContain('Rye loaf');
      expect(JSON.stringify(results?.reply_markup)).not.toContain('Sourdough loaf');
    }
  });
});

describe('the catalogue cache', () => {
  // Issue 25: a vendor's change drops the kept reads at once, in every server process (lib/vendor-changes.ts);
  // before, it showed after "clear cache" or the cache's time. "Clear cache" still rebuilds the bot.
  it('shows a catalogue change at once, and after "clear cache", when the shop keeps its reads', async () => {
    await s.t.app.close();
    s = await openShop(fake, { botName: 'Cached Shop', config: { shopCatalogueCacheMs: 60_000 } });
    const bread = await createCategory(s.t.app, s.owner, 'Bread', []);
    await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', bread.id, { name: 'Rye', price: 500, botIds: [s.shop.id] }),
    );
    await customerTaps('catalogue');

    const cakes = await createCategory(s.t.app, s.owner, 'Cakes', []);
    await createProduct(
      s.t.app,
      s.owner,
      productBody('physical', cakes.id, { name: 'Cheesecake', price: 900, botIds: [s.shop.id] }),
    );
    await customerTaps('catalogue');
    const kept = sentTo(555_000_111)[1];
    const cleared = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}/bots/${s.shop.id}/token/clear-cache`,
      headers: s.owner.auth,
      payload: {},
    });
    expect(cleared.statusCode).toBe(200);
    await customerTaps('catalogue');
    const fresh = sentTo(555_000_111)[2];

    expect(JSON.stringify(kept?.reply_markup)).toContain('Cakes');
    expect(JSON.stringify(fresh?.reply_markup)).toContain('Cakes');
  });
});

describe('the shop runtime', () => {
  it('never throws to the webhook when reading the shop fails, and logs it', async () => {
    const logged: string[] = [];
    const storefront = createStorefront(
      idleStorefrontDeps({
        apiRoot: fake.url,
        shopRuntimeOf: () => Promise.reject(new Error('database down')),
        log: { warn: () => undefined, error: (_obj, msg) => logged.push(msg) },
      }),
    );
    await expect(storefront.handleUpdate('b', { update_id: 1 })).resolves.toBeUndefined();
    expect(logged).toEqual(['shop runtime failed']);
  });

  it('answers a tap in the webhook’s answer, so only the message goes to Telegram over HTTP', async () => {
    const secret = fake.state.findBot(s.shop.token)?.webhook?.secret_token;
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/telegram/webhook/${s.shop.id}`,
      headers: { 'x-telegram-bot-api-secret-token': secret ?? '' },
      payload: {
        update_id: 7,
        callback_query: {
          id: 'tap-7',
          from: { id: 555_000_111, is_bot: false, first_name: 'Ann' },
          chat_instance: '1',
          data: 'catalogue',
          message: { message_id: 1, date: 0, chat: { id: 555_000_111, type: 'private' }, text: 'earlier' },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ method: 'answerCallbackQuery', callback_query_id: 'tap-7' });
    expect(fake.state.calls({ method: 'answerCallbackQuery', token: s.shop.token })).toEqual([]);
    expect(sentTo(555_000_111).map((m) => m.text)).toEqual(['Choose a category']);
  });
});
