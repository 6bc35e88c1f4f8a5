// The support inbox end to end: a customer writes to a shop bot on the fake Telegram's chat page, the conversation
// shows in the back-office's inbox, and the reply sent there appears in the customer's chat. The test makes a bot
// of its own (other specs use the demo shops at the same time).
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './fixtures';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function randomToken(): string {
  const digits = String(1_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)).slice(0, 10);
  const tail = Array.from(randomBytes(35), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
  return `${digits}:${tail}`;
}

/** A running shop bot of the test's own, registered with the in-process fake Bot API (arranging, not checking). */
async function createBot(page: Page) {
  const suffix = randomBytes(4).toString('hex');
  const fake = { token: randomToken(), username: `help_${suffix}_bot`, firstName: `Help ${suffix}` };
  expect((await page.request.post('/fake-telegram/__control/bots', { data: fake })).ok()).toBe(true);
  const { token, vendorId } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    vendorId: localStorage.getItem('vendor_id'),
  }));
  const response = await page.request.post(`/api/v1/vendors/${vendorId}/bots`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { botToken: fake.token, botName: `Help ${suffix}`, plan: 'PRO' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { username: fake.username, suffix };
}

test('a customer writes to the shop bot, the inbox shows it, and the reply appears in the customer’s chat', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openSignedIn(page);
  const bot = await createBot(page);
  const question = `Where is my parcel? (${bot.suffix})`;
  const answer = `It ships today (${bot.suffix}).`;

  // The customer opens a conversation with /support and asks.
  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}`);
  const chat = page.getByRole('list', { name: 'Chat' });
  const say = async (text: string) => {
    await page.getByPlaceholder('Message').fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
  };
  await say('/support');
  await expect(chat.getByText(/You are now talking to the .* team/).last()).toBeVisible();
  await say(question);
  await expect(chat.getByText(question).last()).toBeVisible();

  // The team sees it in the inbox and answers in the thread; the main button sends.
  await page.goto('/support');
  await page.getByRole('button', { name: new RegExp(question.replace(/[()?]/g, '\\$&')) }).click();
  await expect(page.getByTestId('support-messages').getByText(question)).toBeVisible();
  await page.getByLabel('Your reply').fill(answer);
  const sent = page.waitForResponse((r) => r.url().includes('/messages') && r.request().method() === 'POST');
  await page.getByTestId('demo-main-button').click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByTestId('support-messages').getByText(answer)).toBeVisible();

  // The customer reads the answer in their chat.
  await page.goto(`/fake-telegram/__control/chat-page?bot=${bot.username}`);
  await expect(page.getByRole('list', { name: 'Chat' }).getByText(answer).last()).toBeVisible();
});
