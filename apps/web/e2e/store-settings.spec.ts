// What the vendor sets reaches the customer: the bot page's maintenance switch closes the shop's chat with its
// "we'll be back soon" line, and a product's tax rate is in the checkout's total. Each test makes a bot of its
// own (other tests use the demo shops at the same time) and plays its customer on the fake Telegram's chat page.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function randomToken(): string {
  const digits = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)).slice(0, 10);
  const tail = Array.from(randomBytes(35), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
  return `${digits}:${tail}`;
}

type CreatedBot = { id: string; name: string; username: string };

/** The signed-in demo vendor's API, for arranging a test (never for what it checks). */
async function api(page: Page, method: 'POST' | 'PATCH', path: string, data: object) {
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const response = await page.request.fetch(`/api/v1/vendors/${vendorId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** A running shop bot of the test's own, registered with the in-process fake Bot API. */
async function createBot(page: Page): Promise<CreatedBot> {
  const suffix = randomBytes(4).toString('hex');
  const fake = { token: randomToken(), username: `store_${suffix}_bot`, firstName: `Store ${suffix}` };
  expect((await page.request.post('/fake-telegram/__control/bots', { data: fake })).ok()).toBe(true);
  const name = `Shop ${suffix}`;
  const { id } = await api(page, 'POST', '/bots', { botToken: fake.token, botName: name, plan: 'PRO' });
  return { id, name, username: fake.username };
}

/** The customer's side of the bot's chat, on the fake Telegram's chat page. */
function chatOf(page: Page) {
  const chat = page.getByRole('list', { name: 'Chat' });
  return {
    chat,
    async says(text: string) {
      await page.getByPlaceholder('Message').fill(text);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
    },
  };
}

test.beforeEach(async ({ page }) => {
  await openSignedIn(page);
});

test('maintenance mode on: the shop answers its customers with its “we’ll be back soon” line', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const bot = await createBot(page);

  // The vendor turns maintenance on in the bot page's Settings tab.
  await page.goto(`/bots/${bot.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bot.name })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('switch', { name: 'Maintenance Mode' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/bot-details/${bot.id}`) && r.request().method() === 'PATCH',
  );
  await page.getByTestId('demo-main-button').click();
  expect((await saved).ok()).toBe(true);

  // A customer writes to the shop.
  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}`);
  const { chat, says } = chatOf(page);
  await says('/start');
  await expect(chat.getByText(`${bot.name} is under maintenance. We’ll be back soon!`).last()).toBeVisible();
});

test('a taxed product’s checkout total carries its tax', async ({ page }) => {
  test.setTimeout(60_000);
  const bot = await createBot(page);
  const category = await api(page, 'POST', '/categories', {
    name: `Taxed ${bot.username}`,
    subcategories: [],
  });
  const product = await api(page, 'POST', '/products', {
    name: 'Taxed candle',
    productType: 'physical',
    categoryId: category.id,
    price: 2000,
    stock: 5,
    taxRate: 10,
    botIds: [bot.id],
  });

  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}&start=product_${product.id}`);
  const { chat, says } = chatOf(page);
  await chat.getByRole('button', { name: '🛒 Add to cart' }).last().click();
  await expect(chat.getByText('Added to your cart: Taxed candle × 1').last()).toBeVisible();
  await says('/cart');
  await chat.getByRole('button', { name: '✅ Checkout' }).last().click();

  // $20.00 and 10 % tax added: $22.00 to pay.
  await expect(chat.getByText(/Order #\d+: \$22\.00\./).last()).toBeVisible();
  await expect(chat.getByText('Tax added: $2.00', { exact: false }).last()).toBeVisible();
});

test('the terms written in Settings → Policies are what the shop answers to /terms', async ({ page }) => {
  test.setTimeout(60_000);
  const bot = await createBot(page);
  const terms = `Orders ship within two days. (${bot.username})`;

  await page.goto('/settings');
  await page.getByRole('link', { name: /Policies/ }).click();
  const field = page.getByLabel('Terms of service');
  await field.fill(terms);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/policies/terms') && r.request().method() === 'PUT',
  );
  await page.getByTestId('demo-main-button').click();
  expect((await saved).ok()).toBe(true);

  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}`);
  const { chat, says } = chatOf(page);
  await says('/terms');
  await expect(chat.getByText(terms).last()).toBeVisible();
});

test('a bot’s own terms, chosen under “Applies to” in Settings → Policies, are what its shop answers', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const bot = await createBot(page);
  const terms = `Terms of this shop only. (${bot.username})`;

  await page.goto('/settings');
  await page.getByRole('link', { name: /Policies/ }).click();
  await page.getByLabel('Applies to').selectOption({ label: bot.name });
  await expect(page.getByText(/where it is empty, the All bots version/)).toBeVisible();
  await page.getByLabel('Terms of service').fill(terms);
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/policies/terms') &&
      r.request().method() === 'PUT' &&
      r.request().postDataJSON()?.botId === bot.id,
  );
  await page.getByTestId('demo-main-button').click();
  expect((await saved).ok()).toBe(true);

  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}`);
  const { chat, says } = chatOf(page);
  await says('/terms');
  await expect(chat.getByText(terms).last()).toBeVisible();
});
