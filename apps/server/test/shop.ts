import type { Bot } from '@app/contracts/bots';
import { expect } from 'vitest';
import type { Config } from '../src/config';
import { customerTaps as fakeCustomerTaps } from '../src/fakes/bot-api/customer';
import { runWebhookReply } from '../src/fakes/bot-api/deliver-update';
import type { FakeBotApi } from '../src/fakes/bot-api/server';
import type { InitDataUser } from '../src/lib/telegram/init-data';
import type { TelegramThrottle } from '../src/lib/telegram/throttle';
import type { ShopPaymentsRuntime } from '../src/modules/shop/payments/shop-payments.service';
import type { StorefrontDeps } from '../src/modules/shop/shop-runtime';
import { createBot, fakeBot, type Shop, type Vendor } from './factories';
import { startApp } from './fake-telegram';
import { bearer, signIn, type TestApp } from './harness';

export const PLATFORM_USERNAME = 'botshop_platform_bot';

/** A Telegram user writing to a shop bot. */
export type Shopper = {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
};

export const ANN: Shopper = { id: 555_000_111, first_name: 'Ann' };
export const BEN: Shopper = { id: 555_000_222, first_name: 'Ben' };

/** A running app with a signed-in vendor and one of their shop bots, its webhook set on the fake Bot API. */
export type OpenShop = {
  t: TestApp;
  fake: FakeBotApi;
  owner: Vendor;
  ownerUser: InitDataUser;
  shop: Bot & { token: string };
};

export async function openShop(
  fake: FakeBotApi,
  opts: {
    plan?: string;
    now?: () => Date;
    botName?: string;
    welcomeMessage?: string;
    config?: Partial<Config>;
    telegramThrottle?: TelegramThrottle;
  } = {},
): Promise<OpenShop> {
  fake.state.reset();
  const t = await startApp(fake, opts.config ?? {}, {
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.telegramThrottle ? { telegramThrottle: opts.telegramThrottle } : {}),
  });
  fake.state.registerBot({
    token: t.config.platformBotToken,
    username: PLATFORM_USERNAME,
    firstName: 'Platform',
  });
  const session = await signIn(t.app);
  const owner: Vendor = {
    vendorId: session.vendor.id,
    auth: bearer(session.accessToken),
    base: `/api/v1/vendors/${session.vendor.id}`,
  };
  const registered = fakeBot(fake);
  const bot = await createBot(t.app, owner, {
    botToken: registered.token,
    botName: opts.botName ?? 'Corner Shop',
    plan: opts.plan ?? 'PRO',
    welcomeMessage: opts.welcomeMessage ?? 'Hello and welcome to the Corner Shop!',
  });
  return { t, fake, owner, ownerUser: session.user, shop: { ...bot, token: registered.token } };
}

/**
 * Delivers an update to the shop bot's webhook as Telegram would (with its secret), and makes the call the
 * webhook's answer carries.
 */
export async function sendUpdate(t: TestApp, fake: FakeBotApi, shop: Shop, update: Record<string, unknown>) {
  const secret = fake.state.findBot(shop.token)?.webhook?.secret_token;
  const res = await t.app.inject({
    method: 'POST',
    url: `/telegram/webhook/${shop.id}`,
    headers: { 'x-telegram-bot-api-secret-token': secret ?? '' },
    payload: { update_id: Math.floor(Math.random() * 1e9), ...update },
  });
  expect(res.statusCode).toBe(200);
  await runWebhookReply(fake.state, shop.token, res.body);
}

/** Posts an update to the shop bot's webhook route as Telegram would, and makes the call its answer carries. */
function deliver(s: OpenShop, payload: Record<string, unknown>) {
  return sendUpdate(s.t, s.fake, s.shop, payload);
}

/** Sends a private text message to the shop bot from `from`. */
export async function customerSays(s: OpenShop, text: string, from: Shopper = ANN) {
  await deliver(s, {
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
  });
}

/**
 * The customer taps an inline button whose callback data is `data`, on a message Telegram no longer shows the
 * bot (an old one: it comes as an inaccessible message, date 0), so whatever the bot answers comes as new
 * messages. A shortcut to any step; `customerTapsButton` taps a button the chat shows.
 */
export async function customerTaps(s: OpenShop, data: string, from: Shopper = ANN) {
  await deliver(s, {
    callback_query: {
      id: String(Math.floor(Math.random() * 1e9)),
      from: { ...from, is_bot: false },
      chat_instance: '1',
      data,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: from.id, type: 'private', first_name: from.first_name },
      },
    },
  });
}

/**
 * The customer taps the button with callback data `data` on the newest message of the bot's that shows it, as
 * in the Telegram app (through the fake Bot API, so the bot may edit that very message).
 */
