import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A fresh token in the Bot API format: 8–10 digits, a colon, 35 characters. */
function randomToken(): string {
  const digits = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)).slice(0, 10);
  const tail = Array.from(randomBytes(35), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
  return `${digits}:${tail}`;
}

type FakeBot = { token: string; username: string; firstName: string };

/** Tells the in-process fake Bot API about a new bot, so the wizard can verify its token. */
async function registerFakeBot(page: Page): Promise<FakeBot> {
  const suffix = randomBytes(4).toString('hex');
  const bot = { token: randomToken(), username: `e2e_${suffix}_bot`, firstName: `E2E Shop ${suffix}` };
  const response = await page.request.post('/fake-telegram/__control/bots', { data: bot });
  expect(response.ok()).toBe(true);
  return bot;
}

/** Telegram's main button, which carries each step's primary action (drawn in the page in demo mode). */
function wizardPrimary(page: Page) {
  return page.getByTestId('demo-main-button');
}

async function createBotThroughWizard(page: Page, fake: FakeBot, name: string): Promise<string> {
  await page.goto('/bots');
  await page.getByTestId('demo-main-button').click();
  await expect(page).toHaveURL(/\/bot-new$/);
  await expect(page.getByRole('heading', { name: 'Bot Verification' })).toBeVisible();

  await page.getByLabel('Bot Token').fill(fake.token);
  await page.getByRole('button', { name: 'Verify Bot' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(`@${fake.username}`);
  await expect(page.getByLabel('Display Name')).toHaveValue(fake.firstName);
  await page.getByLabel('Display Name').fill(name);
  await page.getByLabel('Description').fill('Made by the end-to-end test');
  await wizardPrimary(page).click();

  await expect(page.getByRole('heading', { name: 'Bot Configuration' })).toBeVisible();
  await page.getByLabel('Store Category').selectOption('electronics');
  await page.getByLabel('Currency').selectOption('EUR');
  await wizardPrimary(page).click();

  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  // The demo vendor already has bots, so the Free plan is not offered.
  await expect(page.getByRole('radio', { name: 'Free plan' })).toHaveCount(0);
  await expect(page.getByText('Special Offer')).toHaveCount(0);
  await expect(page.getByText('7-day free trial')).toHaveCount(3);
  await page.getByRole('radio', { name: 'Basic plan' }).check({ force: true });
  await expect(wizardPrimary(page)).toHaveText('Create Bot');
  await wizardPrimary(page).click();

  await expect(page).toHaveURL(/\/subscription-plans\/[0-9a-f-]{36}$/);
  const botId = page.url().split('/').at(-1);
  if (!botId) throw new Error('no bot id in the URL');
  return botId;
}

test('lists the demo vendor bots with statistics and the create button', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/bots');
  await expect(page.getByRole('heading', { name: 'Your Bots' })).toBeVisible();
  await expect(page.getByText(/Unlimited bots allowed/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bots' }).getByRole('heading', { level: 2 })).not.toHaveCount(
    0,
  );
  const stats = page.getByTestId('bot-statistics');
  await expect(stats).toContainText('Total Bots');
  await expect(stats).toContainText('No bot limit! Create unlimited bots with individual subscriptions.');
  await expect(page.getByTestId('demo-main-button')).toHaveText('Create New Bot');
  await page.getByTestId('demo-main-button').click();
  await expect(page).toHaveURL(/\/bot-new$/);
});

test('the wizard checks the token before it can go on', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/bot-new');
  const verifyButton = page.getByRole('button', { name: 'Verify Bot' });

  await verifyButton.click();
  await expect(page.getByText('Please enter a bot token first')).toBeVisible();

  // Characters a token cannot contain are dropped as typed.
  await page.getByLabel('Bot Token').fill('12 3$:abc');
  await expect(page.getByLabel('Bot Token')).toHaveValue('123:abc');
  await verifyButton.click();
  await expect(page.getByText('Invalid bot token format')).toBeVisible();

  await page.getByLabel('Bot Token').fill(randomToken());
  await verifyButton.click();
  await expect(page.getByText('Invalid token or bot not found. Please check your token.')).toBeVisible();

  await wizardPrimary(page).click();
  await expect(page.getByText('Please verify your bot token first')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bot Verification' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/bots$/);
});

test('creates a bot on a paid trial, stops and starts it, edits, saves and deletes it', async ({ page }) => {
  await openSignedIn(page);
  const fake = await registerFakeBot(page);
  const name = `Gadgets ${fake.username.slice(4, 12)}`;
  const botId = await createBotThroughWizard(page, fake, name);

  // The new bot is on the list, on trial, running.
  await page.goto('/bots');
  const card = page.getByTestId(`bot-card-${fake.username}`);
  await expect(card).toContainText(name);
  await expect(card).toContainText(`@${fake.username}`);
  await expect(card).toContainText('TRIAL');
  await expect(card).toContainText('Expires:');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  // Stop: the card turns into the red inactive card; Reactivate starts it again.
  await card.getByRole('switch', { name: `Stop ${name}` }).click();
  await expect(card.getByText('INACTIVE', { exact: true })).toBeVisible();
  await expect(card).toContainText('Bot is currently inactive');
  await expect(card).toContainText('All bot features are disabled until renewal');
  await card.getByRole('button', { name: 'Reactivate' }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('switch', { name: `Stop ${name}` })).toHaveAttribute('aria-checked', 'true');

  // Manage opens the bot page.
  await card.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${botId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This Week' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();

  // Edit, then Cancel: the loaded values come back.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Store Category')).toHaveValue('electronics');
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Bot Name').fill('Something else');
  await page.getByRole('switch', { name: 'Maintenance Mode' }).click();
  await expect(page.getByRole('switch', { name: 'Maintenance Mode' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Bot Name')).toHaveValue(name);
  await expect(page.getByRole('switch', { name: 'Maintenance Mode' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('button', { name: 'Delete Bot' })).toHaveCount(0);

  // Edit, then Save: the values survive a reload.
  const renamed = `${name} Pro`;
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Bot Name').fill(renamed);
  await page.getByLabel('Welcome Message').fill('Hello from the test!');
  await page.getByLabel('Timezone').selectOption('CET');
  await page.getByRole('switch', { name: 'Stock Alerts' }).click();
  const stockAlerts = await page.getByRole('switch', { name: 'Stock Alerts' }).getAttribute('aria-checked');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Bot Name')).toHaveValue(renamed);
  await expect(page.getByLabel('Welcome Message')).toHaveValue('Hello from the test!');
  await expect(page.getByLabel('Timezone')).toHaveValue('CET');
  await expect(page.getByRole('switch', { name: 'Stock Alerts' })).toHaveAttribute(
    'aria-checked',
    stockAlerts ?? '',
  );

  // The token test confirms the bot's own token.
  await page.getByLabel('Test Bot Token').fill(fake.token);
  await page.getByRole('button', { name: 'Test Token' }).click();
  await expect(page.getByText('✓ Token is valid and active')).toBeVisible();
  await expect(page.getByText('✓ Token is valid and active')).toBeHidden({ timeout: 5000 });

  // Delete, confirming the dialog (demo mode answers Telegram's popup with window.confirm).
  await page.getByRole('button', { name: 'Edit' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete Bot' }).click();
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByRole('heading', { name: 'Your Bots' })).toBeVisible();
  await expect(page.getByTestId(`bot-card-${fake.username}`)).toHaveCount(0);
});

test('shows Bot Not Found for a bot that does not exist', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/bots/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Bot Not Found' })).toBeVisible();
  await expect(page.getByText('This bot does not exist or has been deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Bots' }).click();
  await expect(page).toHaveURL(/\/bots$/);
});
