import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { freshTelegramUser, openAs, openSignedIn } from './fixtures';

// The demo vendor is shared by every spec running in parallel: the tests on it change nothing another spec reads
// (they add a session of their own and a profile e-mail). The language, two-step confirmation and the account's
// deletion are tried on a vendor of the test's own: a fresh Telegram user signed in with launch data the test
// signs (fixtures.ts, openAs).

/** Telegram's main button (drawn in the page in demo mode). */
const mainButton = (page: Page) => page.getByTestId('demo-main-button');

/** Answers the next popups (browser dialogs in demo mode), collecting their texts. */
function acceptPopups(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

/** The authenticator app's code (RFC 6238: HMAC-SHA-1, 30 s steps, 6 digits) for a base32 secret, now. */
function totpNow(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A call on the API with the page's own session (checking what a screen did, never standing in for it). */
async function apiAs(page: Page, path: string) {
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const res = await page.request.get(`/api/v1/vendors/${vendorId}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Signs the demo user in once more, from another device (its user agent): a session of the test's own. */
async function signInFromPhone(page: Page, userAgent: string) {
  const { initData } = (await (await page.request.get('/api/v1/demo/init-data')).json()) as {
    initData: string;
  };
  const res = await page.request.post('/api/v1/auth/telegram', {
    headers: { 'user-agent': userAgent },
    data: { init_data: initData },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { accessToken: string; vendor: { id: string } };
}

test('the profile is edited and kept after a reload', async ({ page }) => {
  const popups = acceptPopups(page);
  await openSignedIn(page);
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Vendor ID')).toBeVisible();
  await page.getByLabel('Phone').fill('555');
  await mainButton(page).click();
  await expect(
    page.getByText('Please enter the phone number in international format, e.g. +14155550123.'),
  ).toBeVisible();

  await page.getByLabel('Phone').fill('+1 (415) 555-0123');
  await page.getByLabel('Company').fill('Alex Trading');
  await mainButton(page).click();
  await expect.poll(() => popups).toContain('Your profile has been updated successfully.');
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+14155550123');
  await expect(page.getByLabel('Company')).toHaveValue('Alex Trading');
});

test('another session is revoked from the security screen and its token stops at once', async ({ page }) => {
  acceptPopups(page);
  await openSignedIn(page);
  // The only test signing in from iOS: its session is the one row 'Telegram on iOS'.
  const phone = await signInFromPhone(
    page,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Telegram-iOS/11.4',
  );
  await page.goto('/settings/security');
  const row = page.getByTestId('session').filter({ hasText: 'Telegram on iOS' });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('session').filter({ hasText: 'Current' })).toHaveCount(1);

  await row.getByRole('button', { name: /Revoke/ }).click();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/v1/vendors/${phone.vendor.id}/profile`, {
        headers: { Authorization: `Bearer ${phone.accessToken}` },
      });
      return res.status();
    })
    .toBe(401);
});

test('a sign-in from a new device is told by e-mail, readable in the demo mailbox', async ({ page }) => {
  await openSignedIn(page);
  const email = `alex+${Date.now()}@demo.example`;
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const saved = await page.request.patch(`/api/v1/vendors/${vendorId}/profile`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { email },
  });
  expect(saved.ok()).toBe(true);
  // A new address gets mail once the 6-digit code sent to it is entered.
  const mails = async () => {
    const res = await page.request.get(`/fake-mail/__control/messages?to=${encodeURIComponent(email)}`);
    return ((await res.json()) as { messages: { subject: string }[] }).messages;
  };
  await expect.poll(async () => (await mails()).length).toBeGreaterThan(0);
  const code = /\b(\d{6})\b/.exec((await mails())[0]?.subject ?? '')?.[1] ?? '';
  const verified = await page.request.post(`/api/v1/vendors/${vendorId}/profile/email/verify`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { code },
  });
  expect(verified.ok()).toBe(true);
  await signInFromPhone(page, `Mozilla/5.0 (Linux; Android 14; Galaxy-${Date.now()}) Telegram-Android/11.4`);

  // The sign-in asks for a run of the jobs, which sends the queued notice at once.
  await expect
    .poll(
      async () => {
        const subjects = (await mails()).map((m) => m.subject);
        return subjects.some((s) => s.includes('New sign-in to your account'));
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe(true);
  await page.goto('/fake-mail/__control/mailbox');
  await expect(page.getByRole('heading', { name: /New sign-in to your account/ }).first()).toBeVisible();
});

