import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeBotApiPlugin } from './plugin';
import { type FakeBotApi, startFakeBotApi } from './server';
import { createFakeBotApiState } from './state';

const TOKEN = '7000000001:AAFakeTokenForTests_abc-XYZ';
const OTHER_TOKEN = '7000000002:AAAnotherFakeToken';

let api: FakeBotApi;

async function call(method: string, params?: Record<string, unknown>, token = TOKEN) {
  const response = await fetch(`${api.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params ?? {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${api.url}/__control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  });
  const answer = response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
  return { status: response.status, body: answer };
}

beforeAll(async () => {
  api = await startFakeBotApi({
    bots: [
      { token: TOKEN, username: 'shop_test_bot', firstName: 'Shop' },
      { token: OTHER_TOKEN, username: 'other_test_bot' },
    ],
  });
});
afterEach(() => api.state.reset());
afterAll(() => api.close());

describe('getMe', () => {
  it('answers the registered bot, its id taken from the token', async () => {
    const { status, body } = await call('getMe');
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      result: expect.objectContaining({
        id: 7000000001,
        is_bot: true,
        first_name: 'Shop',
        username: 'shop_test_bot',
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
      }),
    });
  });

  it('answers 401 Unauthorized for an unknown token', async () => {
    const { status, body } = await call('getMe', {}, '123:unknown');
    expect(status).toBe(401);
    expect(body).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
  });
});

it('answers 404 "Not Found: method not found" for an unknown method', async () => {
  const { status, body } = await call('sendTelepathy');
  expect(status).toBe(404);
  expect(body).toEqual({ ok: false, error_code: 404, description: 'Not Found: method not found' });
});

it('treats method names case-insensitively, like the Bot API', async () => {
  expect((await call('GETME')).body.ok).toBe(true);
});

describe('webhooks', () => {
  it('setWebhook stores the url and secret, and getWebhookInfo shows the url but never the secret', async () => {
    const set = await call('setWebhook', {
      url: 'https://shop.example/telegram/webhook',
      secret_token: 'S3cret_-x',
    });
    expect(set.body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(api.state.findBot(TOKEN)?.webhook?.secret_token).toBe('S3cret_-x');

    const info = await call('getWebhookInfo');
    expect(info.body.result).toMatchObject({
      url: 'https://shop.example/telegram/webhook',
      has_custom_certificate: false,
      pending_update_count: 0,
    });
    expect(JSON.stringify(info.body)).not.toContain('S3cret');
  });

  it('setWebhook refuses a secret_token with characters outside A-Za-z0-9_-', async () => {
    const { status, body } = await call('setWebhook', {
      url: 'https://shop.example/hook',
      secret_token: 'a+b/c=',
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: secret token contains unallowed characters',
    });
    expect(api.state.findBot(TOKEN)?.webhook).toBeUndefined();
  });

  it('setWebhook refuses plain http to a host other than this machine', async () => {
    const { status, body } = await call('setWebhook', { url: 'http://shop.example/hook' });
    expect(status).toBe(400);
    expect(body.description).toBe('Bad Request: bad webhook: HTTPS url must be provided for webhook');
  });

  it('deleteWebhook removes the webhook, then says it is already deleted', async () => {
    await call('setWebhook', { url: 'https://shop.example/hook' });
    expect((await call('deleteWebhook')).body).toEqual({
      ok: true,
      result: true,
      description: 'Webhook was deleted',
    });
    expect((await call('getWebhookInfo')).body.result).toMatchObject({ url: '' });
    expect((await call('deleteWebhook')).body.description).toBe('Webhook is already deleted');
  });
});

describe('parameter encodings', () => {
  it('reads form-encoded parameters, with JSON-valued fields sent as strings', async () => {
    const response = await fetch(`${api.url}/bot${TOKEN}/sendMessage`, {
      method: 'POST',
      body: new URLSearchParams({
        chat_id: '42',
        text: 'hello',
        reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'Open', callback_data: 'open' }]] }),
      }),
    });
    const body = (await response.json()) as { result: unknown };
    expect(response.status).toBe(200);
    expect(body.result).toMatchObject({
      chat: { id: 42, type: 'private' },
      text: 'hello',
      reply_markup: { inline_keyboard: [[{ text: 'Open', callback_data: 'open' }]] },
    });
  });

  it('reads parameters from the query string', async () => {
    const response = await fetch(`${api.url}/bot${TOKEN}/sendMessage?chat_id=42&text=from%20query`);
    expect(((await response.json()) as { result: unknown }).result).toMatchObject({
      chat: { id: 42 },
      text: 'from query',
    });
  });

  it('refuses sendMessage without text with the Bot API wording', async () => {
    const { status, body } = await call('sendMessage', { chat_id: 42 });
    expect(status).toBe(400);
    expect(body.description).toBe('Bad Request: message text is empty');
  });
});

describe('createInvoiceLink', () => {
  const stars = {
    title: 'Pro plan',
    description: 'One month of Pro',
    payload: 'plan:pro:vendor-1',
    currency: 'XTR',
    prices: [{ label: 'Pro', amount: 250 }],
  };

  it('refuses a Stars invoice with a provider token or more than one price', async () => {
    for (const params of [
      { ...stars, provider_token: 'provider-token' },
      { ...stars, prices: [...stars.prices, { label: 'Extra', amount: 1 }] },
    ]) {
      const { status, body } = await call('createInvoiceLink', params);
      expect(status).toBe(400);
      expect(body.description).toBe('Bad Request: STARS_INVOICE_INVALID');
    }
    expect(api.state.invoiceLinks).toEqual([]);
  });

  it('answers a t.me/$ link for a Stars invoice with an empty provider token and one price', async () => {
    const { body } = await call('createInvoiceLink', { ...stars, provider_token: '' });
    expect(body.ok).toBe(true);
    expect(body.result).toMatch(/^https:\/\/t\.me\/\$fake_[\w-]+$/);
    expect(api.state.invoiceLinks[0]).toMatchObject({ url: body.result, payload: 'plan:pro:vendor-1' });
  });
});

it('logs every call and filters the log by method and token', async () => {
  await call('getMe');
  await call('sendMessage', { chat_id: 1, text: 'hi' });
  await call('getMe', {}, OTHER_TOKEN);

  expect(api.state.calls()).toHaveLength(3);
  expect(api.state.calls({ method: 'sendmessage' })).toEqual([
    expect.objectContaining({
      token: TOKEN,
      botId: 7000000001,
      method: 'sendMessage',
      params: { chat_id: 1, text: 'hi' },
    }),
  ]);
  const { body } = await control(`calls?method=getMe&token=${encodeURIComponent(OTHER_TOKEN)}`);
  expect(body.calls).toEqual([
    expect.objectContaining({ token: OTHER_TOKEN, botId: 7000000002, method: 'getMe' }),
  ]);
});

describe('injected updates', () => {
  let receiver: FastifyInstance;
  const received: { secret: unknown; update: unknown }[] = [];

  beforeAll(async () => {
    receiver = Fastify();
    receiver.post('/hook', async (request) => {
      received.push({ secret: request.headers['x-telegram-bot-api-secret-token'], update: request.body });
      return {};
    });
    await receiver.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => receiver.close());

  it('reach the webhook as a POST of the Update JSON with the secret header', async () => {
    const port = (receiver.server.address() as AddressInfo).port;
    await call('setWebhook', { url: `http://127.0.0.1:${port}/hook`, secret_token: 'hook_secret' });
    const update = {
      update_id: 10,
      message: { message_id: 1, date: 0, chat: { id: 42, type: 'private' }, text: '/start' },
    };

    const { body } = await control('updates', { token: TOKEN, update });

    expect(body).toEqual({ delivered: true, status: 200, queued: false });
    expect(received).toEqual([{ secret: 'hook_secret', update }]);
  });

  it('make the Bot API call a webhook answers with, as Telegram does for it', async () => {
    const replying = Fastify();
    replying.post('/hook', async () => ({
      method: 'sendMessage',
      chat_id: 42,
      text: 'Answered in the reply',
    }));
    await replying.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (replying.server.address() as AddressInfo).port;
      await call('setWebhook', { url: `http://127.0.0.1:${port}/hook` });
      const { body } = await control('updates', { token: TOKEN, update: { message: { text: 'hi' } } });
      expect(body).toMatchObject({ delivered: true });
      expect(api.state.calls({ method: 'sendMessage' })[0]?.params).toEqual({
        chat_id: 42,
        text: 'Answered in the reply',
      });
    } finally {
      await replying.close();
    }
  });

  it('are queued for getUpdates when no webhook is set', async () => {
    const { body } = await control('updates', { token: TOKEN, update: { message: { text: 'queued' } } });
    expect(body).toEqual({ delivered: false, status: null, queued: true });

    const updates = await call('getUpdates');
    expect(updates.body.result).toEqual([{ update_id: 1, message: { text: 'queued' } }]);
    expect((await call('getUpdates', { offset: 2 })).body.result).toEqual([]);
  });
});

