import { expect, type Page, test } from '@playwright/test';
import { createOwnBot, openSignedIn } from './fixtures';

const createBot = (page: Page) => createOwnBot(page, 'Help');

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
