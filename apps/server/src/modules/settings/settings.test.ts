import { BOT_MESSAGES, DEFAULT_WELCOME_MESSAGE } from '@app/contracts/bots';
import { FILTER_LISTS, SETTINGS_MESSAGES } from '@app/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBot,
  createCategory,
  createProduct,
  fakeBot,
  makeToken,
  productBody,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { hookedBotApi, startApp } from '../../../test/fake-telegram';
import { bearer, createTestApp, eventsOf, signIn, type TestApp, telegramUser } from '../../../test/harness';
import { telegramIdentities } from '../../db/schema/index';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { TelegramApiError } from '../../lib/telegram/bot-api';
import type { StaffGrant } from '../auth/actor-resolver';
import { PREDEFINED_WORDS } from './filter-matching';
import { createSettingsService } from './settings.service';

let fake: FakeBotApi;
let t: TestApp;
let v: Vendor;
let other: Vendor;
let failProviderCheck = false;

beforeAll(async () => {
  fake = await startFakeBotApi();
  const hooked = hookedBotApi(fake);
  // A provider token Telegram refuses: createInvoiceLink answers 400, as Telegram does.
  const botApi = {
    ...hooked.botApi,
    async call<T>(token: string, method: string, params?: Record<string, unknown>): Promise<T> {
      if (method === 'createInvoiceLink' && failProviderCheck) {
        throw new TelegramApiError(400, 'Bad Request: PAYMENT_PROVIDER_INVALID');
      }
      return hooked.botApi.call<T>(token, method, params);
    },
  };
  t = await startApp(fake, {}, { botApi });
  v = await vendor(t.app);
  other = await vendor(t.app);
});
afterAll(async () => {
  await t.app.close();
  await fake.close();
});

async function newBot(owner: Vendor = v) {
  const tg = fakeBot(fake);
  const bot = await createBot(t.app, owner, { botToken: tg.token, botName: 'Shop', plan: 'PRO' });
  return { bot, tg, url: `${owner.base}/bots/${bot.id}` };
}

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const inject = (method: Method, url: string, payload?: unknown, who: Vendor = v) =>
  t.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

async function expectInvalid(method: Method, url: string, payload: unknown, message: string) {
  const res = await inject(method, url, payload);
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
}

const service = () =>
  createSettingsService({ db: t.database.db, bots: undefined as never, secrets: undefined as never });

describe('store details', () => {
  it('opens store details never saved with the bot’s name as the store name', async () => {
    const { url } = await newBot();
    expect((await inject('GET', `${url}/store`)).json()).toMatchObject({ storeName: 'Shop' });
    // Something else saved first (the shipping settings) does not count as store details saved.
    await inject('PUT', `${url}/shipping/settings`, { trackingEnabled: true, freeShippingThreshold: '10' });
    expect((await inject('GET', `${url}/store`)).json()).toMatchObject({ storeName: 'Shop' });
  });

  it('saves the store details and answers them on the next read, with an event naming what changed', async () => {
    const { bot, url } = await newBot();
    const body = {
      storeName: 'Corner Shop',
      storeTagline: 'Fresh every day',
      primaryColor: '#112233',
      businessEmail: 'hello@corner.example',
      phoneNumber: '+1 (555) 010-2030',
      website: 'https://corner.example',
    };
    expect((await inject('PUT', `${url}/store`, body)).statusCode).toBe(200);
    const read = (await inject('GET', `${url}/store`)).json();
    expect(read).toMatchObject({ ...body, secondaryColor: '#FFFFFF', supportEmail: '' });
    const [event] = await eventsOf(t.database, v.vendorId, bot.id);
    expect(event).toMatchObject({ type: 'settings.updated', subjectKind: 'settings', subjectId: bot.id });
    expect(event?.payload).toMatchObject({ section: 'store' });
    expect(String(event?.payload.fields).split(',').sort()).toEqual(
      ['businessEmail', 'phoneNumber', 'primaryColor', 'storeName', 'storeTagline', 'website'].sort(),
    );
  });

  it.each([
    ['businessEmail', 'not-an-email', SETTINGS_MESSAGES.emailInvalid],
    ['supportEmail', 'a@b', SETTINGS_MESSAGES.emailInvalid],
    ['website', 'corner.example', SETTINGS_MESSAGES.urlInvalid],
    ['website', 'javascript:alert(1)', SETTINGS_MESSAGES.urlInvalid],
    ['primaryColor', 'blue', SETTINGS_MESSAGES.colorInvalid],
    ['secondaryColor', '#12345', SETTINGS_MESSAGES.colorInvalid],
    ['phoneNumber', 'call me', SETTINGS_MESSAGES.phoneInvalid],
    ['phoneNumber', '12', SETTINGS_MESSAGES.phoneInvalid],
    ['logo', 'ftp://x', SETTINGS_MESSAGES.urlInvalid],
  ])('refuses %s = %j with 400 and "%s"', async (field, value, message) => {
    const { url } = await newBot();
    await expectInvalid('PUT', `${url}/store`, { [field]: value }, message);
  });
});

