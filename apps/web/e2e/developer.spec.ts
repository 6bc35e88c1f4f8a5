import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function randomToken(): string {
  const digits = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)).slice(0, 10);
  const tail = Array.from(randomBytes(35), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
  return `${digits}:${tail}`;
}

async function session(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('auth_token') as string,
    vendorId: localStorage.getItem('vendor_id') as string,
  }));
}

/** A bot of the test's own on the Enterprise plan (the one that lists API access), made through the API. */
async function enterpriseBot(page: Page): Promise<string> {
  const suffix = randomBytes(4).toString('hex');
  const fake = { token: randomToken(), username: `dev_${suffix}_bot`, firstName: `Dev ${suffix}` };
  expect((await page.request.post('/fake-telegram/__control/bots', { data: fake })).ok()).toBe(true);
  const { token, vendorId } = await session(page);
  const response = await page.request.post(`/api/v1/vendors/${vendorId}/bots`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { botToken: fake.token, botName: `Dev ${suffix}`, plan: 'ENTERPRISE' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/** Telegram's main button (drawn in the page in demo mode). */
const mainButton = (page: Page) => page.getByTestId('demo-main-button');

test.beforeEach(async ({ page }) => {
  await openSignedIn(page);
});

test('creates an API key, shown once, and calls the API with it', async ({ page }) => {
  const botId = await enterpriseBot(page);
  await page.goto('/settings/api');
  await expect(page.getByRole('heading', { name: 'API Access' })).toBeVisible();
  await expect(page.getByText('60 requests per minute')).toBeVisible();
  await page.getByLabel('Key name').fill('E2E key');
  await mainButton(page).click();
  const shown = page.getByTestId('new-api-key-value');
  await expect(shown).toHaveText(/^bsk_live_/);
  const key = (await shown.textContent()) as string;
  await expect(page.getByTestId('api-key').filter({ hasText: 'E2E key' })).toContainText(key.slice(-4));

  const { vendorId } = await session(page);
  const res = await page.request.get(`/api/v1/vendors/${vendorId}/bot-details/${botId}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['ratelimit-policy']).toContain('"minute";q=60;w=60');
  // Read only: a write is refused.
  const write = await page.request.post(`/api/v1/vendors/${vendorId}/categories`, {
    headers: { Authorization: `Bearer ${key}` },
    data: { name: 'Nope' },
  });
  expect(write.status()).toBe(403);
});

test.describe('webhooks', () => {
  let server: Server;
  let url: string;
  const received: string[] = [];

  test.beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('adds a webhook to a local receiver, Test answers 200 inline, the ping shows in Recent Activity', async ({
    page,
  }) => {
    const botId = await enterpriseBot(page);
    await page.goto(`/bots/${botId}/webhooks`);
    await expect(page.getByText('No webhooks configured yet')).toBeVisible();
    await page.getByLabel('Webhook URL').fill(url);
    await page.getByLabel('order.created').check();
    await mainButton(page).click();
    await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
    const item = page.getByTestId('webhook').filter({ hasText: url });
    await expect(item).toContainText('Last triggered: Never');
    await expect(item).toContainText('Success rate 100%');

    await item.getByRole('button', { name: 'Test' }).click();
    await expect(item.getByTestId('webhook-test-result')).toHaveText('Webhook responded with 200 OK');
    expect(received.some((body) => JSON.parse(body).type === 'ping')).toBe(true);
    await expect(page.getByTestId('webhook-delivery').first()).toContainText('ping');
    await expect(page.getByTestId('webhook-delivery').first()).toContainText('HTTP 200');
  });
});

test('starts an export, watches its progress, and downloads the file', async ({ page }) => {
  await page.goto('/settings/export');
  await expect(page.getByRole('heading', { name: 'Export Data' })).toBeVisible();
  await page.getByRole('checkbox', { name: /^Orders/ }).check();
  await page.getByLabel('Format').selectOption('csv');
  await mainButton(page).click();
  const row = page.getByTestId('export').first();
  // Queued, in progress, then ready: the list polls while it runs.
  await expect(row.getByTestId('export-status')).toHaveText('Ready', { timeout: 20_000 });
  await expect(page.getByTestId('export-next-allowed')).toBeVisible();

  const download = page.waitForEvent('download');
  await row.getByTestId('export-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^export-\d{4}-\d{2}-\d{2}-orders\.csv$/);
});
