import { expect, test } from '@playwright/test';
import { openSignedIn, PROD_URL, recordApiCalls, telegramEvents } from './fixtures';

test('connects in demo mode and greets the demo user by first name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Hello, Alex/ })).toBeVisible();
  await expect(page.getByText('Your store is performing well today')).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
});

test('stores the Telegram identity and vendor under the spec local storage keys', async ({ page }) => {
  await openSignedIn(page);
  const stored = await page.evaluate(() =>
    Object.fromEntries(
      [
        'telegram_user_id',
        'telegram_first_name',
        'telegram_username',
        'vendor_id',
        'vendor_name',
        'user_role',
      ].map((k) => [k, localStorage.getItem(k)]),
    ),
  );
  expect(stored).toMatchObject({ telegram_first_name: 'Alex', user_role: 'VENDOR' });
  expect(stored.telegram_user_id).toMatch(/^\d+$/);
  expect(stored.vendor_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(stored.vendor_name).toBeTruthy();
});

test('shows Unable to Connect after 2 s when opened outside Telegram on a production server', async ({
  page,
}) => {
  await page.goto(PROD_URL);
  await expect(page.getByText('Connecting to Telegram...')).toBeVisible();
  await expect(page.getByText('Unable to Connect.')).toBeVisible({ timeout: 5000 });
  // Measured by the page's own clock from navigation start, so a slow machine cannot make it flaky:
  // the app waited its 2 s before giving up.
  expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(2000);
  await expect(page.getByText('Please open this app from Telegram to continue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
});

test('shows the 404 screen with the path for an unknown route, and Go Back returns', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { name: '404 - Route not found' })).toBeVisible();
  await expect(page.getByText('/no/such/screen')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Hello, Alex/ })).toBeVisible();
});

test('hides the bottom navigation on a bot page and shows the back button instead', async ({ page }) => {
  await openSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Bots' }).click();
  await expect(page).toHaveURL(/\/bots$/);
  await page.goto('/bots/x');
  await expect(page.getByRole('heading', { name: 'Bot Details' })).toBeVisible();
  await expect(nav).toBeHidden();
  // Telegram's back button (the page's own "Back to Bots" is another button).
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
  const events = await telegramEvents(page);
  expect(events).toContainEqual({ name: 'web_app_setup_back_button', params: { is_visible: true } });
  // Opened directly, the page has no screen before it: Back leads where the spec says, the bots list.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/bots$/);
  await expect(nav).toBeVisible();
});

test('bottom navigation switches between the five sections', async ({ page }) => {
  await openSignedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [name, path] of [
    ['Products', '/products'],
    ['Orders', '/orders'],
    ['Settings', '/settings'],
    ['Home', '/'],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
});

test('keeps the session across a reload without signing in again', async ({ page }) => {
  await openSignedIn(page);
  const calls = recordApiCalls(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Hello, Alex/ })).toBeVisible();
  await expect(page.getByTestId('stat-total-orders')).toBeVisible();
  expect(calls).not.toContain('POST /auth/telegram');
});

test('refreshes a rejected access token without the user noticing', async ({ page }) => {
  await openSignedIn(page);
  // A token the server no longer accepts (as when it has expired), while the app still believes it is fresh.
  await page.evaluate(() => localStorage.setItem('auth_token', 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.invalid'));
  const calls = recordApiCalls(page);
  await page.reload();
  await expect(page.getByTestId('stat-total-orders')).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth/);
  expect(calls).toContain('POST /auth/refresh');
  expect(calls).not.toContain('POST /auth/telegram');
});

test('refreshes an access token that is about to expire before using it', async ({ page }) => {
  await openSignedIn(page);
  const before = await page.evaluate(() => localStorage.getItem('auth_token'));
  await page.evaluate(() => localStorage.setItem('auth_token_expires_at', String(Date.now() + 60_000)));
  const calls = recordApiCalls(page);
  await page.reload();
  await expect(page.getByTestId('stat-total-orders')).toBeVisible();
  expect(calls).toContain('POST /auth/refresh');
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBe(before);
});

test('a settings page shows the back button instead of the bottom navigation, and back leads to /settings', async ({
  page,
}) => {
  await openSignedIn(page);
  // Opened directly: no screen before it, so back goes where the spec says, the settings hub.
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeHidden();
  const backButtonEvents = (await telegramEvents(page)).filter((e) => e.name === 'web_app_setup_back_button');
  expect(backButtonEvents.at(-1)).toEqual({
    name: 'web_app_setup_back_button',
    params: { is_visible: false },
  });
});

test('the customers list, opened directly, goes back to Home', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: /Hello, Alex/ })).toBeVisible();
});

test("a bot's products link opens the products list filtered by that bot", async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/bots/3f0c2a9e-5b7d-4c1e-9a2b-1c2d3e4f5a6b/products');
  await expect(page).toHaveURL(/\/products\?botId=3f0c2a9e-5b7d-4c1e-9a2b-1c2d3e4f5a6b$/);
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '404 - Route not found' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
});

test('a screen whose code is gone (after a deploy) shows the error screen, and Reload recovers', async ({
  page,
}) => {
  await openSignedIn(page);
  // As after a deploy: the chunk this page knows by name no longer exists on the server.
  await page.route('**/assets/order-list-page-*.js', (route) => route.fulfill({ status: 404, body: '' }));
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await expect(page.getByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible();
  await expect(page.getByText('Hey developer')).toHaveCount(0);
  await page.unroute('**/assets/order-list-page-*.js');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('the server answers a missing asset with 404, not the app page', async ({ request }) => {
  const response = await request.get('/assets/bot-list-page-OLDHASH.js');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).not.toMatch(/text\/html/);
});
