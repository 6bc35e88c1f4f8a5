import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

// The catalogue screens against the real server in demo mode: products of the three types, search and filters,
// edit, archive and restore, categories and subcategories, CSV import. Each test makes its own names.

const unique = () => randomBytes(3).toString('hex').toUpperCase();

/** Telegram's main button (drawn in the page in demo mode). */
const mainButton = (page: Page) => page.getByTestId('demo-main-button');

/**
 * Demo mode answers Telegram's one- and two-button popups with the browser's dialogs: every one is accepted (OK
 * picks the popup's first button: Delete, Archive, …) and its text is kept.
 */
function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

async function session(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('auth_token') ?? '',
    vendorId: localStorage.getItem('vendor_id') ?? '',
  }));
}

type Category = { id: string; name: string; subcategories: { id: string; name: string }[] };

async function firstCategory(page: Page): Promise<Category> {
  const { token, vendorId } = await session(page);
  const response = await page.request.get(`/api/v1/vendors/${vendorId}/categories`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const { categories } = (await response.json()) as { categories: Category[] };
  const category = categories[0];
  if (!category) throw new Error('the demo vendor has no categories');
  return category;
}

/** A physical product of the test's own, made through the API. */
async function createProduct(page: Page, name: string, sku: string) {
  const { token, vendorId } = await session(page);
  const category = await firstCategory(page);
  const response = await page.request.post(`/api/v1/vendors/${vendorId}/products`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, sku, productType: 'physical', price: 2500, categoryId: category.id, stock: 40 },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

async function fillBasics(page: Page, name: string, sku: string) {
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  const category = await firstCategory(page);
  await page.getByLabel('Category', { exact: true }).selectOption(category.id);
}

async function setPrice(page: Page, price: string) {
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await page.getByLabel('Price (USD)', { exact: true }).fill(price);
}

/**
 * Save Product, then the spec's three-button popup (drawn in the page in demo mode: the browser's dialogs have
 * two buttons): Save & Continue unless asked otherwise; the success message follows.
 */
async function saveProduct(
  page: Page,
  dialogs: string[],
  choice: 'Save & Continue' | 'Save & Exit' = 'Save & Continue',
) {
  await mainButton(page).click();
  const question = page.getByRole('alertdialog', { name: 'Save this product?' });
  await expect(question.getByRole('button')).toHaveText(['Save & Continue', 'Save & Exit', 'Cancel']);
  await question.getByRole('button', { name: choice }).click();
  await expect.poll(() => dialogs).toContain('Product saved successfully!');
}

/** Searches the products list and waits for the search to settle (it joins the address then). */
async function searchFor(page: Page, text: string) {
  await page.goto('/products');
  await page.getByLabel('Search by name or SKU').fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

const card = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Products' }).getByRole('article', { name });

/** One of the list's four filter cards. */
const typeCard = (page: Page, name: RegExp) =>
  page.getByRole('group', { name: 'Product type' }).getByRole('button', { name });

/** The add form's product type selector. */
const chooseType = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Product Type' }).getByRole('button', { name, exact: true }).click();

test.beforeEach(async ({ page }) => {
  await openSignedIn(page);
});

test('Save without name, price and category says which fields are required', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  await page.goto('/product-new');
  await expect(mainButton(page)).toHaveText('Save Product');
  await mainButton(page).click();
  await expect.poll(() => dialogs).toContain('Please fill in required fields: Name, Price, and Category.');
  await expect(
    page.getByText('Please fill in required fields: Name, Price, and Category.').first(),
  ).toBeVisible();
});

test('a physical product is created, then found by SKU search and by the filter cards', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const id = unique();
  const name = `E2E Tee ${id}`;
  await page.goto('/product-new');
  await fillBasics(page, name, `TEE-${id}`);
  await setPrice(page, '19.99');
  await page.getByLabel('Cost Price (USD)').fill('12.00');
  await expect(page.getByTestId('profit-margin')).toContainText('$7.99');
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await page.getByLabel('Stock Quantity').fill('3');
  // The low stock alert starts at spec part 2 §9's default (10).
  await expect(page.getByText('Stock is below the low stock alert level (10).')).toBeVisible();
  await saveProduct(page, dialogs);
  // Save & Continue clears the core fields and returns to the Basic tab.
  await expect(page.getByLabel('Product Name')).toHaveValue('');

  await searchFor(page, `TEE-${id}`);
  const found = card(page, name);
  await expect(found).toBeVisible();
  await expect(found).toContainText('$19.99');
  await expect(found).toContainText('3 units');
  await expect(found).toContainText('Physical');

  await typeCard(page, /Physical/).click();
  await expect(card(page, name)).toBeVisible();
  await typeCard(page, /Digital/).click();
  await expect(page.getByText('No products found')).toBeVisible();
  await typeCard(page, /Total/).click();
  await expect(card(page, name)).toBeVisible();
});

test('a digital product key product is created with generated keys', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const id = unique();
  const name = `E2E Key ${id}`;
  await page.goto('/product-new');
  await chooseType(page, 'Digital');
  await fillBasics(page, name, `KEY-${id}`);
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByLabel('Digital Type').selectOption('product_key');
  await page.getByRole('button', { name: 'Generate Codes' }).click();
  await expect(page.getByText('10 codes added')).toBeVisible();
  await expect(page.getByTestId('codes-field')).toContainText(
    /[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/,
  );
  // Keys from a file: one per line, blank lines dropped, repeats skipped.
  await page.getByTestId('codes-file').setInputFiles({
    name: 'keys.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`OWN-${id}-1\n\n  OWN-${id}-2  \nOWN-${id}-1\n`),
  });
  await expect(page.getByText('2 codes added · 1 duplicate skipped')).toBeVisible();
  await setPrice(page, '9.50');
  await saveProduct(page, dialogs);

  await searchFor(page, `KEY-${id}`);
  await expect(card(page, name)).toContainText('Product Key');
  await expect(card(page, name)).toContainText('12 left');
  await card(page, name)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await page.getByRole('tab', { name: 'Inventory' }).click();
  await expect(page.getByText('Code pool')).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Left12');
});

test('a service is created with its duration and found by the Services card', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const id = unique();
  const name = `E2E Session ${id}`;
  await page.goto('/product-new');
  await chooseType(page, 'Service');
  await fillBasics(page, name, `SRV-${id}`);
  await page.getByRole('tab', { name: 'Details' }).click();
  // The duration starts at spec part 2 §9's default: 60 minutes.
  await expect(page.getByLabel('Duration', { exact: true })).toHaveValue('60');
  await page.getByLabel('Duration', { exact: true }).fill('90');
  await setPrice(page, '45');
  // Save & Exit goes to the products list.
  await saveProduct(page, dialogs, 'Save & Exit');
  await expect(page).toHaveURL(/\/products$/);

  await searchFor(page, name);
  await typeCard(page, /Services/).click();
  await expect(card(page, name)).toContainText('90 minutes');
  await expect(card(page, name)).toContainText('Service');
});