describe('mounted under a prefix in a host app', () => {
  let host: FastifyInstance;

  beforeAll(async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler((_error, _request, reply) =>
      reply.code(418).send({ error: { code: 'HOST_ERROR', message: 'host shape' } }),
    );
    app.post(
      '/api/echo',
      { schema: { body: z.object({ name: z.string() }) } },
      async (request) => request.body,
    );
    const state = createFakeBotApiState([{ token: TOKEN, username: 'shop_test_bot' }]);
    await app.register(fakeBotApiPlugin, { prefix: '/fake-telegram', state });
    host = app;
  });
  afterAll(() => host.close());

  it('answers with the Bot API envelope, not the host error shape', async () => {
    const unknown = await host.inject({ method: 'POST', url: `/fake-telegram/bot${TOKEN}/noSuchMethod` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      ok: false,
      error_code: 404,
      description: 'Not Found: method not found',
    });

    const badJson = await host.inject({
      method: 'POST',
      url: `/fake-telegram/bot${TOKEN}/getMe`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(badJson.json()).toMatchObject({ ok: false, error_code: 400 });

    const me = await host.inject({ method: 'GET', url: `/fake-telegram/bot${TOKEN}/getMe` });
    expect(me.json()).toMatchObject({ ok: true, result: { username: 'shop_test_bot' } });
  });

  it('leaves the host its own body parsers, validation and error handler', async () => {
    const ok = await host.inject({ method: 'POST', url: '/api/echo', payload: { name: 'a' } });
    expect(ok.json()).toEqual({ name: 'a' });
    const invalid = await host.inject({ method: 'POST', url: '/api/echo', payload: { name: 1 } });
    expect(invalid.statusCode).toBe(418);
    expect(invalid.json()).toEqual({ error: { code: 'HOST_ERROR', message: 'host shape' } });
  });
});

describe('sending media', () => {
  it('sendPhoto answers a Message with the photo and its caption and keyboard', async () => {
    const keyboard = { inline_keyboard: [[{ text: 'Buy', callback_data: 'buy:1' }]] };
    const { status, body } = await call('sendPhoto', {
      chat_id: 42,
      photo: 'https://shop.example/media/mug.jpg',
      caption: 'Mug · $12.00',
      reply_markup: keyboard,
    });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      message_id: 1,
      chat: { id: 42, type: 'private' },
      photo: [{ file_id: expect.stringMatching(/^fake_photo_/), width: 1280, height: 1280 }],
      caption: 'Mug · $12.00',
      reply_markup: keyboard,
    });
  });

  it('sendPhoto takes the file_id of a photo sent before as the same file', async () => {
    const first = await call('sendPhoto', { chat_id: 42, photo: 'https://shop.example/media/mug.jpg' });
    const fileId = (first.body.result as { photo: { file_id: string }[] }).photo[0]?.file_id;
    const again = await call('sendPhoto', { chat_id: 43, photo: fileId });
    expect((again.body.result as { photo: { file_id: string }[] }).photo[0]?.file_id).toBe(fileId);
  });

  it('sendPhoto refuses a request without a photo with the Bot API wording', async () => {
    const { status, body } = await call('sendPhoto', { chat_id: 42, caption: 'no photo' });
    expect(status).toBe(400);
    expect(body.description).toBe('Bad Request: there is no photo in the request');
  });

  it('sendPhoto takes an upload attached as grammY sends it (attach://<part>)', async () => {
    const form = new FormData();
    form.append('chat_id', '42');
    form.append('photo', 'attach://part1');
    form.append('part1', new Blob([new Uint8Array(2048)], { type: 'image/jpeg' }), 'mug.jpg');
    const response = await fetch(`${api.url}/bot${TOKEN}/sendPhoto`, { method: 'POST', body: form });
    const body = (await response.json()) as { result: { photo: { file_size?: number }[] } };
    expect(response.status).toBe(200);
    expect(body.result.photo[0]?.file_size).toBe(2048);
  });

  it('sendDocument answers a Message with the document named after its URL', async () => {
    const { body } = await call('sendDocument', {
      chat_id: 42,
      document: 'https://shop.example/downloads/guide.pdf',
      caption: 'Your e-book',
    });
    expect(body.result).toMatchObject({
      document: {
        file_id: expect.stringMatching(/^fake_document_/),
        file_name: 'guide.pdf',
        mime_type: 'application/pdf',
      },
      caption: 'Your e-book',
    });
  });
});

