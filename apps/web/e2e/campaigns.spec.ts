// A campaign end to end: compose a message to the customers of a shop bot the test makes itself (one customer,
// who pressed Start on the fake Telegram's chat page), send it, watch its progress reach Completed, and read it
// in the customer's chat. Other specs use the demo shops at the same time: this one touches only its own bot.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function randomToken(): string {
  const digits = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)).slice(0, 10);
  const tail = Array.from(randomBytes(35), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
  return `${digits}:${tail}`;
}

/** A running shop bot of the test's own, registered with the in-process fake Bot API (arranging, not checking). */
async function createBot(page: Page) {
  const suffix = randomBytes(4).toString('hex');
  const fake = { token: randomToken(), username: `promo_${suffix}_bot`, firstName: `Promo ${suffix}` };
  expect((await page.request.post('/fake-telegram/__control/bots', { data: fake })).ok()).toBe(true);
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const response = await page.request.post(`/api/v1/vendors/${vendorId}/bots`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { botToken: fake.token, botName: `Promo ${suffix}`, plan: 'PRO' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { username: fake.username, name: `Promo ${suffix}`, suffix };
}

test('composes a campaign to the bot’s customers, sends it, and sees its progress reach Completed', async ({
  page,
}) => {
  await openSignedIn(page);
  const bot = await createBot(page);
  const message = `Fresh bread today (${bot.suffix})`;

  // The bot's one customer: they pressed Start in their chat.
  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}`);
  await page.getByPlaceholder('Message').fill('/start');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // The bot's answer (a bubble not the customer's): the shop has them as its customer by then.
  await expect(page.locator('#transcript li.bubble:not(.me)').first()).toBeVisible();

  // Compose to that bot's customers; the main button sends, after Telegram's confirmation popup.
  await page.goto('/campaigns/new');
  await page.getByLabel('Bot', { exact: true }).selectOption({ label: `${bot.name} (@${bot.username})` });
  await page.getByTestId('campaign-text').fill(message);
  page.once('dialog', (dialog) => void dialog.accept());
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/campaigns') && r.request().method() === 'POST',
  );
  await page.getByTestId('demo-main-button').click();
  expect((await created).status()).toBe(201);

  // The list shows it sending, then done: one of one sent.
  const campaign = page.getByTestId('campaign').filter({ hasText: message });
  await expect(campaign.getByTestId('campaign-status')).toHaveText('Completed', { timeout: 15_000 });
  await expect(campaign).toContainText('1 of 1 sent');

  // The customer reads it in their chat, with the Stop promotions button.
  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}`);
  const chat = page.getByRole('list', { name: 'Chat' });
  await expect(chat.getByText(message)).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Stop promotions' })).toBeVisible();
});