test('an edit is saved for real and shows after a reload', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const id = unique();
  const product = await createProduct(page, `E2E Mug ${id}`, `MUG-${id}`);
  await page.goto(`/products/${product.id}/edit`);
  await expect(page.getByLabel('Product Name')).toHaveValue(`E2E Mug ${id}`);
  await page.getByLabel('Product Name').fill('');
  await mainButton(page).click();
  await expect(page.getByText('Product name is required')).toBeVisible();
  await page.getByLabel('Product Name').fill(`E2E Mug ${id} Large`);
  await expect(page.getByText('Product name is required')).toBeHidden();
  await expect(mainButton(page)).toHaveText('Update Product');
  await mainButton(page).click();
  await expect.poll(() => dialogs).toContain('Product updated successfully!');
  await expect(page).toHaveURL(/\/products$/);

  await page.goto(`/products/${product.id}`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `E2E Mug ${id} Large` })).toBeVisible();
});

/** A small PNG of one colour (valid for the server's image pipeline). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('two images are uploaded on the edit screen and the second is made main', async ({ page }) => {
  acceptDialogs(page);
  const id = unique();
  const product = await createProduct(page, `E2E Vase ${id}`, `VAS-${id}`);
  await page.goto(`/products/${product.id}/edit`);
  await page.getByRole('tab', { name: 'Images' }).click();
  await page.getByTestId('media-file-input').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: PNG_1PX },
    { name: 'back.png', mimeType: 'image/png', buffer: PNG_1PX },
  ]);
  const stars = page.getByRole('button', { name: 'Set as main image' });
  await expect(stars).toHaveCount(2);
  await expect(stars.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await stars.nth(1).click();
  await expect(stars.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(stars.nth(0)).toHaveAttribute('aria-pressed', 'false');

  await page.reload();
  await page.getByRole('tab', { name: 'Images' }).click();
  await expect(page.getByRole('button', { name: 'Set as main image' }).nth(1)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('Duplicate opens the add form prefilled, and Delete really deletes', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const id = unique();
  const product = await createProduct(page, `E2E Bowl ${id}`, `BWL-${id}`);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(/\/product-new\?duplicate=/);
  await expect(page.getByLabel('Product Name')).toHaveValue(`E2E Bowl ${id} (Copy)`);
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('');

  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/products$/);
  expect(dialogs.some((d) => d.startsWith(`Delete "E2E Bowl ${id}"?`))).toBe(true);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByText('No product data available')).toBeVisible();
});

test('a product is archived and restored from its page', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const id = unique();
  const product = await createProduct(page, `E2E Lamp ${id}`, `LMP-${id}`);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  expect(dialogs.some((d) => d.startsWith(`Archive "E2E Lamp ${id}"?`))).toBe(true);
  await expect(page.getByTestId('product-detail-page')).toContainText('Archived');
  await page.reload();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();
  await expect(page.getByTestId('product-detail-page')).toContainText('Active');
});

test('a category and a subcategory are created, renamed and deleted', async ({ page }) => {
  acceptDialogs(page);
  const id = unique();
  await page.goto('/products');
  await page.getByRole('button', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/categories$/);

  const form = page.getByTestId('new-category-form');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Category name is required')).toBeVisible();
  await form.getByLabel('Category name').fill(`E2E Cat ${id}`);
  await form.getByRole('button', { name: 'Create' }).click();

  const item = page.getByRole('region', { name: `E2E Cat ${id}` });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Rename' }).click();
  await item.getByLabel(`New name for E2E Cat ${id}`).fill(`E2E Cat ${id} B`);
  await item.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByRole('region', { name: `E2E Cat ${id} B` });
  await expect(renamed).toBeVisible();

  // A new category opens with its subcategories shown.
  await renamed.getByLabel('Subcategory name').fill(`Sub ${id}`);
  await renamed.getByRole('button', { name: 'Add Subcategory' }).click();
  await expect(renamed.getByTestId(`subcategory-Sub ${id}`)).toBeVisible();
  await renamed.getByRole('button', { name: `Rename Sub ${id}` }).click();
  await renamed.getByLabel(`New name for Sub ${id}`).fill(`Sub ${id} Two`);
  await renamed.getByRole('button', { name: 'Save' }).click();
  await expect(renamed.getByTestId(`subcategory-Sub ${id} Two`)).toBeVisible();
  await renamed.getByRole('button', { name: `Delete Sub ${id} Two` }).click();
  await expect(renamed.getByText('No subcategories yet')).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('region', { name: `E2E Cat ${id} B` })).toBeHidden();
});

test('a small CSV is checked, its errors listed by line, then imported', async ({ page }) => {
  acceptDialogs(page);
  const id = unique();
  const csv = [
    'name,productType,sku,price,category,stock',
    `E2E Import A ${id},physical,IMP-A-${id},12.50,E2E Imports ${id},30`,
    `E2E Import B ${id},physical,IMP-B-${id},7.00,E2E Imports ${id},8`,
    `,physical,IMP-C-${id},abc,E2E Imports ${id},1`,
  ].join('\n');
  await page.goto('/products');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/products\/import$/);
  await page.getByTestId('import-file').setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByText('File: catalogue.csv')).toBeVisible();
  await mainButton(page).click();
  const check = page.getByTestId('import-check');
  await expect(check).toContainText('2 products ready to import');
  await expect(check).toContainText('1 row has errors');
  await expect(check.getByRole('row').nth(1)).toContainText('4');

  await expect(mainButton(page)).toHaveText('Import Products');
  await mainButton(page).click();
  await expect(page.getByTestId('import-progress')).toContainText('2 products imported');

  await searchFor(page, `E2E Import A ${id}`);
  await expect(card(page, `E2E Import A ${id}`)).toContainText('$12.50');
});

test('Export downloads the catalogue as a CSV with the import’s columns', async ({ page }) => {
  const id = unique();
  await createProduct(page, `E2E Export ${id}`, `EXP-${id}`);
  await page.goto('/products');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const path = await download.path();
  const csv = readFileSync(path, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('id,name,productType,sku,');
  expect(csv).toContain(`E2E Export ${id}`);
});

test('a category that still has products is deleted after moving them to another', async ({ page }) => {
  acceptDialogs(page);
  const id = unique();
  const { token, vendorId } = await session(page);
  const headers = { Authorization: `Bearer ${token}` };
  const make = async (name: string) => {
    const res = await page.request.post(`/api/v1/vendors/${vendorId}/categories`, {
      headers,
      data: { name, status: 'active' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as { id: string };
  };
  const from = await make(`E2E Old ${id}`);
  await make(`E2E New ${id}`);
  const res = await page.request.post(`/api/v1/vendors/${vendorId}/products`, {
    headers,
    data: { name: `E2E Moved ${id}`, productType: 'physical', price: 900, categoryId: from.id, stock: 3 },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await page.goto('/categories');
  const old = page.getByRole('region', { name: `E2E Old ${id}` });
  await old.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(old.getByText(`"E2E Old ${id}" has 1 product.`, { exact: false })).toBeVisible();
  await old.getByLabel('Move products to').selectOption({ label: `E2E New ${id}` });
  await old.getByRole('button', { name: 'Move and Delete' }).click();
  await expect(page.getByRole('region', { name: `E2E Old ${id}` })).toBeHidden();
  await expect(page.getByRole('region', { name: `E2E New ${id}` })).toContainText('1 product');
});
