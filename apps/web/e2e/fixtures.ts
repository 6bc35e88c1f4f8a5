import type { Page, Request } from '@playwright/test';

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
