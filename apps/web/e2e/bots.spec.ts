import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, telegramEvents } from './fixtures';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** A fresh token in the Bot API format: 8–10 digits, a colon, 35 characters. */
function randomToken(): string {
  const digits = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)).slice(0, 10);
  const tail = Array.from(randomBytes(35), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
  return `${digits}:${tail}`;
}

type FakeBot = { token: string; username: string; firstName: string };

/** Tells the in-process fake Bot API about a new bot, so its token verifies. */
async function registerFakeBot(page: Page): Promise<FakeBot> {
  const suffix = randomBytes(4).toString('hex');
  const bot = { token: randomToken(), username: `e2e_${suffix}_bot`, firstName: `E2E Shop ${suffix}` };
  const response = await page.request.post('/fake-telegram/__control/bots', { data: bot });
  expect(response.ok()).toBe(true);
  return bot;
}

type CreatedBot = FakeBot & { id: string; name: string };

/**
 * Arranges a bot of its own for a test (on a paid trial, running), through the API with the signed-in
 * vendor's session, so tests that stop, edit or delete a bot never touch another test's bot.
 */
async function createBot(page: Page): Promise<CreatedBot> {
  const fake = await registerFakeBot(page);
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const name = `Shop ${fake.username.slice(4, 12)}`;
  const response = await page.request.post(`/api/v1/vendors/${vendorId}/bots`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { botToken: fake.token, botName: name, plan: 'BASIC' },
  });
  expect(response.ok()).toBe(true);
  const { id } = (await response.json()) as { id: string };
  return { ...fake, id, name };
}

/** Telegram's main button (drawn in the page in demo mode). */
function mainButton(page: Page) {
  return page.getByTestId('demo-main-button');
}

/** Telegram's secondary button (drawn beside the main one in demo mode). */
function secondaryButton(page: Page) {
  return page.getByTestId('demo-secondary-button');
}

/** Telegram's back button (drawn in the demo top bar). */
function telegramBack(page: Page) {
  return page.getByTestId('demo-top-bar').getByRole('button', { name: 'Back' });
}

/** The last state the app gave Telegram's secondary button. */
async function secondaryButtonState(page: Page) {
  const events = await telegramEvents(page);
  const setups = events.filter((event) => event.name === 'web_app_setup_secondary_button');
  return setups.at(-1)?.params as { is_visible?: boolean; text?: string } | undefined;
}