describe('welcome message', () => {
  it('stores the text in the bot (one home: the bot page shows it too) and the buttons here', async () => {
    const { bot, url } = await newBot();
    const body = {
      text: 'Hi there!',
      buttons: [
        { id: 'b1', text: 'Shop', action: 'open_catalog' },
        { id: 'b2', text: 'Site', action: 'open_url', target: 'https://corner.example' },
      ],
    };
    const res = await inject('PUT', `${url}/welcome`, body);
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', `${url}/welcome`)).json()).toEqual({
      text: 'Hi there!',
      buttons: [
        { id: 'b1', text: 'Shop', action: 'open_catalog', target: '' },
        { id: 'b2', text: 'Site', action: 'open_url', target: 'https://corner.example' },
      ],
    });
    const detail = (await inject('GET', `${v.base}/bot-details/${bot.id}`)).json();
    expect(detail.settings.welcomeMessage).toBe('Hi there!');
  });

  it('refuses a text over 1000 characters with the spec limit', async () => {
    const { url } = await newBot();
    await expectInvalid(
      'PUT',
      `${url}/welcome`,
      { text: 'x'.repeat(1001) },
      SETTINGS_MESSAGES.welcomeTooLong,
    );
    expect((await inject('PUT', `${url}/welcome`, { text: 'x'.repeat(1000) })).statusCode).toBe(200);
  });

  it('refuses a quick-reply button without text', async () => {
    const { url } = await newBot();
    await expectInvalid(
      'PUT',
      `${url}/welcome`,
      { text: 'Hi', buttons: [{ id: 'b', text: ' ', action: 'open_catalog' }] },
      SETTINGS_MESSAGES.quickReplyIncomplete,
    );
  });

  it('refuses a URL button without a valid URL', async () => {
    const { url } = await newBot();
    await expectInvalid(
      'PUT',
      `${url}/welcome`,
      { text: 'Hi', buttons: [{ id: 'b', text: 'Go', action: 'open_url' }] },
      SETTINGS_MESSAGES.targetRequired,
    );
  });
});

