import type { CustomerStats } from '@app/contracts/customers';
import type { DashboardBots, DashboardStats, SubscriptionOverview } from '@app/contracts/dashboard';
import { expect, test } from '@playwright/test';
import { apiGet, openSignedIn } from './fixtures';

/** GET on the API as the signed-in demo vendor: the figures the screen must show. */
const usd = (dollars: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    dollars,
  );

test.beforeEach(async ({ page }) => {
  await openSignedIn(page);
});

test("Home shows the seeded store's figures in USD without decimals, and each card leads to its screen", async ({
  page,
}) => {
  const stats = await apiGet<DashboardStats>(page, '/dashboard/stats');
  const customers = await apiGet<CustomerStats>(page, '/customers/stats');
  expect(stats.totalOrders).toBeGreaterThan(0);
  await expect(page.getByText('Your store is performing well today')).toBeVisible();

  await expect(page.getByTestId('stat-total-revenue')).toContainText(usd(stats.totalRevenue));
  // No cents: the whole dollars are followed directly by the trend arrow.
  await expect(page.getByTestId('stat-total-revenue')).toContainText(/\$[\d,]+[↑↓→]/);
  await expect(page.getByTestId('stat-active-bots')).toContainText(String(stats.activeBots));
  await expect(page.getByTestId('stat-total-orders')).toContainText(stats.totalOrders.toLocaleString('en'));
  await expect(page.getByTestId('stat-total-customers')).toContainText(
    customers.totalCustomers.toLocaleString('en'),
  );

  await page.getByTestId('stat-total-orders').click();
  await expect(page).toHaveURL(/\/orders$/);
  await page.goBack();
  await page.getByTestId('stat-total-customers').click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.goBack();
  await page.getByTestId('stat-active-bots').click();
  await expect(page).toHaveURL(/\/bots$/);
});

test('quick actions carry count badges and open Bots, Customers, Orders and Analytics', async ({ page }) => {
  const bots = await apiGet<DashboardBots>(page, '/dashboard/bots');
  const actions = page.getByRole('region', { name: 'Quick Actions' });
  await expect(actions.getByRole('link', { name: `Manage Bots: ${bots.total}` })).toBeVisible();
  for (const [name, path] of [
    ['Customers', '/customers'],
    ['View Orders', '/orders'],
    ['Analytics', '/analytics'],
  ] as const) {
    await actions.getByRole('link', { name: new RegExp(`^${name}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.goBack();
  }
});

test('the Active Bots card lists the first three bots and counts them all', async ({ page }) => {
  const bots = await apiGet<DashboardBots>(page, '/dashboard/bots');
  const card = page.getByTestId('home-bots');
  await expect(card.getByText(`${bots.online} online`)).toBeVisible();
  for (const bot of bots.bots.slice(0, 3)) await expect(card.getByText(`@${bot.username}`)).toBeVisible();
  if (bots.bots[3]) await expect(card.getByText(`@${bots.bots[3].username}`)).toHaveCount(0);
  await card.getByRole('button', { name: `View all ${bots.total} bots` }).click();
  await expect(page).toHaveURL(/\/bots$/);
});

test('Customer Insights shows all bots combined, then one bot when chosen', async ({ page }) => {
  const card = page.getByTestId('home-insights');
  const all = await apiGet<CustomerStats>(page, '/customers/stats');
  await expect(card.getByTestId('insights-total')).toHaveText(all.totalCustomers.toLocaleString('en'));
  const bots = await apiGet<DashboardBots>(page, '/dashboard/bots');
  const bot = bots.bots[0];
  if (!bot) throw new Error('the demo vendor has bots');
  const one = await apiGet<CustomerStats>(page, `/customers/stats?botId=${bot.id}`);
  await card.getByRole('combobox', { name: 'Show customers of' }).selectOption({ label: bot.name });
  await expect(card.getByTestId('insights-total')).toHaveText(one.totalCustomers.toLocaleString('en'));
  // Send Campaign opens the campaign composer (issue 20), no longer the customer list.
  await card.getByRole('button', { name: 'Send Campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/new$/);
});

test('the Subscription Overview shows the active subscriptions and their monthly cost', async ({ page }) => {
  const overview = await apiGet<SubscriptionOverview>(page, '/subscriptions/overview');
  const card = page.getByTestId('home-subscriptions');
  if (overview.activeSubscriptions === 0) {
    await expect(card.getByText("Your bots won't work without an active subscription...")).toBeVisible();
    await expect(card.getByRole('button', { name: 'View Subscription Plans' })).toBeVisible();
    return;
  }
  await expect(card.getByRole('heading', { name: 'Subscription Overview' })).toBeVisible();
  await expect(card).toContainText(usd(overview.monthlyCost / 100));
  for (const sub of overview.subscriptions.slice(0, 3)) await expect(card).toContainText(sub.botName);
  await card.getByRole('button', { name: 'Manage Subscriptions' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
});
