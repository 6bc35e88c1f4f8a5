import type { Bot } from '@app/contracts/bots';
import type { FastifyInstance } from 'fastify';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/harness';
import type { Config } from '../../config';
import type { FakeBotApi } from '../../telegram/fake-bot-api/server';

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

export function startApp(fake: FakeBotApi, config: Partial<Config> = {}, now?: () => Date): Promise<TestApp> {
  return createTestApp({
    config: { telegramApiRoot: fake.url, publicUrl: 'https://shop.example.test', ...config },
    ...(now ? { now } : {}),
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
