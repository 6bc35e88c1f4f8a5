import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
