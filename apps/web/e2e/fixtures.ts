import { createHmac, randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, type Request } from '@playwright/test';

/** Where the production-mode server (a platform bot token set, no demo init data) listens. */
export const PROD_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

// The demo server's platform bot token (apps/server/src/config.ts, DEMO_PLATFORM_BOT_TOKEN): Telegram signs a
// Mini App's launch data with the key derived from it, and so do the tests that sign in a person of their own.
const DEMO_PLATFORM_BOT_TOKEN = '1000000001:DEMOplatformBotTokenNotForProduction';

export type TelegramUser = { id: number; first_name: string; username: string; language_code?: string };

/** Launch data as Telegram signs it for `user` (core.telegram.org/bots/webapps#validating-data). */
export function signInitData(user: TelegramUser): string {
  const params = new URLSearchParams();
  params.set('query_id', `AA${randomBytes(12).toString('base64url')}`);
  params.set('user', JSON.stringify(user));
  params.set('auth_date', String(Math.floor(Date.now() / 1000)));
  params.set('signature', randomBytes(64).toString('base64url'));
  const check = [...params.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(DEMO_PLATFORM_BOT_TOKEN).digest();
  params.set('hash', createHmac('sha256', secret).update(check).digest('hex'));
  return params.toString();
}

/** A Telegram user no other test signs in as: signed in, they get a vendor account of their own. */
export function freshTelegramUser(firstName: string): TelegramUser {
  const id = 7_000_000_000 + (randomBytes(4).readUInt32BE() % 1_000_000_000);
  return { id, first_name: firstName, username: `${firstName.toLowerCase()}_${id}`, language_code: 'en' };
}

/**
 * A person's own Telegram, in a browser of their own: in demo mode the app takes its launch data from the
 * server's demo endpoint (standing in for the Telegram client); here the client hands over this person's signed
 * launch data instead, which the server verifies like any other. Popups (the browser's dialogs in demo mode)
 * are accepted, their texts collected in `dialogs`.
 */
export async function openAs(browser: Browser, user: TelegramUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const initData = signInitData(user);
  await page.route('**/api/v1/demo/init-data', (route) => route.fulfill({ json: { initData, demo: true } }));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  return { context, page, dialogs };
}

/** Opens Home in demo mode and waits until the demo vendor is signed in and greeted. */
export async function openSignedIn(page: Page, path = '/') {
  await page.goto(path);
  await page.getByRole('heading', { name: /Hello, Alex/ }).waitFor();
}

/** Records the API requests a page makes, as "METHOD /path". */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req: Request) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/'))
      calls.push(`${req.method()} ${url.pathname.replace('/api/v1', '')}`);
  });
  return calls;
}

type TelegramEvent = { name: string; params: unknown };

/** What the app told the (mocked) Telegram client, e.g. to show its back button. */
export function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => (window as unknown as { __tgEvents?: TelegramEvent[] }).__tgEvents ?? []);
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A bot token of Telegram's shape that no other test uses. */
function randomToken(): string {
  const digits = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)).slice(0, 10);
  const tail = Array.from(randomBytes(35), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
  return `${digits}:${tail}`;
}

export type OwnBot = { id: string; name: string; username: string; token: string; suffix: string };

/**
 * A running shop bot of the test's own (registered with the in-process fake Bot API, then added through the API
 * on `plan`), named "<label> <suffix>": other specs use the demo shops at the same time. Arranging, not checking.
 * Call it once the page is signed in.
 */
export async function createOwnBot(
  page: Page,
  label: string,
  plan: 'BASIC' | 'PRO' = 'PRO',
): Promise<OwnBot> {
  const suffix = randomBytes(4).toString('hex');
  const name = `${label} ${suffix}`;
  const fake = { token: randomToken(), username: `${label.toLowerCase()}_${suffix}_bot`, firstName: name };
  expect((await page.request.post('/fake-telegram/__control/bots', { data: fake })).ok()).toBe(true);
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const response = await page.request.post(`/api/v1/vendors/${vendorId}/bots`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { botToken: fake.token, botName: name, plan },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { id } = (await response.json()) as { id: string };
  return { id, name, username: fake.username, token: fake.token, suffix };
}

/** A call to the signed-in vendor's API (`/api/v1/vendors/{id}{path}`) with the page's session; it must succeed. */
export async function vendorApi<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  data?: object,
): Promise<T> {
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const response = await page.request.fetch(`/api/v1/vendors/${vendorId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A GET of the signed-in vendor's API. */
export const apiGet = <T>(page: Page, path: string): Promise<T> => vendorApi<T>(page, 'GET', path);

type ChatKeyboard = { inline_keyboard?: { text: string; callback_data?: string }[][] };
type ChatEntry = {
  type: string;
  from?: 'bot' | 'user';
  message?: {
    text?: string;
    reply_markup?: ChatKeyboard;
    invoice?: { currency: string; total_amount: number };
  };
};

/**
 * A customer in a shop bot's chat, through the fake Bot API that stands in for Telegram in demo mode: what a
 * person does in the Telegram app (write, tap a button, pay an invoice), delivered to the shop bot's webhook, and
 * what the bot said back.
 */
export function chatCustomer(page: Page, bot: string, user: { id: number; first_name: string }) {
  const control = async (route: string, body: object) => {
    const response = await page.request.post(`/fake-telegram/__control/chat/${route}`, {
      data: { bot, user, ...body },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const transcript = async (): Promise<ChatEntry[]> => {
    const response = await page.request.get(
      `/fake-telegram/__control/chat?bot=${encodeURIComponent(bot)}&userId=${user.id}`,
    );
    return (await response.json()).entries;
  };
  const lastBotMessage = async () => (await transcript()).filter((e) => e.from === 'bot').at(-1)?.message;
  return {
    says: (text: string) => control('send', { text }),
    taps: (text: string) => control('tap', { text }),
    tapsData: (data: string) => control('tap', { data }),
    pays: () => control('pay', {}),
    transcript,
    lastBotMessage,
    /** Everything the bot said, one message a line. */
    botTexts: async () =>
      (await transcript())
        .filter((e) => e.from === 'bot')
        .map((e) => e.message?.text ?? '')
        .join('\n'),
    /** The callback data of the newest bot message's first button. */
    async firstButton(): Promise<string> {
      const data = (await lastBotMessage())?.reply_markup?.inline_keyboard?.[0]?.[0]?.callback_data;
      expect(data).toBeTruthy();
      return data ?? '';
    },
  };
}
