import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config';
import type { FakeBotApi } from '../src/fakes/bot-api/server';
import { type BotApi, createBotApi, type SetWebhookParams } from '../src/lib/telegram/bot-api';
import type { TelegramThrottle } from '../src/lib/telegram/throttle';
import { createTestApp, type TestApp } from './harness';

/** A test app whose Bot API is the fake given. */
export function startApp(
  fake: FakeBotApi,
  config: Partial<Config> = {},
  opts: { now?: () => Date; botApi?: BotApi; telegramThrottle?: TelegramThrottle } = {},
): Promise<TestApp> {
  return createTestApp({
    config: { telegramApiRoot: fake.url, publicUrl: 'https://shop.example.test', ...config },
    ...opts,
  });
}

export type BotApiHooks = {
  /** Runs when the server calls setWebhook, before the call reaches the fake; may throw to fail it. */
  setWebhook?: (token: string, params: SetWebhookParams) => Promise<void>;
  deleteWebhook?: (token: string) => Promise<void>;
};

/** The fake's Bot API client with hooks a test sets: to act at the moment of a call, or to make it fail. */
export function hookedBotApi(fake: FakeBotApi): { botApi: BotApi; hooks: BotApiHooks } {
  const inner = createBotApi({ apiRoot: fake.url });
  const hooks: BotApiHooks = {};
  const botApi: BotApi = {
    ...inner,
    async setWebhook(token, params) {
      await hooks.setWebhook?.(token, params);
      return inner.setWebhook(token, params);
    },
    async deleteWebhook(token, params) {
      await hooks.deleteWebhook?.(token);
      return inner.deleteWebhook(token, params);
    },
  };
  return { botApi, hooks };
}

const UPDATE = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } };

/** Sends an update to the bot's webhook route as Telegram would; answers the status. */
export async function sendUpdate(app: FastifyInstance, botId: string, secret: string | undefined) {
  const res = await app.inject({
    method: 'POST',
    url: `/telegram/webhook/${botId}`,
    headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: UPDATE,
  });
  return res.statusCode;
}
