// The shop's Mini App, as a customer of the demo shop uses it: the chat's menu button opens it (the fake
// Telegram's chat page signs its launch with the shop bot's token, as Telegram does), a product goes in the cart
// from its tile or from its view (options, quantity), and the main button shows the cart in the chat.
import { expect, type Page, test } from '@playwright/test';
import { createOwnBot, openSignedIn } from './fixtures';

/**
 * A product of the demo shop's seed. Other tests add, move and delete products of the demo vendor at the same
 * time, so these tests find theirs by name rather than take whatever a list shows first.
 */
const TEE = 'Classic Cotton Crew Tee';

/** The signed-in demo vendor's API, to arrange a test (never for what it checks). */
async function vendorPost(page: Page, path: string, data: object): Promise<{ id: string }> {
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const res = await page.request.post(`/api/v1/vendors/${vendorId}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

/** A new customer of a shop (the demo's Urban Threads unless named) opens its chat and presses "Shop". */
async function openShopMiniApp(page: Page, bot = 'urban_threads_bot') {
  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot}`);
  await page.getByRole('button', { name: 'Shop', exact: true }).click();
  return page.getByTestId('shop-page');
}

test("a customer opens the shop's Mini App from the chat's menu button, opens a product from its tile, adds two and sees the cart in the chat", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const shop = await openShopMiniApp(page);
  await expect(shop.getByRole('heading', { name: 'Urban Threads' })).toBeVisible();
  await shop.getByRole('radio', { name: 'Clothing' }).click();
  await shop.getByRole('searchbox').fill(TEE);
  await shop
    .getByRole('region', { name: 'Products' })
    .getByRole('button', { name: new RegExp(`^${TEE}`) })
    .click();

  // The product's view: its name, price and stock; the main button adds the quantity chosen.
  const product = page.getByTestId('shop-product');
  await expect(product.getByRole('heading', { name: TEE })).toBeVisible();
  await expect(product.getByText('In stock')).toBeVisible();
  await product.getByRole('button', { name: 'One more' }).click();
  const mainButton = page.getByTestId('demo-main-button');
  await expect(mainButton).toHaveText('Add to cart · $48.00');
  await mainButton.click();

  // Telegram's back button returns to the list, which counts the cart; its main button shows it in the chat.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(shop.getByText('2 in cart')).toBeVisible();
  await expect(mainButton).toHaveText('View cart (2)');
  await mainButton.click();
  const chat = page.getByRole('list', { name: 'Chat' });
  await expect(chat.getByText(`${TEE} × 2`, { exact: false }).last()).toBeVisible();
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

test("a customer picks a size, then a colour among those in stock, in a product's view, and the cart takes that combination", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openSignedIn(page);
  const bot = await createOwnBot(page, 'Tees');
  const arrange = (path: string, data: object) => vendorPost(page, path, data);
  const category = await arrange('/categories', { name: `Shirts ${bot.suffix}`, subcategories: [] });
  await arrange('/products', {
    name: 'Linen shirt',
    productType: 'physical',
    categoryId: category.id,
    price: 4000,
    botIds: [bot.id],
    description: 'Washed linen, relaxed fit.',
    physical: {
      variations: [
        { type: 'size', values: [{ value: 'S' }, { value: 'M' }] },
        { type: 'color', values: [{ value: 'Sand' }, { value: 'Navy' }] },
      ],
      combinations: [
        { values: ['S', 'Sand'], stock: 3 },
        { values: ['S', 'Navy'], stock: 0 },
        { values: ['M', 'Navy'], stock: 2, priceAdjustment: 500 },
      ],
    },
  });

  const shop = await openShopMiniApp(page, bot.username);
  await shop.getByRole('button', { name: 'Choose options' }).click();
  const product = page.getByTestId('shop-product');
  await expect(product.getByRole('heading', { name: 'Linen shirt' })).toBeVisible();
  const mainButton = page.getByTestId('demo-main-button');
  await expect(mainButton).toHaveText('Choose options');

  // S comes in Sand only (its Navy is sold out); M in Navy, at $5.00 more.
  const sizes = product.getByRole('group', { name: 'Size' });
  const colours = product.getByRole('group', { name: 'Colour' });
  await sizes.getByRole('button', { name: 'S', exact: true }).click();
  await expect(colours.getByRole('button')).toHaveText(['Sand']);
  await sizes.getByRole('button', { name: 'M', exact: true }).click();
  await expect(colours.getByRole('button')).toHaveText(['Navy']);
  await colours.getByRole('button', { name: 'Navy' }).click();
  await expect(product.getByTestId('shop-product-price')).toHaveText('$45.00');
  await expect(mainButton).toHaveText('Add to cart · $45.00');
  await mainButton.click();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(mainButton).toHaveText('View cart (1)');
  await mainButton.click();
  const chat = page.getByRole('list', { name: 'Chat' });
  await expect(chat.getByText('Linen shirt (M / Navy) × 1 = $45.00', { exact: false }).last()).toBeVisible();
});

test("a shared product address (/shop/{botId}/p/{slug}) opens the product's view, and back shows the shop", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openSignedIn(page);
  const bot = await createOwnBot(page, 'Slugs');
  const arrange = (path: string, data: object) => vendorPost(page, path, data);
  const category = await arrange('/categories', { name: `Mugs ${bot.suffix}`, subcategories: [] });
  await arrange('/products', {
    name: 'Stoneware mug',
    productType: 'physical',
    categoryId: category.id,
    price: 1800,
    stock: 6,
    botIds: [bot.id],
    urlSlug: 'stoneware-mug',
  });

  // Telegram opens the shared address with the launch data it signs for the customer.
  const opened = await page.request.post('/fake-telegram/__control/chat/menu-app', {
    data: { bot: bot.username, userId: 880_001 },
  });
  const launch = new URL(((await opened.json()) as { url: string }).url);
  await page.goto(`${launch.pathname}/p/stoneware-mug${launch.hash}`);
  const product = page.getByTestId('shop-product');
  await expect(product.getByRole('heading', { name: 'Stoneware mug' })).toBeVisible();
  await expect(page.getByTestId('demo-main-button')).toHaveText('Add to cart · $18.00');

  await page.getByRole('button', { name: 'Back' }).click();
  const shop = page.getByTestId('shop-page');
  await expect(shop.getByRole('button', { name: /^Stoneware mug/ })).toBeVisible();
  await expect(page.getByTestId('demo-main-button')).toHaveText('View cart');
});
