import { expect, test } from '@playwright/test';
import { createOwnBot, openSignedIn } from './fixtures';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`shots ${colorScheme}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme });
    await openSignedIn(page);
    const bot = await createOwnBot(page, 'Shots');
    const { token, vendorId } = await page.evaluate(() => ({
      token: localStorage.getItem('auth_token'),
      vendorId: localStorage.getItem('vendor_id'),
    }));
    const arrange = async (path: string, data: object) => {
      const res = await page.request.post(`/api/v1/vendors/${vendorId}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
        data,
      });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as { id: string };
    };
    const category = await arrange('/categories', { name: `Shirts ${bot.suffix}`, subcategories: [] });
    await arrange('/products', {
      name: 'Linen shirt with a rather long name to wrap',
      productType: 'physical',
      categoryId: category.id,
      price: 4000,
      taxRate: 10,
      botIds: [bot.id],
      shortDescription: 'Breathable washed linen.',
      description: 'Washed linen, relaxed fit.\nMachine wash at 30°.',
      physical: {
        maxPerOrder: 3,
        warranty: true,
        warrantyPeriod: '1 year',
        returnPolicy: '30 days, unworn with tags',
        variations: [
          { type: 'size', values: [{ value: 'S' }, { value: 'M' }, { value: 'L' }, { value: 'XL' }] },
          { type: 'color', values: [{ value: 'Sand' }, { value: 'Navy' }] },
        ],
        combinations: [
          { values: ['S', 'Sand'], stock: 3 },
          { values: ['M', 'Navy'], stock: 2, priceAdjustment: 500 },
          { values: ['L', 'Navy'], stock: 2 },
          { values: ['XL', 'Sand'], stock: 2 },
        ],
      },
    });
    await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}`);
    await page.getByRole('button', { name: 'Shop', exact: true }).click();
    await page.getByTestId('shop-page').getByRole('button', { name: 'Choose options' }).click();
    const product = page.getByTestId('shop-product');
    await product.getByRole('group', { name: 'Size' }).getByRole('button', { name: 'M', exact: true }).click();
    await product.getByRole('group', { name: 'Colour' }).getByRole('button', { name: 'Navy' }).click();
    await page.screenshot({ path: `/tmp/shots/product-${colorScheme}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Back' }).click();
    await page.screenshot({ path: `/tmp/shots/list-${colorScheme}.png` });
    // A demo product with a picture.
    await page.goto('/fake-telegram/__control/chat-page?bot=urban_threads_bot');
    await page.getByRole('button', { name: 'Shop', exact: true }).click();
    await page.getByTestId('shop-page').getByRole('searchbox').fill('Classic Cotton Crew Tee');
    await page.getByTestId('shop-page').getByRole('region', { name: 'Products' }).getByRole('button', { name: /^Classic Cotton/ }).click();
    await expect(page.getByTestId('shop-product')).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/tee-${colorScheme}.png`, fullPage: true });
  });
}