describe('content filters', () => {
  it('refuses a blank word with the spec message', async () => {
    const { url } = await newBot();
    await expectInvalid(
      'POST',
      `${url}/filters/words`,
      { word: '   ' },
      SETTINGS_MESSAGES.filterWordRequired,
    );
  });

  it('stores words lowercased and unique: the same word again is 409', async () => {
    const { url } = await newBot();
    const res = await inject('POST', `${url}/filters/words`, {
      word: '  Scam ',
      action: 'warn',
      severity: 'low',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ word: 'scam', action: 'warn', severity: 'low' });
    const again = await inject('POST', `${url}/filters/words`, { word: 'SCAM' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'FILTER_WORD_EXISTS',
      message: SETTINGS_MESSAGES.filterWordExists,
    });
    expect((await inject('GET', `${url}/filters`)).json().words).toHaveLength(1);
  });

  it('tests whole words, case- and accent-insensitively', async () => {
    const { url } = await newBot();
    await inject('POST', `${url}/filters/words`, { word: 'cafe', action: 'review', severity: 'low' });
    await inject('POST', `${url}/filters/words`, { word: 'free money', action: 'block', severity: 'high' });
    const test = async (text: string) => (await inject('POST', `${url}/filters/test`, { text })).json();
    expect((await test('Meet me at the CAFÉ!')).rule).toMatchObject({ word: 'cafe', action: 'review' });
    expect((await test('cafeteria food')).rule).toBeNull();
    expect((await test('Get FREE... money now')).rule).toMatchObject({ word: 'free money', action: 'block' });
    expect((await test('freemoney')).rule).toBeNull();
    // The strictest rule fires when several match.
    const both = await test('free money at the cafe');
    expect(both.rule.word).toBe('free money');
    expect(both.matches).toHaveLength(2);
  });

  it('ships the predefined lists with the spec sizes, and matches a list only when it is on', async () => {
    for (const [id, { size }] of Object.entries(FILTER_LISTS)) {
      const words = PREDEFINED_WORDS[id as keyof typeof FILTER_LISTS];
      expect(words).toHaveLength(size);
      expect(new Set(words).size).toBe(size);
    }
    const { url } = await newBot();
    const lists = (await inject('GET', `${url}/filters`)).json().lists;
    expect(lists.map((l: { id: string; size: number }) => [l.id, l.size])).toEqual([
      ['profanity', 150],
      ['spam', 75],
      ['hate_speech', 200],
      ['adult_content', 100],
    ]);
    const text = 'Click here to claim your prize';
    expect((await inject('POST', `${url}/filters/test`, { text })).json().rule).toBeNull();
    const on = await inject('PUT', `${url}/filters/lists/spam`, { enabled: true });
    expect(on.json().lists.find((l: { id: string }) => l.id === 'spam').enabled).toBe(true);
    expect((await inject('POST', `${url}/filters/test`, { text })).json().rule).toMatchObject({
      source: 'list',
      listId: 'spam',
      action: 'review',
    });
  });

  it('answers a word as it is to an empty change, and 404s an unknown word whatever the body', async () => {
    const { url } = await newBot();
    const word = (await inject('POST', `${url}/filters/words`, { word: 'spam', severity: 'high' })).json();
    const same = await inject('PATCH', `${url}/filters/words/${word.id}`, {});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(word);
    const changed = await inject('PATCH', `${url}/filters/words/${word.id}`, { action: 'review' });
    expect(changed.json()).toMatchObject({ id: word.id, action: 'review', severity: 'high' });
    for (const body of [{}, { severity: 'low' }]) {
      const unknown = await inject('PATCH', `${url}/filters/words/${crypto.randomUUID()}`, body);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('FILTER_WORD_NOT_FOUND');
    }
  });

  it('removes a word and 404s a word of another bot', async () => {
    const a = await newBot();
    const b = await newBot();
    const word = (await inject('POST', `${a.url}/filters/words`, { word: 'spam' })).json();
    expect((await inject('DELETE', `${b.url}/filters/words/${word.id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `${a.url}/filters/words/${word.id}`)).statusCode).toBe(204);
  });
});

describe('bot token', () => {
  it('never answers the token whole', async () => {
    const { url, tg } = await newBot();
    const res = await inject('GET', `${url}/token`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(tg.token.split(':')[1]);
    expect(res.json()).toMatchObject({
      username: tg.username,
      telegramBotId: tg.telegramBotId,
      isActive: true,
    });
  });

  it.each([
    ['blank', '  '],
    ['malformed', '123:abc'],
  ])('refuses a %s token: "Please enter a valid bot token."', async (_case, token) => {
    const { url } = await newBot();
    await expectInvalid('PUT', `${url}/token`, { token }, SETTINGS_MESSAGES.tokenInvalid);
  });

  it("refuses another bot's token with a clear message and keeps the old one", async () => {
    const { url, tg } = await newBot();
    const stranger = fakeBot(fake);
    const res = await inject('PUT', `${url}/token`, { token: stranger.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'BOT_TOKEN_MISMATCH',
      message: 'This token belongs to a different bot.',
    });
    expect((await inject('POST', `${url}/token/test`, {})).json()).toMatchObject({
      connected: true,
      username: tg.username,
    });
  });

  it('replaces the token with a new one of the same bot, records it, and answers it masked', async () => {
    const { bot, url, tg } = await newBot();
    const newToken = makeToken(tg.telegramBotId, 'R');
    fake.state.registerBot({ token: newToken, username: tg.username });
    const res = await inject('PUT', `${url}/token`, { token: newToken });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(newToken.split(':')[1]);
    expect(res.json().maskedToken).toBe(
      `${tg.telegramBotId}:${newToken.split(':')[1]?.slice(0, 3)}…${newToken.slice(-5)}`,
    );
    const [event] = await eventsOf(t.database, v.vendorId, bot.id);
    expect(event).toMatchObject({ type: 'settings.updated', payload: { section: 'token', fields: 'token' } });
  });

  it('reports a connection test that Telegram refuses', async () => {
    const { url, tg } = await newBot();
    // A token revoked at BotFather: Telegram no longer knows it.
    fake.state.bots.delete(tg.token);
    const res = (await inject('POST', `${url}/token/test`, {})).json();
    expect(res).toEqual({
      connected: false,
      username: null,
      firstName: null,
      error: BOT_MESSAGES.tokenUnknown,
    });
  });

  it('sets the webhook again with a new secret, and refuses a stopped bot', async () => {
    const { url, tg } = await newBot();
    const before = fake.state.calls({ method: 'setWebhook', token: tg.token }).length;
    const res = await inject('POST', `${url}/token/webhook`, {});
    expect(res.statusCode).toBe(200);
    const calls = fake.state.calls({ method: 'setWebhook', token: tg.token });
    expect(calls).toHaveLength(before + 1);
    expect(calls.at(-1)?.params.secret_token).not.toBe(calls.at(-2)?.params.secret_token);
    await inject('POST', `${url}/stop`, {});
    const stopped = await inject('POST', `${url}/token/webhook`, {});
    expect(stopped.json().error).toEqual({
      code: 'BOT_NOT_RUNNING',
      message: SETTINGS_MESSAGES.botNotRunning,
    });
  });

  it('clearing the cache tells the runtime to drop the bot, once committed', async () => {
    const { bot } = await newBot();
    const forgotten: string[] = [];
    const settings = createSettingsService({
      db: t.database.db,
      bots: { basics: async () => ({ id: bot.id, vendorId: v.vendorId, username: 'x' }) } as never,
      secrets: undefined as never,
      onCacheCleared: (botId) => forgotten.push(botId),
    });
    const actor = {
      vendorId: v.vendorId,
      telegramId: 1,
      kind: 'owner',
      permissions: ['all'],
      botIds: 'all',
    } as const;
    await settings.clearCache(actor, bot.id);
    expect(forgotten).toEqual([bot.id]);
  });

  it('clears the cache: the runtime learns the time', async () => {
    const { bot, url } = await newBot();
    const res = await inject('POST', `${url}/token/clear-cache`, {});
    expect(res.statusCode).toBe(200);
    const at = res.json().cacheClearedAt;
    expect((await inject('GET', `${url}/token`)).json().cacheClearedAt).toBe(at);
    expect((await service().runtime.cacheClearedAt(bot.id))?.toISOString()).toBe(at);
  });
});

describe('payment providers', () => {
  it('lists the providers with the fees of §9; Stars on, cash on delivery for physical goods only', async () => {
    const { url } = await newBot();
    const { providers } = (await inject('GET', `${url}/payments`)).json();
    expect(providers.map((p: { id: string }) => p.id)).toEqual([
      'stars',
      'card',
      'wallet',
      'regional',
      'crypto',
      'cash_on_delivery',
    ]);
    const byId = Object.fromEntries(providers.map((p: { id: string }) => [p.id, p]));
    expect(byId.stars).toMatchObject({ enabled: true, configured: true, goods: 'digital' });
    expect(byId.card).toMatchObject({
      enabled: false,
      configured: false,
      fees: { percent: 2.9, fixedMinor: 30 },
    });
    expect(byId.wallet.fees).toMatchObject({ percent: 3.49, fixedMinor: 49 });
    expect(byId.regional.fees).toMatchObject({ percent: 1.4, internationalPercent: 3.8 });
    expect(byId.crypto.fees).toMatchObject({ percent: 1, networkFees: true });
    expect(byId.cash_on_delivery).toMatchObject({
      goods: 'physical',
      configured: true,
      fees: { percent: 0 },
    });
  });

  it('names the product types the bot sells that no enabled rail can take, until one is switched on', async () => {
    const owner = await vendor(t.app);
    const { bot, url } = await newBot(owner);
    const unpayable = async () => (await inject('GET', `${url}/payments`, undefined, owner)).json().unpayable;
    expect(await unpayable()).toEqual([]);
    const category = await createCategory(t.app, owner, 'Mugs', []);
    // Sold through this bot only, and through "All bots": both count.
    await createProduct(t.app, owner, productBody('physical', category.id, { botIds: [bot.id] }));
    await createProduct(t.app, owner, productBody('service', category.id));
    await createProduct(t.app, owner, productBody('key', category.id));
    expect(await unpayable()).toEqual(['physical', 'service']);

    await inject('PATCH', `${url}/payments/cash_on_delivery`, { enabled: true }, owner);
    expect(await unpayable()).toEqual(['service']);
    await inject(
      'PUT',
      `${url}/payments/card`,
      { providerToken: '284685063:TEST:abc', currencies: ['USD'] },
      owner,
    );
    expect(await unpayable()).toEqual([]);
  });

  it('refuses to enable an unconfigured provider (it opens its form instead)', async () => {
    const { url } = await newBot();
    const res = await inject('PATCH', `${url}/payments/card`, { enabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'PAYMENT_PROVIDER_NOT_CONFIGURED',
      message: SETTINGS_MESSAGES.providerNotConfigured,
    });
  });

  it('saving a configuration enables the provider; its token is tried with Telegram and never answered', async () => {
    const { bot, url, tg } = await newBot();
    const providerToken = '284685063:TEST:SECRETPROVIDERTOKEN123';
    const res = await inject('PUT', `${url}/payments/card`, { providerToken, currencies: ['EUR', 'USD'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: true,
      configured: true,
      hasSecret: true,
      currencies: ['EUR', 'USD'],
    });
    expect(res.body).not.toContain('SECRETPROVIDERTOKEN');
    const [check] = fake.state.calls({ method: 'createInvoiceLink', token: tg.token });
    expect(check?.params).toMatchObject({ provider_token: providerToken, currency: 'EUR' });
    const list = await inject('GET', `${url}/payments`);
    expect(list.body).not.toContain('SECRETPROVIDERTOKEN');
    const events = await eventsOf(t.database, v.vendorId, bot.id);
    expect(JSON.stringify(events)).not.toContain('SECRETPROVIDERTOKEN');
    // The runtime, and only it, gets the token back.
    const runtime = await createSettingsService({
      db: t.database.db,
      bots: { basicsById: async () => ({ currency: 'USD' }) } as never,
      secrets: (await import('../../lib/secrets')).createSecrets(t.config.appSecret),
    }).runtime.getPaymentProviders(bot.id);
    expect(runtime?.find((p) => p.id === 'card')?.secrets).toEqual({ providerToken });
    // Toggling off and on keeps the configuration.
    expect((await inject('PATCH', `${url}/payments/card`, { enabled: false })).json().enabled).toBe(false);
    expect((await inject('PATCH', `${url}/payments/card`, { enabled: true })).json()).toMatchObject({
      enabled: true,
      hasSecret: true,
    });
  });

  it('refuses a provider token Telegram refuses, and one left out', async () => {
    const { url } = await newBot();
    failProviderCheck = true;
    try {
      const res = await inject('PUT', `${url}/payments/wallet`, {
        providerToken: 'bad',
        currencies: ['USD'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('PAYMENT_PROVIDER_TOKEN_REFUSED');
      expect(res.body).not.toContain('"bad"');
    } finally {
      failProviderCheck = false;
    }
    await expectInvalid(
      'PUT',
      `${url}/payments/wallet`,
      { currencies: ['USD'] },
      SETTINGS_MESSAGES.providerTokenRequired,
    );
    expect((await inject('GET', `${url}/payments`)).json().providers[2]).toMatchObject({ configured: false });
  });

  it('crypto takes an API key and an IPN secret, never answered', async () => {
    const { url } = await newBot();
    await expectInvalid(
      'PUT',
      `${url}/payments/crypto`,
      { apiKey: 'k' },
      SETTINGS_MESSAGES.cryptoKeysRequired,
    );
    const res = await inject('PUT', `${url}/payments/crypto`, {
      apiKey: 'NOWKEY-123456',
      ipnSecret: 'IPN-SECRET-987',
      currencies: ['USD'],
    });
    expect(res.json()).toMatchObject({ enabled: true, hasSecret: true });
    expect(res.body).not.toMatch(/NOWKEY|IPN-SECRET/);
  });

  it('keeps Telegram Stars on', async () => {
    const { url } = await newBot();
    const res = await inject('PATCH', `${url}/payments/stars`, { enabled: false });
    expect(res.json().error).toEqual({
      code: 'PAYMENT_PROVIDER_LOCKED',
      message: SETTINGS_MESSAGES.starsAlwaysOn,
    });
  });
});

describe('shipping', () => {
  it.each([
    ['no name', { price: '5', regions: ['EU'] }],
    ['a blank name', { name: ' ', price: '5', regions: ['EU'] }],
    ['no price', { name: 'Standard', regions: ['EU'] }],
    ['a blank price', { name: 'Standard', price: '', regions: ['EU'] }],
  ])('refuses a method with %s: "Please fill in all required fields."', async (_case, body) => {
    const { url } = await newBot();
    await expectInvalid('POST', `${url}/shipping/methods`, body, SETTINGS_MESSAGES.shippingMissing);
  });

  it('refuses a price that is not a decimal', async () => {
    const { url } = await newBot();
    const body = { name: 'Standard', price: '4,99', regions: ['EU'] };
    await expectInvalid('POST', `${url}/shipping/methods`, body, SETTINGS_MESSAGES.priceInvalid);
  });

  it('stores the price in minor units and counts enabled methods per zone', async () => {
    const { url } = await newBot();
    const add = await inject('POST', `${url}/shipping/methods`, {
      name: 'Standard',
      description: 'Tracked post',
      price: '4.99',
      estimatedDays: '3-5',
      regions: ['EU', 'UK'],
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({
      priceMinor: 499,
      currency: 'USD',
      regions: ['EU', 'UK'],
      enabled: true,
    });
    const express = (
      await inject('POST', `${url}/shipping/methods`, { name: 'Express', price: 12, regions: ['EU'] })
    ).json();
    const zone = async (region: string) =>
      (await inject('GET', `${url}/shipping`))
        .json()
        .zones.find((z: { region: string }) => z.region === region).methods;
    expect(await zone('EU')).toBe(2);
    expect(await zone('US')).toBe(0);
    await inject('PATCH', `${url}/shipping/methods/${express.id}`, { enabled: false });
    expect(await zone('EU')).toBe(1);
  });

  it('quotes a region: the default threshold is 50, free at or above it', async () => {
    const { url } = await newBot();
    await inject('POST', `${url}/shipping/methods`, { name: 'Standard', price: '4.99', regions: ['EU'] });
    await inject('POST', `${url}/shipping/methods`, { name: 'US only', price: '3', regions: ['US'] });
    const below = (await inject('GET', `${url}/shipping/quote?region=EU&subtotal=49.99`)).json();
    expect(below).toMatchObject({ freeShipping: false, subtotalMinor: 4999 });
    expect(below.options).toEqual([expect.objectContaining({ name: 'Standard', priceMinor: 499 })]);
    const above = (await inject('GET', `${url}/shipping/quote?region=EU&subtotal=50`)).json();
    expect(above).toMatchObject({ freeShipping: true });
    expect(above.options).toEqual([expect.objectContaining({ name: 'Standard', priceMinor: 0 })]);
    // A new threshold applies at once.
    const saved = await inject('PUT', `${url}/shipping/settings`, {
      trackingEnabled: false,
      freeShippingThreshold: '80',
    });
    expect(saved.json().settings).toEqual({ trackingEnabled: false, freeShippingThresholdMinor: 8000 });
    expect((await inject('GET', `${url}/shipping/quote?region=EU&subtotal=50`)).json().freeShipping).toBe(
      false,
    );
  });

  it('refuses an unknown region in a quote', async () => {
    const { url } = await newBot();
    expect((await inject('GET', `${url}/shipping/quote?region=MARS&subtotal=5`)).statusCode).toBe(400);
  });
});

describe('scoping', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', 'store'],
    ['PUT', 'store', {}],
    ['GET', 'welcome'],
    ['PUT', 'welcome', { text: 'x' }],
    ['GET', 'filters'],
    ['POST', 'filters/words', { word: 'x' }],
    ['PUT', 'filters/lists/spam', { enabled: true }],
    ['POST', 'filters/test', { text: 'x' }],
    ['GET', 'token'],
    ['PUT', 'token', { token: makeToken(7_999_999_999) }],
    ['POST', 'token/test', {}],
    ['POST', 'token/webhook', {}],
    ['POST', 'token/clear-cache', {}],
    ['GET', 'payments'],
    ['PUT', 'payments/card', { providerToken: 'x', currencies: ['USD'] }],
    ['PATCH', 'payments/cash_on_delivery', { enabled: true }],
    ['GET', 'shipping'],
    ['POST', 'shipping/methods', { name: 'x', price: '1', regions: ['EU'] }],
    ['PUT', 'shipping/settings', { trackingEnabled: true, freeShippingThreshold: '1' }],
    ['GET', 'shipping/quote?region=EU&subtotal=1'],
  ];

  it.each(routes)("%s %s answers 404 for another vendor's bot", async (method, path, body) => {
    const { bot } = await newBot(other);
    const res = await inject(method, `${v.base}/bots/${bot.id}/${path}`, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('BOT_NOT_FOUND');
  });

  it('a word or method of another bot is not found', async () => {
    const mine = await newBot();
    const theirs = await newBot(other);
    const method = (
      await inject(
        'POST',
        `${theirs.url}/shipping/methods`,
        { name: 'x', price: '1', regions: ['EU'] },
        other,
      )
    ).json();
    expect(
      (await inject('PATCH', `${mine.url}/shipping/methods/${method.id}`, { enabled: false })).statusCode,
    ).toBe(404);
  });
});

describe('runtime', () => {
  it('reads what the vendor saved, by bot id alone', async () => {
    const { bot, url } = await newBot();
    await inject('PUT', `${url}/welcome`, {
      text: 'Hello!',
      buttons: [{ id: 'a', text: 'Shop', action: 'open_catalog' }],
    });
    await inject('POST', `${url}/filters/words`, { word: 'scam' });
    const settings = createSettingsService({
      db: t.database.db,
      bots: { basicsById: async () => ({ currency: 'USD', welcomeMessage: 'Hello!' }) } as never,
      secrets: undefined as never,
    });
    expect(await settings.runtime.getWelcomeMessage(bot.id)).toEqual({
      text: 'Hello!',
      buttons: [{ id: 'a', text: 'Shop', action: 'open_catalog', target: '' }],
    });
    expect((await settings.runtime.matchFilters(bot.id, 'A SCAM!')).rule).toMatchObject({ word: 'scam' });
  });

  it('sends the default welcome when the text was left blank: Telegram refuses an empty message', async () => {
    const { bot } = await newBot();
    const settings = createSettingsService({
      db: t.database.db,
      bots: { basicsById: async () => ({ currency: 'USD', welcomeMessage: '  ' }) } as never,
      secrets: undefined as never,
    });
    expect((await settings.runtime.getWelcomeMessage(bot.id))?.text).toBe(DEFAULT_WELCOME_MESSAGE);
  });
});

// Last: it builds an app of its own, which empties the database the tests above share.
describe('a staff member', () => {
  it('needs the settings permission, and reaches only the bots assigned to them', async () => {
    const staffUser = telegramUser({ first_name: 'Staff' });
    let grant: StaffGrant | null = null;
    let owner: Vendor | undefined;
    const s = await createTestApp({
      config: { telegramApiRoot: fake.url },
      findStaffGrant: async (vendorId, telegramId) =>
        vendorId === owner?.vendorId && telegramId === staffUser.id ? grant : null,
    });
    try {
      owner = await vendor(s.app);
      const mine = await createBot(s.app, owner, { botToken: fakeBot(fake).token, botName: 'Mine' });
      const theirs = await createBot(s.app, owner, {
        botToken: fakeBot(fake).token,
        botName: 'Theirs',
        plan: 'PRO',
      });
      await s.database.db
        .insert(telegramIdentities)
        .values({ vendorId: owner.vendorId, telegramId: staffUser.id, role: 'STAFF', firstName: 'Staff' });
      const session = await signIn(s.app, staffUser);
      const get = (botId: string) =>
        s.app.inject({
          method: 'GET',
          url: `${owner?.base}/bots/${botId}/store`,
          headers: bearer(session.accessToken),
        });

      grant = { permissions: ['orders'], botIds: 'all' };
      expect((await get(mine.id)).statusCode).toBe(403);
      grant = { permissions: ['settings'], botIds: [mine.id] };
      expect((await get(mine.id)).statusCode).toBe(200);
      expect((await get(theirs.id)).statusCode).toBe(404);
    } finally {
      await s.app.close();
    }
  });
});
