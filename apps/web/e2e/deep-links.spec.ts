import { expect, type Page, test } from '@playwright/test';
import { openSignedIn, telegramEvents } from './fixtures';

type SeededBot = { id: string; name: string };

/** One of the demo vendor's seeded bots, read through the API with the signed-in session. */
async function seededBot(page: Page): Promise<SeededBot> {
  await openSignedIn(page);
  const bots = await page.evaluate(async () => {
    const vendorId = localStorage.getItem('vendor_id');
    const token = localStorage.getItem('auth_token');
    const response = await fetch(`/api/v1/vendors/${vendorId}/bots`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { bots: SeededBot[] }).bots;
  });
  const bot = bots[0];
  if (!bot) throw new Error('the demo vendor has no seeded bot');
  return bot;
}

test('a launch with startapp=bot_<id> opens that bot, and Telegram’s back button returns Home', async ({
  page,
}) => {
  const bot = await seededBot(page);

  await page.goto(`/?startapp=bot_${bot.id}`);
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}$`));
  await expect(page.getByText(bot.name).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  expect(await telegramEvents(page)).toContainEqual({
    name: 'web_app_setup_back_button',
    params: { is_visible: true },
  });

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Hello, Alex/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeHidden();

  // Home is a fresh start: reloading it does not open the deep link again.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Hello, Alex/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the screen a deep link opened stays open across a reload, with Home still beneath it', async ({
  page,
}) => {
  const bot = await seededBot(page);
  await page.goto(`/?startapp=bot_${bot.id}`);
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}$`));

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/bots/${bot.id}$`));
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: /Hello, Alex/ })).toBeVisible();
});

test('a section name opens that section: startapp=orders', async ({ page }) => {
  await page.goto('/?startapp=orders');
  await expect(page).toHaveURL(/\/orders$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
});

test('an unknown start parameter opens Home', async ({ page }) => {
  await page.goto('/?startapp=spring_sale_2024');
  await expect(page.getByRole('heading', { name: /Hello, Alex/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
