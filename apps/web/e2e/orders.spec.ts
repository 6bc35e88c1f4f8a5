import type { OrderListResponse } from '@app/contracts/orders';
import { expect, type Page, test } from '@playwright/test';
import { apiGet, openSignedIn } from './fixtures';

/** GET on the API as the signed-in demo vendor (arranging a test, never standing in for the screen). */
function mainButton(page: Page) {
  return page.getByTestId('demo-main-button');
}

test.beforeEach(async ({ page }) => {
  await openSignedIn(page);
});

test('the orders tab lists the seeded orders with their stats, and filters by status and by bot', async ({
  page,
}) => {
  const all = await apiGet<OrderListResponse>(page, '/orders');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByText(`${all.total.toLocaleString('en')} orders`)).toBeVisible();
  await expect(page.getByTestId('order-stat-total')).toContainText(
    all.stats.totalOrders.toLocaleString('en'),
  );

  // Infinite scroll: the next page of 50 comes as the end of the list comes into view.
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(50);
  await page
    .getByRole('button', { name: 'Load more' })
    .or(page.getByText('Loading more orders...'))
    .scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(50);

  // Status chips: every card shown is Shipped.
  await page
    .getByRole('radiogroup', { name: 'Filter by status' })
    .getByRole('radio', { name: 'Shipped' })
    .click();
  await expect(page).toHaveURL(/status=shipped/);
  await expect(cards.first()).toBeVisible();
  // (Another test may ship an order meanwhile, so the count is checked by its shape, not its value.)
  await expect(page.getByRole('main').getByText(/^[\d,]+ orders$/)).toBeVisible();
  for (const status of await cards
    .locator('[data-status]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
    expect(status).toBe('shipped');

  // And the bot filter narrows it to one bot's orders.
  await page.getByRole('combobox', { name: 'Bot' }).selectOption({ label: 'Urban Threads' });
  await expect(page).toHaveURL(/botId=/);
  await expect(cards.first()).toContainText('@urban_threads_bot');
  const usernames = await cards.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  expect(usernames.length).toBeGreaterThan(0);
  for (const text of usernames) expect(text).toContain('@urban_threads_bot');

  // A search that matches nothing shows the spec's empty state.
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('zzz-no-such-customer');
  await expect(page.getByText('No orders found')).toBeVisible();
});

test('an order moves through its statuses with Update Status, and the timeline says who moved it and when', async ({
  page,
}) => {
  // A pending physical order of its own: this is the only test that moves physical orders.
  const pending = await apiGet<OrderListResponse>(
    page,
    '/orders?status=pending&productType=physical&limit=1',
  );
  const order = pending.orders[0];
  expect(order).toBeDefined();
  if (!order) return;
  page.on('dialog', (dialog) => void dialog.accept());

  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.number}` })).toBeVisible();
  await expect(mainButton(page)).toHaveText('Mark as Processing');
  await mainButton(page).click();
  await expect(page.getByTestId('order-detail-page').locator('[data-status]').first()).toHaveText(
    'Processing',
  );

  // Shipped takes a tracking number, shown on the order afterwards.
  await expect(mainButton(page)).toHaveText('Mark as Shipped');
  await page.getByLabel('Tracking number').fill('TRACK-E2E-123');
  await mainButton(page).click();
  await expect(page.getByTestId('order-tracking-number')).toHaveText('TRACK-E2E-123');
  await expect(mainButton(page)).toHaveText('Mark as Delivered');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline.getByText('Order placed')).toBeVisible();
  await expect(timeline.getByText('Status changed to Processing')).toBeVisible();
  await expect(timeline.getByText('Status changed to Shipped')).toBeVisible();
  await expect(timeline.getByText('Tracking number: TRACK-E2E-123')).toBeVisible();
  await expect(timeline.getByText(/by You/).first()).toBeVisible();

  // Notes: add one.
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByLabel('Internal note').fill('Packed in a gift box');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByTestId('order-notes')).toContainText('Packed in a gift box');

  // The list's card offers the next move too, straight from the list.
  await page.goto(`/orders?search=${order.number}`);
  const card = page.getByTestId('order-card').filter({ hasText: `Order #${order.number}` });
  await expect(card.locator('[data-status]')).toHaveText('Shipped');
  await card.getByRole('button', { name: /Update Status: Mark as Delivered/ }).click();
  await expect(card.locator('[data-status]')).toHaveText('Delivered');
});

test('a customer opens from the list, and their orders open from the customer', async ({ page }) => {
  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Filter by segment' })
    .getByRole('radio', { name: 'VIP' })
    .click();
  const first = page.getByTestId('customer-card').first();
  await expect(first).toContainText('VIP');
  const name = (await first.locator('span span span').first().textContent()) ?? '';
  await first.click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bot Memberships' })).toBeVisible();
  // Tags, email and notes save with Telegram's main button, and stay after a reload.
  await page.getByRole('textbox', { name: 'Tags' }).fill('wholesale, e2e');
  await page.getByRole('textbox', { name: 'Notes' }).fill('Prefers evening delivery');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByTestId('demo-main-button').click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill('vip.e2e@example.com');
  // The button is disabled while the save is under way too: wait for the server's answer before reloading.
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/customers\//.test(r.url()));
  await page.getByTestId('demo-main-button').click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByTestId('demo-main-button')).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Tags' })).toHaveValue('wholesale, e2e');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('vip.e2e@example.com');
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue('Prefers evening delivery');

  await page.getByRole('button', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/orders\?customerId=/);
  await expect(page.getByText(`Orders of ${name}`)).toBeVisible();
  const cards = page.getByTestId('order-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.evaluateAll((els) => els.map((e) => e.textContent ?? '')))
    expect(text).toContain(name);
});

test('a customer that does not exist shows Customer Not Found', async ({ page }) => {
  await page.goto('/customers/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Not Found' })).toBeVisible();
  await expect(
    page.getByText("The customer you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back to Customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);
});

test('the deep link order_<id> opens the order', async ({ page }) => {
  const list = await apiGet<OrderListResponse>(page, '/orders?limit=1');
  const order = list.orders[0];
  if (!order) throw new Error('no seeded order');
  await page.goto(`/?startapp=order_${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.number}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
});
