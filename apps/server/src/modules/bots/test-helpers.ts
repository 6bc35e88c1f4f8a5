import type { Bot } from '@app/contracts/bots';
import type { FastifyInstance } from 'fastify';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/harness';
import type { Config } from '../../config';
import type { FakeBotApi } from '../../fakes/bot-api/server';
import { type BotApi, createBotApi, type SetWebhookParams } from '../../lib/telegram/bot-api';

export const DAY_MS = 86_400_000;

/**
 * The server's clock in tests, moved only by the test. It starts at noon UTC today: a test never straddles
 * midnight, and it stays within a day of the real time that signed init data and tokens carry.
 */
export function testClock() {
  const today = new Date();
  let at = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12);
  return {
    now: () => new Date(at),
    /** A time `ms` before now. */
    ago: (ms: number) => new Date(at - ms),
    /** The UTC day (YYYY-MM-DD) `ms` before now. */
    dayAgo: (ms: number) => new Date(at - ms).toISOString().slice(0, 10),
    advance(ms: number) {
      at += ms;
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

/** A well-formed token (35 characters after the colon) for the Telegram bot id given. */
export function makeToken(telegramBotId: number, salt = 'A'): string {
  return `${telegramBotId}:AA${`${salt}${telegramBotId}`.padEnd(33, 'x')}`;
}

let nextBotId = 7_100_000_000;

/** Registers a new bot with the fake Bot API and answers its token and username. */
export function fakeBot(fake: FakeBotApi, username?: string) {
  nextBotId += 1;
  const token = makeToken(nextBotId);
  const name = username ?? `shop${nextBotId}_bot`;
  fake.state.registerBot({ token, username: name, firstName: 'Shop' });
  return { token, username: name, telegramBotId: nextBotId };
}

export type Vendor = { vendorId: string; auth: { authorization: string }; base: string };

export async function vendor(app: FastifyInstance): Promise<Vendor> {
  const session = await signIn(app);
  const vendorId = session.vendor.id;
  return { vendorId, auth: bearer(session.accessToken), base: `/api/v1/vendors/${vendorId}` };
}

export function startApp(
  fake: FakeBotApi,
  config: Partial<Config> = {},
  opts: { now?: () => Date; botApi?: BotApi } = {},
): Promise<TestApp> {
  return createTestApp({
    config: { telegramApiRoot: fake.url, publicUrl: 'https://shop.example.test', ...config },
    ...opts,
  });
}

export async function createBot(
  app: FastifyInstance,
  v: Vendor,
  body: Record<string, unknown>,
): Promise<Bot> {
  const res = await app.inject({ method: 'POST', url: `${v.base}/bots`, headers: v.auth, payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Bot;
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
