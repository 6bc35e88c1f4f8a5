import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

// Payments against the demo server: its fake Bot API (the platform bot's invoices, paid through the control
// route that sends pre_checkout_query and successful_payment to the platform webhook) and its fake crypto
// provider (a control route that moves a payment on and sends the signed IPN).

const SHOTS = '/tmp/shots-payments';
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function randomToken(): string {
  const digits = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)).slice(0, 10);
  const tail = Array.from(randomBytes(35), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
  return `${digits}:${tail}`;
}

async function session(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
}

/** A bot of this test's own, on a BASIC trial, created through the API. */
async function createBot(page: Page): Promise<{ id: string; name: string }> {
  const suffix = randomBytes(4).toString('hex');
  const fake = { token: randomToken(), username: `pay_${suffix}_bot`, firstName: `Pay ${suffix}` };
  expect((await page.request.post('/fake-telegram/__control/bots', { data: fake })).ok()).toBe(true);
  const { token, vendorId } = await session(page);
  const name = `Paid ${suffix}`;
  const response = await page.request.post(`/api/v1/vendors/${vendorId}/bots`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { botToken: fake.token, botName: name, plan: 'BASIC' },
  });
  expect(response.ok()).toBe(true);
  const { id } = (await response.json()) as { id: string };
  return { id, name };
}

const mainButton = (page: Page) => page.getByTestId('demo-main-button');

async function shot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('Stars: the plan picker leads to Telegram’s invoice; once the server confirms, the bot is active and its invoice downloads as a PDF', async ({
  page,
}) => {
  await openSignedIn(page);
  const bot = await createBot(page);

  await page.goto(`/subscription-plans/${bot.id}`);
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Yearly (-17%)' }).click();
  await expect(page.getByText('Save $158.00')).toBeVisible();
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await page.getByRole('button', { name: /^Basic/ }).click();
  await page.getByRole('button', { name: /^Telegram Stars/ }).click();
  await shot(page, 'plan-picker');
  await mainButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/payments/stars/${bot.id}/basic`));

  await expect(page.getByRole('heading', { name: 'Pay with Telegram Stars' })).toBeVisible();
  await expect(mainButton(page)).toHaveText('Pay 2,233 Stars');
  await shot(page, 'stars-pending');
  // Telegram's payment sheet: in demo mode the browser asks, then the fake Bot API pays the invoice.
  page.once('dialog', (dialog) => void dialog.accept());
  await mainButton(page).click();

  await expect(page.getByText('Payment completed! Your subscription is active.')).toBeVisible();
  await shot(page, 'stars-completed');
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}$`), { timeout: 5000 });

  await page.goto('/subscriptions');
  const card = page.getByRole('button', { name: new RegExp(bot.name) });
  await expect(card).toContainText('Active');
  await card.click();
  await expect(page.getByText('Automatic (Telegram Stars)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invoices' }).getByText('$29.00').first()).toBeVisible();
  await shot(page, 'subscriptions');

  // Telegram downloads the invoice through a link made for it (in demo mode, the browser does). The month's
  // fee statement comes first in the list, the invoices after it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Invoices' })
      .getByRole('button', { name: 'Download PDF' })
      .last()
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^INV-.+\.pdf$/);
  expect(readFileSync(await download.path(), 'latin1').startsWith('%PDF-')).toBe(true);
});

test('Stars: a cancelled invoice returns to pending with a warning', async ({ page }) => {
  await openSignedIn(page);
  const bot = await createBot(page);
  await page.goto(`/payments/stars/${bot.id}/pro`);
  page.once('dialog', (dialog) => void dialog.dismiss());
  await mainButton(page).click();
  await expect(page.getByText('Payment was cancelled. You can try again.')).toBeVisible();
  await expect(mainButton(page)).toHaveText('Pay 6,083 Stars');
});