test('the profile is edited and the language switched: the app speaks it at once, and after a reload', async ({
  browser,
}) => {
  const { context, page, dialogs } = await openAs(browser, freshTelegramUser('Lena'));
  await page.goto('/settings/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByLabel('Company').fill('Lena Crafts');
  await page.getByLabel('Language').selectOption('es');
  await mainButton(page).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await expect(page.getByLabel('Empresa')).toHaveValue('Lena Crafts');
  await expect.poll(() => dialogs.length).toBeGreaterThan(0);
  // Not only the page: Telegram's main button speaks it too.
  await expect(mainButton(page)).toHaveText('Guardar cambios');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  expect((await apiAs(page, '/profile')).language).toBe('es');
  await context.close();
});

/** Turns two-step confirmation on in the security screen, with a code computed from the shown secret. */
async function turnOnTwoStep(page: Page) {
  await page.goto('/settings/security');
  const twoStep = page.getByTestId('two-step');
  await twoStep.getByRole('switch', { name: 'Two-Factor Authentication' }).click();
  const secret = (await page.getByTestId('two-step-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await twoStep.getByRole('textbox', { name: 'Code' }).fill(totpNow(secret));
  await twoStep.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await twoStep.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoStep.getByRole('switch', { name: 'Two-Factor Authentication' })).toBeChecked();
}

test('two-step confirmation is turned on with a code from the scanned secret', async ({ browser }) => {
  const { context, page } = await openAs(browser, freshTelegramUser('Omar'));
  await turnOnTwoStep(page);
  expect((await apiAs(page, '/security')).twoStep.enabled).toBe(true);
  await context.close();
});

test('a device bound for Face ID / fingerprint confirms a sensitive action without the code', async ({
  browser,
}) => {
  const { context, page, dialogs } = await openAs(browser, freshTelegramUser('Yuki'));
  await turnOnTwoStep(page);
  // Turning two-step on counts as this session's step-up: binding asks for nothing more.
  const biometrics = page.getByTestId('biometrics');
  await biometrics.getByRole('button', { name: 'Bind this device' }).click();
  await expect(biometrics.getByTestId('biometric-device')).toContainText('This device');

  // A new sign-in on the same device: a session without a step-up.
  await page.evaluate(() => {
    for (const key of ['auth_token', 'refresh_token', 'auth_token_expires_at']) localStorage.removeItem(key);
  });
  await page.goto('/settings/danger');
  await page.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('DELETE MY ACCOUNT');
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  await page.getByRole('button', { name: 'Use Face ID / fingerprint' }).click();
  await expect(page.getByRole('status')).toContainText('Your account will be deleted on');
  // The demo's stand-in for the biometric prompt showed the app's reason; no code was typed.
  expect(dialogs).toContain('Confirm this sensitive action');
  await context.close();
});

test('the account’s deletion is scheduled, and signing in again cancels it', async ({ browser }) => {
  const user = freshTelegramUser('Ines');
  const { context, page, dialogs } = await openAs(browser, user);
  await page.goto('/settings/danger');
  const remove = page.getByRole('button', { name: 'Delete My Account' });
  await expect(remove).toBeDisabled();
  await page.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('DELETE MY ACCOUNT');
  await remove.click();
  await expect(page.getByRole('status')).toContainText('Your account will be deleted on');
  expect(dialogs).toEqual([
    'Delete your account? Your bots stop and everyone is signed out.',
    'Are you sure? After 30 days your data is erased for good.',
  ]);

  // Opening the app again is a new sign-in: the deletion is cancelled, and the app says so.
  await page.goto('/');
  await expect.poll(() => dialogs).toContain('Account deletion cancelled; bots restarted.');
  expect((await apiAs(page, '/profile')).deletionScheduledFor).toBeNull();
  await context.close();
});
