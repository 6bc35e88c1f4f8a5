import { randomBytes } from 'node:crypto';
import { expect, type Page, type Request } from '@playwright/test';

/** Where the production-mode server (a platform bot token set, no demo init data) listens. */
export const PROD_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;

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