describe('editing and deleting messages', () => {
  const menu = { inline_keyboard: [[{ text: 'Open', callback_data: 'open' }]] };

  async function sent(params: Record<string, unknown> = {}) {
    const { body } = await call('sendMessage', {
      chat_id: 42,
      text: 'Choose',
      reply_markup: menu,
      ...params,
    });
    return (body.result as { message_id: number }).message_id;
  }

  it('counts message ids per chat, as in a private chat', async () => {
    await sent();
    await sent();
    const other = await call('sendMessage', { chat_id: 43, text: 'Hi' });
    expect((other.body.result as { message_id: number }).message_id).toBe(1);
    expect(await sent()).toBe(3);
  });

  it('editMessageText replaces the text and the keyboard, and marks the message edited', async () => {
    const id = await sent();
    const next = { inline_keyboard: [[{ text: 'Back', callback_data: 'back' }]] };
    const { body } = await call('editMessageText', {
      chat_id: 42,
      message_id: id,
      text: 'Page 2',
      reply_markup: next,
    });
    expect(body.result).toMatchObject({
      message_id: id,
      text: 'Page 2',
      reply_markup: next,
      edit_date: expect.any(Number),
    });
  });

  it('editMessageText refuses an edit that changes nothing', async () => {
    const id = await sent();
    const { status, body } = await call('editMessageText', {
      chat_id: 42,
      message_id: id,
      text: 'Choose',
      reply_markup: menu,
    });
    expect(status).toBe(400);
    expect(body.description).toMatch(/^Bad Request: message is not modified: specified new message content/);
  });

  it('editMessageText answers "message to edit not found" for a message the chat does not have', async () => {
    const { status, body } = await call('editMessageText', { chat_id: 42, message_id: 99, text: 'x' });
    expect(status).toBe(400);
    expect(body.description).toBe('Bad Request: message to edit not found');
  });

  it('editMessageText refuses a photo message: it has no text', async () => {
    const photo = await call('sendPhoto', { chat_id: 42, photo: 'https://shop.example/a.jpg' });
    const id = (photo.body.result as { message_id: number }).message_id;
    const { body } = await call('editMessageText', { chat_id: 42, message_id: id, text: 'x' });
    expect(body.description).toBe('Bad Request: there is no text in the message to edit');
  });

  it('editMessageReplyMarkup without reply_markup removes the keyboard', async () => {
    const id = await sent();
    const { body } = await call('editMessageReplyMarkup', { chat_id: 42, message_id: id });
    expect(body.result).not.toHaveProperty('reply_markup');
    const again = await call('editMessageReplyMarkup', { chat_id: 42, message_id: id });
    expect(again.body.description).toMatch(/^Bad Request: message is not modified/);
  });

  it('deleteMessage deletes once, then the message is not found', async () => {
    const id = await sent();
    expect((await call('deleteMessage', { chat_id: 42, message_id: id })).body).toEqual({
      ok: true,
      result: true,
    });
    const again = await call('deleteMessage', { chat_id: 42, message_id: id });
    expect(again.body.description).toBe('Bad Request: message to delete not found');
  });
});

