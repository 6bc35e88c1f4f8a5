import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createOwnBot, openSignedIn } from './fixtures';

const SHOTS = '/tmp/shots-settings';

const createBot = (page: Page) => createOwnBot(page, 'Shop', 'BASIC');

/** Telegram's main button (drawn in the page in demo mode). */
const mainButton = (page: Page) => page.getByTestId('demo-main-button');

/** Answers the next popup (a browser dialog in demo mode) and resolves to its text. */
function nextPopup(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeEach(async ({ page }) => {
  await openSignedIn(page);
});

test('the hub shows a bot’s settings links only once a bot is chosen', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto('/settings');
  await expect(page.getByText('Choose a bot to see its settings.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Store Details/ })).toHaveCount(0);
  await page.getByLabel('Bot', { exact: true }).selectOption(bot.id);
  for (const name of [
    'Store Details',
    'Welcome Message',
    'Content Filters',
    'Bot Token',
    'Payment Providers',
    'Shipping Methods',
    'Webhooks',
  ]) {
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  await shoot(page, 'hub');
  await page.getByRole('link', { name: /Store Details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}/store$`));
  // Back leads to the hub, which keeps the chosen bot.
  await page.getByTestId('demo-top-bar').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('link', { name: /Store Details/ })).toBeVisible();
});

test('store details are saved on the main button and shown after a reload', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto(`/bots/${bot.id}/store`);
  await expect(page.getByRole('heading', { level: 1, name: 'Store Details' })).toBeVisible();
  await page.getByLabel('Business Email').fill('not-an-email');
  await page.getByLabel('Store Name').fill('Corner Shop');
  await mainButton(page).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await page.getByLabel('Business Email').fill('hello@corner.example');
  await page.getByLabel('Website').fill('https://corner.example');
  await page.getByLabel('Primary Color').fill('#112233');
  await mainButton(page).click();
  await expect(page.getByRole('status')).toHaveText('✓ Saved');
  await shoot(page, 'store');

  await page.reload();
  await expect(page.getByLabel('Store Name')).toHaveValue('Corner Shop');
  await expect(page.getByLabel('Business Email')).toHaveValue('hello@corner.example');
  await expect(page.getByLabel('Website')).toHaveValue('https://corner.example');
  await expect(page.getByLabel('Primary Color')).toHaveValue('#112233');
});

test('a logo is uploaded through the media module, previewed, and kept after a reload', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto(`/bots/${bot.id}/store`);
  await page
    .getByTestId('logo-file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByLabel('Logo')).toHaveValue(/^http:\/\/.+\/media\/.+/);
  const logo = await page.getByLabel('Logo').inputValue();
  expect((await page.request.get(logo)).status()).toBe(200);
  await mainButton(page).click();
  await expect(page.getByRole('status')).toHaveText('✓ Saved');

  await page.reload();
  await expect(page.getByLabel('Logo')).toHaveValue(logo);
  await expect(page.locator(`img[src="${logo}"]`)).toBeVisible();
});

/** A small PNG of one colour (valid for the server's image pipeline). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('the welcome preview follows the text as you type and shows the first 3 buttons', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto(`/bots/${bot.id}/welcome`);
  const preview = page.getByTestId('welcome-preview');
  await page.getByLabel('Welcome Message').fill('Hello there!');
  await expect(preview).toContainText('Hello there!');
  await page.getByLabel('Welcome Message').pressSequentially(' Welcome');
  await expect(preview).toContainText('Hello there! Welcome');
  await expect(page.getByText('20 / 1,000')).toBeVisible();

  for (const label of ['Browse', 'Deals', 'Help', 'Site']) {
    await page.getByLabel('Button Text').fill(label);
    // Without an action nothing is added (spec part 2 §5.6): the button stays disabled.
    await expect(page.getByRole('button', { name: 'Add Button' })).toBeDisabled();
    await page.getByLabel('Action').selectOption(label === 'Help' ? 'contact_support' : 'open_catalog');
    await page.getByRole('button', { name: 'Add Button' }).click();
  }
  await expect(preview.getByText('Browse', { exact: true })).toBeVisible();
  await expect(preview.getByText('Help', { exact: true })).toBeVisible();
  await expect(preview.getByText('Site', { exact: true })).toHaveCount(0);
  await shoot(page, 'welcome');

  await mainButton(page).click();
  await expect(mainButton(page)).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('Welcome Message')).toHaveValue('Hello there! Welcome');
  await expect(preview.getByText('Deals', { exact: true })).toBeVisible();
});

test('a filter word is added (blank is refused in a popup) and the test finds it', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto(`/bots/${bot.id}/filters`);
  await expect(page.getByText('No filter words yet')).toBeVisible();
  const popup = nextPopup(page);
  await mainButton(page).click();
  expect(await popup).toBe('Please enter a word to filter.');

  await page.getByLabel('Word', { exact: true }).fill('Scam');
  await mainButton(page).click();
  await expect(page.getByRole('list', { name: 'Filter Words' })).toContainText('scam');
  await expect(page.getByLabel('Word', { exact: true })).toHaveValue('');
  await page.getByRole('switch', { name: 'Spam' }).click();
  await expect(page.getByRole('switch', { name: 'Spam' })).toHaveAttribute('aria-checked', 'true');

  await page.getByLabel('Test a Message').fill('What a SCAM!');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('“scam” → Block (Medium)');
  await page.getByLabel('Test a Message').fill('scammers everywhere');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('No filter would fire.');
  await shoot(page, 'filters');
});

test('a shipping method for the EU counts in the EU zone', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto(`/bots/${bot.id}/shipping`);
  await expect(page.getByTestId('zone-EU')).toContainText('0 methods');

  const popup = nextPopup(page);
  await page.getByRole('button', { name: 'Add Method' }).click();
  expect(await popup).toBe('Please fill in all required fields.');

  await page.getByLabel('Name').fill('Standard');
  await page.getByLabel('Description').fill('Tracked post');
  await page.getByLabel(/^Price/).fill('4.99');
  await page.getByLabel('Estimated Days').fill('3-5');
  await page.getByRole('button', { name: 'European Union' }).click();
  await page.getByRole('button', { name: 'Add Method' }).click();
  await expect(page.getByTestId('shipping-method-Standard')).toContainText('$4.99');
  await expect(page.getByTestId('zone-EU')).toContainText('1 method');
  await expect(page.getByTestId('zone-US')).toContainText('0 methods');
  await expect(page.getByLabel('Name')).toHaveValue('');

  await expect(page.getByLabel(/^Free Shipping Threshold/)).toHaveValue('50.00');
  await page.getByLabel(/^Free Shipping Threshold/).fill('75');
  await mainButton(page).click();
  await page.reload();
  await expect(page.getByLabel(/^Free Shipping Threshold/)).toHaveValue('75.00');
  await shoot(page, 'shipping');
});

test('enabling an unconfigured provider opens its form; saving with a token enables it', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto(`/bots/${bot.id}/payments`);
  const card = page.getByTestId('provider-card');
  await expect(card).toContainText('2.9% + $0.30');
  await expect(page.getByTestId('provider-stars').getByRole('switch')).toBeDisabled();
  await card.getByRole('switch', { name: 'Card Payments' }).click();
  await expect(card.getByLabel('Provider Token')).toBeVisible();
  await expect(mainButton(page)).toHaveText('Save Provider');

  const popup = nextPopup(page);
  await mainButton(page).click();
  expect(await popup).toBe('Please enter the provider token from @BotFather.');

  const providerToken = `284685063:TEST:${randomBytes(8).toString('hex')}`;
  await card.getByLabel('Provider Token').fill(providerToken);
  await card.getByRole('button', { name: 'EUR' }).click();
  await mainButton(page).click();
  await expect(card.getByRole('switch', { name: 'Card Payments' })).toHaveAttribute('aria-checked', 'true');
  await expect(card).toContainText('Configured');
  await expect(card).toContainText('EUR');
  await page.reload();
  await expect(card.getByRole('switch', { name: 'Card Payments' })).toHaveAttribute('aria-checked', 'true');
  expect(await page.content()).not.toContain(providerToken);
  await shoot(page, 'payments');
});

test('the token screen shows the masked token and refuses a blank new one', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto(`/bots/${bot.id}/token`);
  const [id, secret = ''] = bot.token.split(':');
  await expect(page.getByTestId('masked-token')).toHaveText(
    `${id}:${secret.slice(0, 3)}…${secret.slice(-5)}`,
  );
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByRole('link', { name: 'Open Bot Chat' })).toHaveAttribute(
    'href',
    `https://t.me/${bot.username}`,
  );

  const popup = nextPopup(page);
  await mainButton(page).click();
  expect(await popup).toBe('Please enter a valid bot token.');

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText(`✓ Connected as @${bot.username}`)).toBeVisible();
  await page.getByRole('button', { name: 'Update Webhook' }).click();
  await expect(page.getByText('✓ Webhook updated')).toBeVisible();
  await shoot(page, 'token');
  await page.getByRole('link', { name: 'View Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}$`));
});