export async function customerTapsButton(s: OpenShop, data: string, from: Shopper = ANN) {
  const bot = s.fake.state.findBot(s.shop.token);
  if (!bot) throw new Error('the shop bot is not on the fake Bot API');
  const { delivery } = await fakeCustomerTaps(
    s.fake.state,
    bot,
    { ...from, is_bot: false },
    { data },
    { fetch: webhookThroughApp(s) },
  );
  expect(delivery.status).toBe(200);
}

/** Hands the fake's webhook calls to the app in process (the test app does not listen on a port). */
function webhookThroughApp(s: OpenShop): typeof fetch {
  return async (input, init) => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: new URL(String(input)).pathname,
      headers: init?.headers as Record<string, string>,
      payload: String(init?.body ?? ''),
    });
    return new Response(res.body, { status: res.statusCode });
  };
}

/** The bot's messages in the chat as the customer sees them now (edits made, deleted ones gone), oldest first. */
export function chatWith(s: OpenShop, chatId: number) {
  return (s.fake.state.findChat(s.shop.token, chatId)?.entries ?? []).flatMap((entry) =>
    entry.type === 'message' && entry.from === 'bot' && !entry.deleted ? [entry.message] : [],
  );
}

/** The parameters of every sendMessage the shop bot made to chat `chatId`, oldest first. */
export function sentTo(s: OpenShop, chatId: number) {
  return s.fake.state
    .calls({ method: 'sendMessage', token: s.shop.token })
    .map((call) => call.params)
    .filter((params) => Number(params.chat_id) === chatId);
}

/** The text of the last message the bot sent to the chat. */
export function lastTextTo(s: OpenShop, chatId: number): string | undefined {
  return sentTo(s, chatId).at(-1)?.text as string | undefined;
}

/** The callback_query answers' texts the bot gave (the small notes Telegram shows at the top). */
export function answersOf(s: OpenShop): string[] {
  return s.fake.state
    .calls({ method: 'answerCallbackQuery', token: s.shop.token })
    .map((call) => call.params.text)
    .filter((text): text is string => typeof text === 'string');
}

/** Every button of a message's inline keyboard: its text and callback data (or URL). */
export function buttonsOf(
  params: Record<string, unknown> | undefined,
): Array<{ text: string; data: string }> {
  const markup = params?.reply_markup as
    | { inline_keyboard?: Array<Array<{ text: string; callback_data?: string; url?: string }>> }
    | string
    | undefined;
  const parsed = typeof markup === 'string' ? JSON.parse(markup) : markup;
  return (parsed?.inline_keyboard ?? [])
    .flat()
    .map((b: { text: string; callback_data?: string; url?: string }) => ({
      text: b.text,
      data: b.callback_data ?? b.url ?? '',
    }));
}

/** Waits until `check` passes (for writes the shop makes after answering, like the funnel's counts). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 3000) {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() - started > timeoutMs) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** Storefront dependencies that answer nothing, for tests of the runtime itself; override what a test needs. */
export function idleStorefrontDeps(overrides: Partial<StorefrontDeps>): StorefrontDeps {
  return {
    apiRoot: 'http://127.0.0.1:9/unused',
    shopRuntimeOf: async () => undefined,
    welcomeOf: async () => null,
    storeOf: async () => null,
    policyOf: async () => '',
    policiesOf: async () => [],
    faqsOf: async () => [],
    catalogue: {
      categories: async () => [],
      products: async () => ({ products: [], hasMore: false }),
      product: async () => null,
    },
    absoluteUrl: (path) => path,
    isVendorMember: async () => false,
    backOfficeLink: async () => null,
    log: { warn: () => undefined, error: () => undefined },
    customers: {
      fromTelegram: async () => ({ id: 'customer', name: 'Customer', blockedAt: null }),
      optOutOfPromotions: async () => false,
    },
    support: { customerWrote: async () => null, hasOpen: async () => false, rate: async () => 'refused' },
    storeCustomerFile: () => Promise.reject(new Error('no media in this test')),
    reviews: {
      nextToRate: async () => ({ status: 'done' }),
      rate: () => Promise.reject(new Error('no reviews in this test')),
      addText: async () => undefined,
    },
    sessions: {
      read: async () => ({ cart: [], step: null, updatedAt: null }),
      write: async () => undefined,
      update: () => Promise.reject(new Error('no sessions in this test')),
      claimDueCarts: async () => [],
    },
    saleProducts: async () => [],
    funnel: { record: () => undefined },
    planOf: async () => 'PRO',
    slotsOf: async () => null,
    seriesOf: async () => [],
    placeShopOrder: () => Promise.reject(new Error('no orders in this test')),
    noteOrderLimitReached: async () => undefined,
    now: () => new Date(),
    shopPayments: {} as ShopPaymentsRuntime,
    matchFilters: async () => ({ rule: null }),
    recordChat: async () => undefined,
    recordError: async () => undefined,
    ...overrides,
  };
}