describe('sendChatAction', () => {
  it('answers true for a known action', async () => {
    expect((await call('sendChatAction', { chat_id: 42, action: 'typing' })).body).toEqual({
      ok: true,
      result: true,
    });
  });

  it('refuses an unknown action with the Bot API wording', async () => {
    const { status, body } = await call('sendChatAction', { chat_id: 42, action: 'dancing' });
    expect(status).toBe(400);
    expect(body.description).toBe('Bad Request: wrong parameter action in request');
  });
});

describe('sendInvoice', () => {
  const card = {
    chat_id: 42,
    title: 'Canvas tote',
    description: 'A sturdy tote bag',
    payload: 'order:17',
    provider_token: 'provider-test-token',
    currency: 'USD',
    prices: [
      { label: 'Canvas tote', amount: 2400 },
      { label: 'Discount', amount: -400 },
    ],
  };

  it('answers a Message with the invoice and its total', async () => {
    const { status, body } = await call('sendInvoice', card);
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      chat: { id: 42 },
      invoice: {
        title: 'Canvas tote',
        description: 'A sturdy tote bag',
        currency: 'USD',
        total_amount: 2000,
        start_parameter: '',
      },
    });
  });

  it('refuses a keyboard whose first button is not the Pay button', async () => {
    const { status } = await call('sendInvoice', {
      ...card,
      reply_markup: { inline_keyboard: [[{ text: 'Cancel', callback_data: 'cancel' }]] },
    });
    expect(status).toBe(400);
    expect(api.state.messages).toEqual([]);
  });

  it('ignores shipping for a Stars invoice, which collects nothing', async () => {
    await call('sendInvoice', {
      ...card,
      provider_token: '',
      currency: 'XTR',
      prices: [{ label: 'E-book', amount: 150 }],
      need_shipping_address: true,
      is_flexible: true,
    });
    const chat = await control(`chat?token=${encodeURIComponent(TOKEN)}&userId=42`);
    expect((chat.body.entries as { invoice: unknown }[])[0]?.invoice).toMatchObject({
      currency: 'XTR',
      need_shipping_address: false,
      is_flexible: false,
    });
  });
});

