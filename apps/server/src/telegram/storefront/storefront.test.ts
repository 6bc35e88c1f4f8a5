import type { Bot } from '@app/contracts/bots';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, signIn, type TestApp } from '../../../test/harness';
import { botSubscriptions } from '../../db/schema/index';
import { createBot, fakeBot, startApp, type Vendor } from '../../modules/bots/test-helpers';
import { createCategory, createProduct, productBody } from '../../modules/products/test-helpers';
import { type FakeBotApi, startFakeBotApi } from '../fake-bot-api/server';
import type { InitDataUser } from '../init-data';
import { createStorefront } from './storefront';

const PLATFORM_USERNAME = 'botshop_platform_bot';

let fake: FakeBotApi;
let t: TestApp;
let owner: Vendor;
let ownerUser: InitDataUser;
let shop: Bot & { token: string };

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());

beforeEach(async () => {
  fake.state.reset();
  t = await startApp(fake);
  fake.state.registerBot({
    token: t.config.platformBotToken,
    username: PLATFORM_USERNAME,
    firstName: 'Platform',
  });
  const session = await signIn(t.app);
  ownerUser = session.user;
  owner = {
    vendorId: session.vendor.id,
    auth: bearer(session.accessToken),
    base: `/api/v1/vendors/${session.vendor.id}`,
  };
  const registered = fakeBot(fake);
  const bot = await createBot(t.app, owner, {
    botToken: registered.token,
    botName: 'Corner Shop',
    plan: 'PRO',
    welcomeMessage: 'Hello and welcome to the Corner Shop!',
  });
  shop = { ...bot, token: registered.token };
});
afterEach(() => t.app.close());

/** Sends a private text message to the shop bot as Telegram would, from `from`. */
async function customerSays(text: string, from = { id: 555_000_111, first_name: 'Ann' }) {
  const secret = fake.state.findBot(shop.token)?.webhook?.secret_token;
  const res = await t.app.inject({
    method: 'POST',
    url: `/telegram/webhook/${shop.id}`,
    headers: { 'x-telegram-bot-api-secret-token': secret ?? '' },
    payload: {
      update_id: Math.floor(Math.random() * 1e9),
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        from: { ...from, is_bot: false },
        text,
        ...(text.startsWith('/')
          ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length }] }
          : {}),
      },
    },
  });
  expect(res.statusCode).toBe(200);
}

/** The customer taps an inline button whose callback data is `data`. */
async function customerTaps(data: string, from = { id: 555_000_111, first_name: 'Ann' }) {
  const secret = fake.state.findBot(shop.token)?.webhook?.secret_token;
  const res = await t.app.inject({
    method: 'POST',
    url: `/telegram/webhook/${shop.id}`,
    headers: { 'x-telegram-bot-api-secret-token': secret ?? '' },
    payload: {
      update_id: Math.floor(Math.random() * 1e9),
      callback_query: {
        id: String(Math.floor(Math.random() * 1e9)),
        from: { ...from, is_bot: false },
        chat_instance: '1',
        data,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: from.id, type: 'private', first_name: from.first_name },
          text: 'earlier message',
        },
      },
    },
  });
  expect(res.statusCode).toBe(200);
}

/** What the shop bot sent to chat `chatId`, oldest first. */
function sentTo(chatId: number) {
  return fake.state
    .calls({ method: 'sendMessage', token: shop.token })
    .map((call) => call.params)
    .filter((params) => Number(params.chat_id) === chatId);
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
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${owner.base}/bots/${shop.id}/welcome`,
      headers: owner.auth,
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

  it('gives the vendor writing to their own bot a link into the back-office on this bot', async () => {
    await customerSays('/start', { id: ownerUser.id, first_name: ownerUser.first_name });
    const [reply] = sentTo(ownerUser.id);
    expect(JSON.stringify(reply?.reply_markup)).toContain(
      `https://t.me/${PLATFORM_USERNAME}?startapp=bot_${shop.id}`,
    );
  });

  it('says only that it is closed once its subscription has run out', async () => {
    // Before the expiry job has taken the webhook away, an update may still arrive.
    await t.database.db
      .update(botSubscriptions)
      .set({ status: 'expired' })
      .where(eq(botSubscriptions.botId, shop.id));
    await customerSays('/start');
    expect(sentTo(555_000_111).map((m) => m.text)).toEqual(['This shop is closed for now']);
  });
});

describe('starting a shop bot', () => {
  it('gives its chat the command menu in the bot’s language', async () => {
    const [call] = fake.state.calls({ method: 'setMyCommands', token: shop.token });
    expect(call?.params.commands).toEqual([
      { command: 'start', description: 'Open the shop' },
      { command: 'catalogue', description: 'Browse the catalogue' },
      { command: 'help', description: 'How to buy here' },
    ]);
    const german = fakeBot(fake);
    await createBot(t.app, owner, { botToken: german.token, botName: 'Laden', plan: 'PRO', language: 'de' });
    const [de] = fake.state.calls({ method: 'setMyCommands', token: german.token });
    expect(JSON.stringify(de?.params.commands)).toContain('Shop öffnen');
  });
});

describe('browsing the catalogue in the shop bot', () => {
  async function stock() {
    const bread = await createCategory(t.app, owner, 'Bread', []);
    const cakes = await createCategory(t.app, owner, 'Cakes', []);
    const sourdough = await createProduct(
      t.app,
      owner,
      productBody('physical', bread.id, { name: 'Sourdough loaf', price: 650, botIds: [shop.id] }),
    );
    const hidden = await createProduct(
      t.app,
      owner,
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

  it('never shows a draft product, even through a deep link', async () => {
    const { hidden } = await stock();
    await customerSays(`/start product_${hidden.id}`);
    expect(sentTo(555_000_111).map((m) => m.text)).toEqual(['This product is no longer available']);
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
});

describe('the shop runtime', () => {
  it('never throws to the webhook when reading the shop fails, and logs it', async () => {
    const logged: string[] = [];
    const storefront = createStorefront({
      apiRoot: fake.url,
      shopOf: () => Promise.reject(new Error('database down')),
      cacheClearedAt: async () => null,
      welcomeOf: async () => null,
      catalogue: {
        categories: async () => [],
        products: async () => ({ products: [], hasMore: false }),
        product: async () => null,
      },
      absoluteUrl: (path) => path,
      isVendorMember: async () => false,
      backOfficeLink: async () => null,
      log: { warn: () => undefined, error: (_obj, msg) => logged.push(msg) },
    });
    await expect(storefront.handleUpdate('b', { update_id: 1 })).resolves.toBeUndefined();
    expect(logged).toEqual(['shop runtime failed']);
  });
});
