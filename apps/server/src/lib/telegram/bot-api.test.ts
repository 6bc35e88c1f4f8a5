import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { createBotApi, TelegramApiError, TelegramUnreachableError } from './bot-api';

const TOKEN = '7000000101:AAFakeTokenForBotApiTests_abc-XYZ12';
let fake: FakeBotApi;

beforeAll(async () => {
  fake = await startFakeBotApi({
    bots: [{ token: TOKEN, username: 'client_test_bot', firstName: 'Client' }],
  });
});
afterAll(() => fake.close());

it('answers the result of a successful call', async () => {
  const api = createBotApi({ apiRoot: fake.url });
  await expect(api.getMe(TOKEN)).resolves.toMatchObject({ id: 7000000101, username: 'client_test_bot' });
});

it('turns an { ok: false } answer into TelegramApiError with the code and description', async () => {
  const api = createBotApi({ apiRoot: fake.url });
  await expect(api.getMe('7000000999:unknown')).rejects.toMatchObject({
    name: 'TelegramApiError',
    errorCode: 401,
    description: 'Unauthorized',
  });
  await expect(api.call(TOKEN, 'noSuchMethod')).rejects.toBeInstanceOf(TelegramApiError);
});

it('sends JSON parameters (setWebhook then deleteWebhook)', async () => {
  const api = createBotApi({ apiRoot: fake.url });
  await api.setWebhook(TOKEN, { url: 'https://shop.example.test/hook', secret_token: 'abc_-1' });
  expect(fake.state.findBot(TOKEN)?.webhook).toMatchObject({ secret_token: 'abc_-1' });
  await api.deleteWebhook(TOKEN);
  expect(fake.state.findBot(TOKEN)?.webhook).toBeUndefined();
});

it('reports TelegramUnreachableError, without the token, when nothing answers', async () => {
  const api = createBotApi({ apiRoot: 'http://127.0.0.1:9' });
  const err = await api.getMe(TOKEN).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(TelegramUnreachableError);
  expect(String((err as Error).message)).not.toContain(TOKEN);
});

it('reports a timeout as unreachable', async () => {
  const never: typeof fetch = (_url, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  const api = createBotApi({ apiRoot: 'http://x', fetch: never, timeoutMs: 20 });
  await expect(api.getMe(TOKEN)).rejects.toMatchObject({ message: expect.stringContaining('timed out') });
});