test('Litecoin: a pay address with a QR code; the provider’s finished IPN activates the bot', async ({
  page,
}) => {
  await openSignedIn(page);
  const bot = await createBot(page);
  await page.goto(`/payments/ltc/${bot.id}/pro?period=monthly`);
  await expect(page.getByRole('heading', { name: 'Pay with Litecoin' })).toBeVisible();
  await mainButton(page).click();

  const address = (await page.getByTestId('ltc-address').textContent()) ?? '';
  expect(address).toMatch(/^ltc1q/);
  await expect(page.getByText('Send exactly 0.79 LTC to this address:')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of the payment address' })).toBeVisible();
  await expect(page.getByText('Waiting for payment...')).toBeVisible();
  await shot(page, 'ltc-waiting');

  const move = (status: string) =>
    page.request.post(`/fake-nowpayments/__control/payments/${address}/status`, { data: { status } });
  expect((await (await move('partially_paid')).json()).delivered).toBe(true);
  await expect(page.getByText('Only part of the amount arrived.', { exact: false })).toBeVisible();
  await move('finished');
  await expect(page.getByText('Payment completed! Your subscription is active.')).toBeVisible();
  await expect(mainButton(page)).toHaveText('Go to Bot Dashboard');
});

test('Wallet: insufficient balance shows the spec text and offers Add Funds', async ({ page }) => {
  await openSignedIn(page);
  const bot = await createBot(page);
  await page.goto(`/payments/wallet/${bot.id}/enterprise`);
  await expect(
    page.getByText(/^Insufficient balance\. You need \$199\.00 but only have \$\d[\d,]*\.\d\d\.$/),
  ).toBeVisible();
  await expect(mainButton(page)).toHaveText('Add Funds to Wallet');
  await shot(page, 'wallet-insufficient');
  await mainButton(page).click();
  await expect(page).toHaveURL(/\/wallet\/add-funds$/);
  await shot(page, 'add-funds');
});

test('Subscriptions: cancel asks with the spec text, then the card says Cancelled', async ({ page }) => {
  await openSignedIn(page);
  const bot = await createBot(page);
  await page.goto('/subscriptions');
  const card = page.getByRole('button', { name: new RegExp(bot.name) });
  await card.click();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(
      'Are you sure you want to cancel this subscription? The bot will be deactivated at the end of the billing period.',
    );
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(card).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Renew' })).toBeVisible();
});

test('Subscriptions: the plan fees of the shop sales show this month, and each month as a statement', async ({
  page,
}) => {
  await openSignedIn(page);
  await page.goto('/subscriptions');
  const fees = page.getByTestId('plan-fees-this-month');
  await expect(fees).toContainText('Plan fees this month');
  await expect(fees).toContainText(/paid orders? · \$[\d,.]+ in sales/);
  // The demo's seeded paid orders accrued their bots' plan fees.
  const invoices = page.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByText(/^Plan fees · /).first()).toBeVisible();
  await shot(page, 'subscriptions-plan-fees');
});

test('Wallet: funds added with Stars pay a plan from the wallet', async ({ page }) => {
  await openSignedIn(page);
  const bot = await createBot(page);
  await page.goto('/wallet/add-funds');
  await page.getByRole('button', { name: '$50.00' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await mainButton(page).click();
  await expect(page.getByText('Funds added to your wallet.')).toBeVisible();

  await page.goto(`/payments/wallet/${bot.id}/basic`);
  await expect(mainButton(page)).toHaveText('Pay from Wallet');
  await mainButton(page).click();
  await expect(page.getByText('Payment completed! Your subscription is active.')).toBeVisible();
  await shot(page, 'wallet-completed');
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}$`), { timeout: 5000 });
});

test('Home: the Subscription Overview card leads to /subscriptions', async ({ page }) => {
  await openSignedIn(page);
  const card = page.getByTestId('home-subscriptions');
  await expect(card.getByRole('heading', { name: 'Subscription Overview' })).toBeVisible();
  await expect(card).toContainText('per month');
  await shot(page, 'home-overview');
  await card.getByRole('button', { name: 'Manage Subscriptions' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
});
