import type { AnalyticsOverview, BotPerformanceResponse } from '@app/contracts/analytics';
import type { DashboardBots } from '@app/contracts/dashboard';
import { expect, test } from '@playwright/test';
import { apiGet, openSignedIn } from './fixtures';

const usd = (minor: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    minor / 100,
  );

test.beforeEach(async ({ page }) => {
  await openSignedIn(page);
});

test('analytics switches periods and bots, and every figure follows', async ({ page }) => {
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const periods = page.getByRole('radiogroup', { name: 'Period' });
  await expect(periods.getByRole('radio', { name: '30d' })).toHaveAttribute('aria-checked', 'true');
  const d30 = await apiGet<AnalyticsOverview>(page, '/analytics?period=30d');
  await expect(page.getByTestId('analytics-revenue')).toContainText(usd(d30.totalRevenue));
  await expect(page.getByTestId('analytics-orders')).toContainText(d30.totalOrders.toLocaleString('en'));
  if (d30.totalOrders > 0) await expect(page.getByTestId('revenue-chart').locator('canvas')).toBeVisible();

  await periods.getByRole('radio', { name: '7d' }).click();
  await expect(page).toHaveURL(/period=7d/);
  const d7 = await apiGet<AnalyticsOverview>(page, '/analytics?period=7d');
  await expect(page.getByTestId('analytics-orders')).toContainText(d7.totalOrders.toLocaleString('en'));
  await expect(page.getByTestId('analytics-revenue')).toContainText(usd(d7.totalRevenue));

  const bots = await apiGet<DashboardBots>(page, '/dashboard/bots');
  const bot = bots.bots[0];
  if (!bot) throw new Error('the demo vendor has bots');
  await page.getByRole('combobox', { name: 'Bot' }).selectOption({ label: bot.name });
  await expect(page).toHaveURL(/botId=/);
  const one = await apiGet<AnalyticsOverview>(page, `/analytics?period=7d&botId=${bot.id}`);
  await expect(page.getByTestId('analytics-orders')).toContainText(one.totalOrders.toLocaleString('en'));
  await expect(page.getByTestId('analytics-revenue')).toContainText(usd(one.totalRevenue));

  await periods.getByRole('radio', { name: '24h' }).click();
  await expect(page).toHaveURL(/period=24h/);
  const day = await apiGet<AnalyticsOverview>(page, `/analytics?period=24h&botId=${bot.id}`);
  await expect(page.getByTestId('analytics-orders')).toContainText(day.totalOrders.toLocaleString('en'));
});

test('the tabs show bot performance, up to ten top products and the customer metrics', async ({ page }) => {
  await page.goto('/analytics?period=90d');
  const overviewTop = page.getByTestId('top-products-5');
  await expect(overviewTop.or(page.getByText('No product sales in this period'))).toBeVisible();
  if (await overviewTop.isVisible()) expect(await overviewTop.locator('li').count()).toBeLessThanOrEqual(5);

  await page.getByRole('tab', { name: 'Bots' }).click();
  const performance = await apiGet<BotPerformanceResponse>(page, '/analytics/bots/all?period=90d');
  if (performance.bots.length === 0) {
    await expect(page.getByText('No bot performance data available')).toBeVisible();
  } else {
    await expect(page.getByTestId('bot-performance')).toHaveCount(performance.bots.length);
    await expect(page.getByTestId('bot-performance').first()).toContainText(
      `@${performance.bots[0]?.username}`,
    );
  }

  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page).toHaveURL(/tab=products/);
  const top = page.getByTestId('top-products-10');
  await expect(top.or(page.getByText('No product sales in this period'))).toBeVisible();
  if (await top.isVisible()) expect(await top.locator('li').count()).toBeLessThanOrEqual(10);

  await page.getByRole('tab', { name: 'Customers' }).click();
  for (const label of ['New Customers', 'Returning Customers', 'Cart Abandonment', 'Customer Lifetime Value'])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
});