describe('answerShippingQuery', () => {
  it('refuses ok without shipping options', async () => {
    const { status, body } = await call('answerShippingQuery', { shipping_query_id: 'q1', ok: true });
    expect(status).toBe(400);
    expect(body.description).toBe('Bad Request: there should be at least one shipping option');
  });

  it('takes one answer per query, then refuses the query id', async () => {
    const options = [{ id: 'std', title: 'Standard', prices: [{ label: 'Shipping', amount: 500 }] }];
    expect(
      (await call('answerShippingQuery', { shipping_query_id: 'q2', ok: true, shipping_options: options }))
        .body.ok,
    ).toBe(true);
    const again = await call('answerShippingQuery', {
      shipping_query_id: 'q2',
      ok: false,
      error_message: 'No',
    });
    expect(again.body.description).toBe(
      'Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
  });
});

describe('playing the customer', () => {
  const ANN = { id: 555_000_111, first_name: 'Ann', username: 'ann', language_code: 'en' };
  const flexible = {
    chat_id: ANN.id,
    title: 'Canvas tote',
    description: 'A sturdy tote bag',
    payload: 'order:flex',
    provider_token: 'provider-test-token',
    currency: 'USD',
    prices: [{ label: 'Canvas tote', amount: 2400 }],
    need_name: true,
    need_shipping_address: true,
    is_flexible: true,
  };
  const stars = {
    chat_id: ANN.id,
    title: 'E-book',
    description: 'The guide',
    payload: 'order:stars',
    provider_token: '',
    currency: 'XTR',
    prices: [{ label: 'E-book', amount: 150 }],
  };
  let shop: FastifyInstance;
  // What the shop bot received, and how it answers: a tiny bot scripted for these tests.
  const updates: Record<string, unknown>[] = [];
  let refusePayment = false;

  beforeAll(async () => {
    shop = Fastify();
    shop.post('/hook', async (request) => {
      const update = request.body as Record<string, Record<string, unknown>>;
      updates.push(update);
      if (update.callback_query) {
        await call('answerCallbackQuery', {
          callback_query_id: update.callback_query.id,
          text: 'Added to cart',
        });
      }
      if (update.shipping_query) {
        await call('answerShippingQuery', {
          shipping_query_id: update.shipping_query.id,
          ok: true,
          shipping_options: [
            { id: 'std', title: 'Standard', prices: [{ label: 'Standard', amount: 500 }] },
            { id: 'exp', title: 'Express', prices: [{ label: 'Express', amount: 1500 }] },
          ],
        });
      }
      if (update.pre_checkout_query) {
        await call('answerPreCheckoutQuery', {
          pre_checkout_query_id: update.pre_checkout_query.id,
          ok: !refusePayment,
          ...(refusePayment && { error_message: 'Sold out, sorry' }),
        });
      }
      return {};
    });
    await shop.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => shop.close());
  beforeEach(async () => {
    updates.length = 0;
    refusePayment = false;
    const port = (shop.server.address() as AddressInfo).port;
    await call('setWebhook', {
      url: `http://127.0.0.1:${port}/hook`,
      secret_token: 'shop_secret',
      allowed_updates: [
        'message',
        'callback_query',
        'shipping_query',
        'pre_checkout_query',
        'my_chat_member',
      ],
    });
  });

  const transcript = async () =>
    (await control(`chat?token=${encodeURIComponent(TOKEN)}&userId=${ANN.id}`)).body as {
      blocked: boolean;
      entries: Record<string, unknown>[];
    };

  it('chat/send delivers the text as a message from the user, a command marked as one', async () => {
    const { body } = await control('chat/send', { token: TOKEN, user: ANN, text: '/start product_42' });
    expect(body.delivery).toEqual({ delivered: true, status: 200, queued: false });
    expect(updates[0]?.message).toMatchObject({
      message_id: 1,
      from: { id: ANN.id, is_bot: false, first_name: 'Ann', username: 'ann', language_code: 'en' },
      chat: { id: ANN.id, type: 'private', first_name: 'Ann', username: 'ann' },
      text: '/start product_42',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    });
  });

  it('chat/send names the bot by its username as well as by its token', async () => {
    const { status } = await control('chat/send', { bot: '@shop_test_bot', user: ANN, text: 'hello' });
    expect(status).toBe(200);
    expect(updates[0]?.message).toMatchObject({ text: 'hello' });
  });

  it("chat/tap by callback data sends a callback_query with the message, and returns the bot's answer", async () => {
    await call('sendMessage', {
      chat_id: ANN.id,
      text: 'Mug',
      reply_markup: { inline_keyboard: [[{ text: 'Add', callback_data: 'add:1' }]] },
    });
    const { body } = await control('chat/tap', { token: TOKEN, userId: ANN.id, data: 'add:1' });
    expect(updates[0]?.callback_query).toMatchObject({
      from: { id: ANN.id },
      data: 'add:1',
      chat_instance: expect.any(String),
      message: { message_id: 1, text: 'Mug' },
    });
    expect(body.answer).toEqual({ text: 'Added to cart', show_alert: false });
  });

  it('chat/tap by button text taps the newest message that shows it', async () => {
    const keyboard = { inline_keyboard: [[{ text: 'More', callback_data: 'page:2' }]] };
    await call('sendMessage', { chat_id: ANN.id, text: 'Page 1', reply_markup: keyboard });
    await call('sendMessage', {
      chat_id: ANN.id,
      text: 'Page 2',
      reply_markup: { inline_keyboard: [[{ text: 'More', callback_data: 'page:3' }]] },
    });
    await control('chat/tap', { token: TOKEN, userId: ANN.id, text: 'More' });
    expect(updates[0]?.callback_query).toMatchObject({ data: 'page:3', message: { text: 'Page 2' } });
  });

  it('chat/tap refuses a URL button: it opens a link, the bot hears nothing', async () => {
    await call('sendMessage', {
      chat_id: ANN.id,
      text: 'Site',
      reply_markup: { inline_keyboard: [[{ text: 'Open', url: 'https://shop.example' }]] },
    });
    const { status } = await control('chat/tap', { token: TOKEN, userId: ANN.id, text: 'Open' });
    expect(status).toBe(400);
    expect(updates).toEqual([]);
  });

  it('chat/pay pays an invoice message: pre_checkout_query, then successful_payment with a charge id', async () => {
    await call('sendInvoice', stars);
    const { body } = await control('chat/pay', { token: TOKEN, user: ANN });
    expect(body).toMatchObject({
      paid: true,
      chargeId: expect.stringMatching(/^fake_charge_/),
      totalAmount: 150,
    });
    expect(updates.map((u) => Object.keys(u).find((k) => k !== 'update_id'))).toEqual([
      'pre_checkout_query',
      'message',
    ]);
    expect(updates[0]?.pre_checkout_query).toMatchObject({
      currency: 'XTR',
      total_amount: 150,
      invoice_payload: 'order:stars',
    });
    expect(updates[1]?.message).toMatchObject({
      from: { id: ANN.id },
      successful_payment: {
        currency: 'XTR',
        total_amount: 150,
        invoice_payload: 'order:stars',
        telegram_payment_charge_id: body.chargeId,
      },
    });
  });

  it('chat/pay refuses to pay the same invoice twice', async () => {
    await call('sendInvoice', stars);
    const invoiceId = 1;
    await control('chat/pay', { token: TOKEN, user: ANN, messageId: invoiceId });
    const again = await control('chat/pay', { token: TOKEN, user: ANN, messageId: invoiceId });
    expect(again.status).toBe(400);
    expect(again.body.description).toBe('Bad Request: invoice is already paid');
  });

  it("chat/pay asks a flexible invoice's shipping first and adds the chosen option to the total", async () => {
    await call('sendInvoice', flexible);
    const address = {
      country_code: 'DE',
      city: 'Berlin',
      street_line1: 'Unter den Linden 1',
      post_code: '10117',
    };
    const { body } = await control('chat/pay', {
      token: TOKEN,
      user: ANN,
      shippingAddress: address,
      shippingOptionId: 'exp',
    });
    expect(body).toMatchObject({ paid: true, totalAmount: 3900 });
    expect(updates[0]?.shipping_query).toMatchObject({
      invoice_payload: 'order:flex',
      shipping_address: address,
    });
    expect(updates[1]?.pre_checkout_query).toMatchObject({
      total_amount: 3900,
      shipping_option_id: 'exp',
      order_info: { name: 'Ann', shipping_address: address },
    });
    expect(updates[2]?.message).toMatchObject({
      successful_payment: { shipping_option_id: 'exp', total_amount: 3900 },
    });
  });

  it('chat/pay stops when the bot refuses the pre-checkout query: no successful_payment', async () => {
    refusePayment = true;
    await call('sendInvoice', stars);
    const { body } = await control('chat/pay', { token: TOKEN, user: ANN });
    expect(body).toMatchObject({ paid: false, stage: 'pre_checkout', error: 'Sold out, sorry' });
    expect(updates.filter((u) => u.message)).toEqual([]);
  });

  it('pay-invoice still pays an invoice link, as the platform bot sells plans', async () => {
    const link = await call('createInvoiceLink', { ...stars, chat_id: undefined });
    const { body } = await control('pay-invoice', { url: link.body.result, userId: ANN.id });
    expect(body).toMatchObject({ paid: true, chargeId: expect.stringMatching(/^fake_charge_/) });
    expect(updates[1]?.message).toMatchObject({ successful_payment: { invoice_payload: 'order:stars' } });
  });

  it('chat/block makes every send to the user answer 403, and tells the bot with my_chat_member', async () => {
    await control('chat/block', { token: TOKEN, user: ANN });
    const { status, body } = await call('sendMessage', { chat_id: ANN.id, text: 'Your order shipped' });
    expect(status).toBe(403);
    expect(body).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect(updates[0]?.my_chat_member).toMatchObject({
      from: { id: ANN.id },
      new_chat_member: { status: 'kicked' },
    });
  });

  it('writing to a blocked bot unblocks it, as on Telegram', async () => {
    await control('chat/block', { token: TOKEN, user: ANN });
    await control('chat/send', { token: TOKEN, user: ANN, text: '/start' });
    expect((await call('sendMessage', { chat_id: ANN.id, text: 'Welcome back' })).status).toBe(200);
    expect(updates.at(-2)?.my_chat_member).toMatchObject({ new_chat_member: { status: 'member' } });
  });

  it('GET chat reads both sides in order, with keyboards, taps and their answers, and invoices', async () => {
    await control('chat/send', { token: TOKEN, user: ANN, text: '/start' });
    await call('sendMessage', {
      chat_id: ANN.id,
      text: 'Welcome',
      reply_markup: { inline_keyboard: [[{ text: 'Shop', callback_data: 'catalogue' }]] },
    });
    await control('chat/tap', { token: TOKEN, user: ANN, data: 'catalogue' });
    await call('sendInvoice', stars);
    const chat = await transcript();
    expect(chat.blocked).toBe(false);
    expect(chat.entries).toEqual([
      expect.objectContaining({
        type: 'message',
        from: 'user',
        message: expect.objectContaining({ message_id: 1, text: '/start' }),
      }),
      expect.objectContaining({
        type: 'message',
        from: 'bot',
        message: expect.objectContaining({
          message_id: 2,
          text: 'Welcome',
          reply_markup: expect.any(Object),
        }),
      }),
      expect.objectContaining({
        type: 'callback_query',
        message_id: 2,
        data: 'catalogue',
        button_text: 'Shop',
        answer: { text: 'Added to cart', show_alert: false },
      }),
      expect.objectContaining({
        type: 'message',
        from: 'bot',
        message: expect.objectContaining({
          message_id: 3,
          invoice: expect.objectContaining({ total_amount: 150 }),
        }),
        invoice: expect.objectContaining({
          payload: 'order:stars',
          prices: [{ label: 'E-book', amount: 150 }],
        }),
      }),
    ]);
  });

  it('GET bots lists the bots with their webhook, so a test can post to it as Telegram does', async () => {
    const { body } = await control('bots');
    expect(body.bots).toContainEqual(
      expect.objectContaining({
        username: 'shop_test_bot',
        webhook: { url: expect.stringMatching(/\/hook$/), secret_token: 'shop_secret' },
      }),
    );
  });

  it('serves the chat page and its script', async () => {
    const page = await fetch(`${api.url}/__control/chat-page?bot=shop_test_bot`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<script type="module" src="chat-page.js"></script>');
    const script = await fetch(`${api.url}/__control/chat-page.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });
});
