import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

/**
 * The activity feeds read domain events: a change made through the API is recorded with it, fanned out by
 * the events.dispatch job, and shows on Home's Recent Activity and on the bot's page.
 */
test('stopping a bot shows on Home and on the bot page as "You stopped @bot"', async ({ page }) => {
  await openSignedIn(page);
  const suffix = randomBytes(4).toString('hex');
  const digits = String(1_000_000_000 + randomBytes(3).readUIntBE(0, 3));
  const fake = {
    token: `${digits}:AA${suffix.padEnd(33, 'x')}`,
    username: `feed_${suffix}_bot`,
    firstName: 'Feed',
  };
  expect((await page.request.post('/fake-telegram/__control/bots', { data: fake })).ok()).toBe(true);
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post(`/api/v1/vendors/${vendorId}/bots`, {
    headers,
    data: { botToken: fake.token, botName: 'Feed Shop', plan: 'BASIC' },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/v1/vendors/${vendorId}/bots/${id}/stop`, { headers })).ok()).toBe(
    true,
  );

  const line = `You stopped @${fake.username}`;
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByTestId('home-activity').getByText(line)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('home-activity').getByText(line).click();
  await expect(page).toHaveURL(new RegExp(`/bots/${id}$`));
  await expect(page.getByText(line)).toBeVisible();
});
