// The shop's Mini App, as a customer of the demo shop uses it: the chat's menu button opens it (the fake
// Telegram's chat page signs its launch with the shop bot's token, as Telegram does), a product goes in the cart
// there or opens its card in the chat, and the main button shows the cart in the chat.
import { expect, type Page, test } from '@playwright/test';

/**
 * A product of the demo shop's seed. Other tests add, move and delete products of the demo vendor at the same
 * time, so these tests find theirs by name rather than take whatever a list shows first.
 */
const TEE = 'Classic Cotton Crew Tee';

/** A new customer of the demo shop opens its chat and presses the menu button, "Shop". */
async function openShopMiniApp(page: Page) {
  await page.goto('/fake-telegram/__control/chat-page?bot=urban_threads_bot');
  await page.getByRole('button', { name: 'Shop', exact: true }).click();
  return page.getByTestId('shop-page');
}

test("a customer opens the shop's Mini App from the chat's menu button, picks a product and sees the cart in the chat", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const shop = await openShopMiniApp(page);
  await expect(shop.getByRole('heading', { name: 'Urban Threads' })).toBeVisible();
  await shop.getByRole('radio', { name: 'Clothing' }).click();
  await shop.getByRole('searchbox').fill(TEE);
  const tile = shop
    .getByRole('region', { name: 'Products' })
    .getByRole('button', { name: new RegExp(`^${TEE}`) });

  // The product opens in the bot's chat: /start product_<id>, answered with its card.
  await tile.click();
  const chat = page.getByRole('list', { name: 'Chat' });
  await expect(chat.getByText(TEE, { exact: false }).last()).toBeVisible();
  await chat.getByRole('button', { name: '🛒 Add to cart' }).last().click();

  // Back in the Mini App, its main button shows the cart in the chat, to check out.
  await page.getByRole('button', { name: 'Shop', exact: true }).click();
  await page.getByTestId('demo-main-button').click();
  await expect(chat.getByText('🛒 Your cart').last()).toBeVisible();
  await expect(chat.getByRole('button', { name: '✅ Checkout' }).last()).toBeVisible();
});

test("a customer adds a product to the cart in the shop's Mini App, and its main button shows the cart in the chat", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const shop = await openShopMiniApp(page);
  await shop.getByRole('searchbox').fill(TEE);
  await shop.getByRole('button', { name: `Add to cart: ${TEE}` }).click();
  await expect(shop.getByText('1 in cart')).toBeVisible();
  await expect(page.getByTestId('demo-main-button')).toHaveText('View cart (1)');

  await page.getByTestId('demo-main-button').click();
  const chat = page.getByRole('list', { name: 'Chat' });
  await expect(chat.getByText('🛒 Your cart').last()).toBeVisible();
  await expect(chat.getByText(`${TEE} × 1`, { exact: false }).last()).toBeVisible();
});