async function openSettings(page: Page, bot: CreatedBot) {
  await page.goto(`/bots/${bot.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bot.name })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Bot Name')).toHaveValue(bot.name);
}

const SEEDED_BOTS = [
  { username: 'alex_corner_shop_bot', name: "Alex's Corner Shop", badge: 'Active' },
  { username: 'urban_threads_bot', name: 'Urban Threads', badge: 'Active' },
  { username: 'gadget_hub_store_bot', name: 'Gadget Hub', badge: 'Active' },
  { username: 'fresh_basket_market_bot', name: 'Fresh Basket Market', badge: 'Active' },
  { username: 'zen_wellness_studio_bot', name: 'Zen Wellness Studio', badge: 'EXPIRED' },
  // Stopped by the vendor while its subscription runs: "Stopped", with Start (issue 26 A7).
  { username: 'page_turner_books_bot', name: 'Page Turner Books', badge: 'Stopped' },
];

test.beforeEach(async ({ page }) => {
  await openSignedIn(page);
});

test('lists the demo vendor’s six bots, each with its state, and the bot statistics', async ({ page }) => {
  await page.goto('/bots');
  const list = page.getByRole('region', { name: 'Bots' });
  for (const bot of SEEDED_BOTS) {
    const card = list.getByTestId(`bot-card-${bot.username}`);
    await expect(card.getByRole('heading', { level: 2, name: bot.name })).toBeVisible();
    await expect(card.getByText(bot.badge, { exact: true })).toBeVisible();
  }
  await expect(list.getByTestId('bot-card-zen_wellness_studio_bot')).toContainText(
    /Subscription expired on \w{3} \d{1,2}, \d{4}/,
  );
  await expect(list.getByTestId('bot-card-alex_corner_shop_bot')).toContainText('FREE');
  await expect(page.getByText(/\d+ active of \d+ · Unlimited bots allowed/)).toBeVisible();
  const stats = page.getByTestId('bot-statistics');
  await expect(stats).toContainText('Total Bots');
  await expect(stats).toContainText('No bot limit! Create unlimited bots with individual subscriptions.');
});

test('Create New Bot on Telegram’s main button opens the wizard', async ({ page }) => {
  await page.goto('/bots');
  await expect(mainButton(page)).toHaveText('Create New Bot');
  await mainButton(page).click();
  await expect(page).toHaveURL(/\/bot-new$/);
  await expect(page.getByRole('heading', { name: 'Bot Verification' })).toBeVisible();
});

test('the wizard checks the token before it can go on', async ({ page }) => {
  await page.goto('/bot-new');
  // Verify is Telegram's secondary button, beside Continue.
  const verifyButton = secondaryButton(page);
  await expect(verifyButton).toHaveText('Verify Bot');
  // Continue (Telegram's main button) stays disabled until Telegram has confirmed the token.
  await expect(mainButton(page)).toHaveText('Continue');
  await expect(mainButton(page)).toBeDisabled();

  await verifyButton.click();
  await expect(page.getByText('Please enter a bot token first')).toBeVisible();

  // Characters a token cannot contain are dropped as typed.
  await page.getByLabel('Bot Token').fill('12 3$:abc');
  await expect(page.getByLabel('Bot Token')).toHaveValue('123:abc');
  await verifyButton.click();
  await expect(page.getByText('Invalid bot token format')).toBeVisible();
  await expect(page.getByLabel('Bot Token')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Bot Token').fill(randomToken());
  await verifyButton.click();
  await expect(page.getByText('Invalid token or bot not found. Please check your token.')).toBeVisible();
  await expect(mainButton(page)).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Bot Verification' })).toBeVisible();
});

test('creates a bot through the wizard on a paid trial', async ({ page }) => {
  const fake = await registerFakeBot(page);
  const name = `Gadgets ${fake.username.slice(4, 12)}`;
  await page.goto('/bot-new');

  await page.getByLabel('Bot Token').fill(fake.token);
  await page.getByRole('button', { name: 'Verify Bot' }).click();
  await expect(page.getByText('✓ Token verified')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(`@${fake.username}`);
  await expect(page.getByLabel('Display Name')).toHaveValue(fake.firstName);
  await page.getByLabel('Display Name').fill(name);
  await page.getByLabel('Description').fill('Made by the end-to-end test');
  await expect(mainButton(page)).toBeEnabled();
  await mainButton(page).click();

  await expect(page.getByRole('heading', { name: 'Bot Configuration' })).toBeVisible();
  await expect(page.getByLabel('Welcome Message')).toHaveValue(
    'Welcome to our store! Browse our products and enjoy exclusive deals.',
  );
  await page.getByLabel('Store Category').selectOption('electronics');
  await page.getByLabel('Currency').selectOption('EUR');
  await mainButton(page).click();

  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  // The demo vendor already has bots, so the Free plan is not offered; the recommended plan is preselected.
  await expect(page.getByRole('radio', { name: 'Free plan' })).toHaveCount(0);
  await expect(page.getByText('Special Offer')).toHaveCount(0);
  await expect(page.getByText('7-day free trial')).toHaveCount(3);
  await expect(page.getByRole('radio', { name: 'Pro plan' })).toBeChecked();
  await page.getByRole('radio', { name: 'Basic plan' }).check({ force: true });
  await expect(mainButton(page)).toHaveText('Create Bot');
  await mainButton(page).click();

  // Lands on the new bot, which says it was created on the plan chosen, on trial.
  await expect(page).toHaveURL(/\/bots\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('bot-created')).toHaveText('Created — 7-day trial of Basic started');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const botId = page.url().split('/').at(-1);
  await page.goto('/bots');
  const card = page.getByTestId(`bot-card-${fake.username}`);
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card).toContainText(`@${fake.username}`);
  await expect(card).toContainText('TRIAL');
  await expect(card).toContainText(/Expires: \w{3} \d{1,2}, \d{4}/);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${botId}$`));
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Store Category')).toHaveValue('electronics');
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  await expect(page.getByLabel('Description')).toHaveValue('Made by the end-to-end test');
});

test('Telegram’s back goes a step back inside the wizard, and asks before leaving unsaved work', async ({
  page,
}) => {
  const fake = await registerFakeBot(page);
  await page.goto('/bots');
  await mainButton(page).click();
  await page.getByLabel('Bot Token').fill(fake.token);
  await page.getByRole('button', { name: 'Verify Bot' }).click();
  await expect(page.getByLabel('Display Name')).toHaveValue(fake.firstName);
  await mainButton(page).click();
  await expect(page.getByRole('heading', { name: 'Bot Configuration' })).toBeVisible();

  await telegramBack(page).click();
  await expect(page.getByRole('heading', { name: 'Bot Verification' })).toBeVisible();
  await expect(page).toHaveURL(/\/bot-new$/);
  await expect(page.getByLabel('Bot Token')).toHaveValue(fake.token);

  // From step 1 back leaves the wizard, but only once the user agrees to drop what was typed.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('You have unsaved changes. If you leave now, they will be lost.');
    void dialog.dismiss();
  });
  await telegramBack(page).click();
  await expect(page.getByRole('heading', { name: 'Bot Verification' })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await telegramBack(page).click();
  await expect(page).toHaveURL(/\/bots$/);
});

