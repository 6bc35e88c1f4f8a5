import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

// Billing against the demo server: its fake card provider (fakes/card-provider.ts) takes the card form's details
// straight from the browser and answers a payment method id, which is all our server receives.

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

test('adds a card with a test number and sees it as the default method', async ({ page }) => {
  await openSignedIn(page);
  const toProvider: string[] = [];
  const toServer: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/fake-card-provider/')) toProvider.push(req.postData() ?? '');
    if (url.pathname.startsWith('/api/')) toServer.push(req.postData() ?? '');
  });

  await page.goto('/settings/payment');
  await expect(page.getByRole('heading', { name: 'Payment Methods' })).toBeVisible();
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Cardholder Name').fill('Alex Demo');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill('39');
  await page.getByLabel('CVV').fill('123');
  await mainButton(page).click();

  const card = page.getByTestId('payment-method-card');
  await expect(card).toContainText('Visa •••• 4242');
  await expect(card.getByTestId('default-badge')).toHaveText('Default');
  // The number went to the card provider, never to our server.
  expect(toProvider.some((body) => body.includes('4242424242424242'))).toBe(true);
  expect(toServer.some((body) => body.includes('4242424242424242'))).toBe(false);

  // The default cannot be removed: the spec's 'Cannot Remove' popup (the browser's dialog in demo mode).
  const popup = nextPopup(page);
  await card.getByRole('button', { name: 'Remove' }).click();
  expect(await popup).toContain('You cannot remove the default payment method.');
  await expect(card).toBeVisible();
});

test('a card form missing a field never leaves the browser', async ({ page }) => {
  await openSignedIn(page);
  const toProvider: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/fake-card-provider/')) toProvider.push(req.url());
  });

  await page.goto('/settings/payment');
  await page.getByLabel('Card Number').fill('4242424242424242');
  const popup = nextPopup(page);
  await mainButton(page).click();
  expect(await popup).toContain('Please fill in all card details.');
  expect(toProvider).toEqual([]);
});

test('the invoices screen filters by status', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/settings/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await page.getByRole('radio', { name: 'Overdue' }).click();
  await expect(page.getByRole('radio', { name: 'Overdue' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('invoices-page')).not.toContainText('Loading invoices');
});

test('requests a payout of wallet funds and sees it in recent payouts', async ({ page }) => {
  await openSignedIn(page);
  // Funds in the wallet first: a $50 top-up with Stars (the demo's Telegram payment sheet is a browser dialog).
  await page.goto('/wallet/add-funds');
  await page.getByRole('button', { name: '$50.00' }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await mainButton(page).click();
  await expect(page.getByText('Funds added to your wallet.')).toBeVisible();

  await page.goto('/settings/payouts');
  await expect(page.getByRole('heading', { name: 'Payout Settings' })).toBeVisible();
  await page.getByLabel('Account Name').fill('Alex Demo');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  const saved = page.waitForResponse((r) => r.url().endsWith('/billing/payouts/settings') && r.ok());
  await mainButton(page).click();
  await saved;

  await page.getByLabel('Amount ($)', { exact: true }).fill('20');
  const confirm = nextPopup(page);
  await page.getByRole('button', { name: 'Request Payout' }).click();
  // §9's fees are shown before confirming: bank $2.50 plus the manual request's $5.
  expect(await confirm).toContain('The fee is $7.50');

  const recent = page.getByTestId('recent-payouts');
  await expect(recent).toContainText('$20.00');
  await expect(recent).toContainText('Pending');
});

test("opens a bot's Telegram Stars from its page and refreshes them from Telegram", async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/bots');
  const card = page.getByTestId('bot-card-urban_threads_bot');
  await card.getByRole('button', { name: 'Manage' }).click();
  await page.getByTestId('bot-stars-link').click();

  await expect(page).toHaveURL(/\/bots\/[0-9a-f-]+\/stars$/);
  await expect(page.getByRole('heading', { name: 'Telegram Stars' })).toBeVisible();
  await expect(mainButton(page)).toHaveText('Refresh from Telegram');
  await mainButton(page).click();

  // Telegram (the demo's fake Bot API) answered: the balance and when it was fetched.
  await expect(page.getByTestId('stars-balance')).toContainText('⭐');
  await expect(page.getByTestId('stars-balance')).toContainText('Updated');
});
