import { expect, type Page, test } from '@playwright/test';
import { createOwnBot, openSignedIn } from './fixtures';

const createBot = (page: Page) => createOwnBot(page, 'Promo');

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