test('stops a running bot and starts it again', async ({ page }) => {
  const bot = await createBot(page);
  await page.goto('/bots');
  const card = page.getByTestId(`bot-card-${bot.username}`);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  // Issue 26 A7: stopped while its subscription runs, it is "Stopped" with Start, not the renewal card.
  await card.getByRole('switch', { name: `Stop ${bot.name}` }).click();
  await expect(card.getByText('Stopped', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('All bot features are disabled until renewal');

  await card.getByRole('switch', { name: `Start ${bot.name}` }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('switch', { name: `Stop ${bot.name}` })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('edit then Cancel restores the loaded values', async ({ page }) => {
  const bot = await createBot(page);
  await openSettings(page, bot);
  const maintenance = page.getByRole('switch', { name: 'Maintenance Mode' });
  await expect(maintenance).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Bot Name')).toHaveAttribute('readonly', '');

  await page.getByRole('button', { name: 'Edit' }).click();
  // Save is Telegram's main button, enabled once something changed; Cancel is its secondary button.
  await expect(mainButton(page)).toHaveText('Save');
  await expect(mainButton(page)).toBeDisabled();
  expect(await secondaryButtonState(page)).toMatchObject({ is_visible: true, text: 'Cancel' });

  await page.getByLabel('Bot Name').fill('Something else');
  await maintenance.click();
  await expect(maintenance).toHaveAttribute('aria-checked', 'true');
  await expect(mainButton(page)).toBeEnabled();

  await secondaryButton(page).click();
  await expect(page.getByLabel('Bot Name')).toHaveValue(bot.name);
  await expect(maintenance).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('button', { name: 'Delete Bot' })).toHaveCount(0);
  await expect(mainButton(page)).toHaveCount(0);
  expect(await secondaryButtonState(page)).toMatchObject({ is_visible: false });
});

test('edit then Save persists the changes', async ({ page }) => {
  const bot = await createBot(page);
  await openSettings(page, bot);
  const stockAlerts = page.getByRole('switch', { name: 'Stock Alerts' });
  // A new bot has stock alerts on (the contracts' default).
  await expect(stockAlerts).toHaveAttribute('aria-checked', 'true');

  const renamed = `${bot.name} Pro`;
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Bot Name').fill(renamed);
  await page.getByLabel('Welcome Message').fill('Hello from the test!');
  await page.getByLabel('Timezone').selectOption('CET');
  await stockAlerts.click();
  await expect(stockAlerts).toHaveAttribute('aria-checked', 'false');
  await mainButton(page).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Bot Name')).toHaveValue(renamed);
  await expect(page.getByLabel('Welcome Message')).toHaveValue('Hello from the test!');
  await expect(page.getByLabel('Timezone')).toHaveValue('CET');
  await expect(page.getByRole('switch', { name: 'Stock Alerts' })).toHaveAttribute('aria-checked', 'false');
});

test('Save shows the contract’s message for an empty bot name and saves nothing', async ({ page }) => {
  const bot = await createBot(page);
  await openSettings(page, bot);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Bot Name').fill('   ');
  await mainButton(page).click();
  await expect(page.getByText('Bot name is required')).toBeVisible();
  await expect(page.getByLabel('Bot Name')).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: bot.name })).toBeVisible();
});

test('the token test confirms the bot’s own token, then resets', async ({ page }) => {
  const bot = await createBot(page);
  await openSettings(page, bot);
  await page.getByLabel('Test Bot Token').fill(bot.token);
  await page.getByRole('button', { name: 'Test Token' }).click();
  await expect(page.getByText('✓ Token is valid and active')).toBeVisible();
  await expect(page.getByText('✓ Token is valid and active')).toBeHidden({ timeout: 5000 });

  await page.getByLabel('Test Bot Token').fill(randomToken());
  await page.getByRole('button', { name: 'Test Token' }).click();
  await expect(page.getByText('✗ Invalid token. Please check and try again')).toBeVisible();
});

test('Delete Bot asks in a destructive popup, then removes the bot', async ({ page }) => {
  const bot = await createBot(page);
  await openSettings(page, bot);
  await page.getByRole('button', { name: 'Edit' }).click();

  // Declining keeps the bot.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Delete Bot' }).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}$`));
  const popup = (await telegramEvents(page)).filter((event) => event.name === 'web_app_open_popup').at(-1);
  expect(popup?.params).toMatchObject({
    message: 'Are you sure you want to delete this bot? This action cannot be undone.',
    buttons: [{ type: 'destructive', text: 'Delete' }, { type: 'cancel' }],
  });

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete Bot' }).click();
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByTestId('bot-card-alex_corner_shop_bot')).toBeVisible();
  await expect(page.getByTestId(`bot-card-${bot.username}`)).toHaveCount(0);
});

test('shows Bot Not Found for a bot that does not exist', async ({ page }) => {
  await page.goto('/bots/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Bot Not Found' })).toBeVisible();
  await expect(page.getByText('This bot does not exist or has been deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Bots' }).click();
  await expect(page).toHaveURL(/\/bots$/);
});
