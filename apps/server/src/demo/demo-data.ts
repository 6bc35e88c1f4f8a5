import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { callMethod } from '../fakes/bot-api/methods';
import type { FakeBotApiState } from '../fakes/bot-api/state';
import type { Secrets } from '../lib/secrets';
import { ALLOWED_UPDATES } from '../modules/bots/bot-lifecycle.service';
import { shopMenuCalls } from '../modules/bots/chat-menu';
import { loadDemoStarTransactions } from './demo-stars';
import { DEMO_BOTS, demoShopWebhooks, seedDemoVendor } from './seed/seed';

export const DEMO_PLATFORM_BOT_USERNAME = 'botshop_backoffice_bot';
/** The demo shop a person chats with first (the chat page's URL is printed at start). */
export const DEMO_SHOP_USERNAME = 'urban_threads_bot';

/**
 * Demo mode at start-up: the fake Telegram knows the demo bots (so their tokens verify), and on first start
 * a demo vendor with realistic data is seeded. Later starts find it and seed nothing. The running demo shops'
 * webhooks are set on the fake (its state starts empty every time), so a customer can chat with them at once.
 */
export async function ensureDemoData(
  db: Db,
  fake: FakeBotApiState,
  secrets: Secrets,
  log: FastifyBaseLogger,
  platformBotToken: string,
  publicUrl: string,
  /** Told each step of a first start's seed as it ends (it takes a while: main prints them). */
  progress?: (line: string) => void,
) {
  for (const bot of DEMO_BOTS)
    fake.registerBot({ token: bot.token, username: bot.username, firstName: bot.name });
  // The platform bot too: shop bots link to the back-office through its username.
  fake.registerBot({ token: platformBotToken, username: DEMO_PLATFORM_BOT_USERNAME, firstName: 'Bot Shop' });
  const result = await seedDemoVendor(db, {
    orders: 2000,
    seed: 1,
    onlyIfMissing: true,
    secrets,
    ...(progress ? { onStep: (name: string, ms: number) => progress(`demo data: ${name} (${ms} ms)`) } : {}),
  });
  if (result.created) log.info(result, 'demo data seeded');
  // The demo shops' Stars sales as Telegram lists them (the fake starts empty at every start).
  await loadDemoStarTransactions(db, fake, result.vendorId);
  const webhooks = await demoShopWebhooks(db, { vendorId: result.vendorId, secrets, publicUrl });
  for (const hook of webhooks) {
    try {
      await callMethod(fake, hook.token, 'setWebhook', {
        url: hook.url,
        secret_token: hook.secret,
        allowed_updates: ALLOWED_UPDATES,
      });
      // The chat's commands and its menu button (the shop's Mini App), as starting a bot sets them.
      for (const [method, params] of shopMenuCalls({ id: hook.botId, language: hook.language }, publicUrl)) {
        await callMethod(fake, hook.token, method, params);
      }
    } catch (err) {
      // Telegram's rules apply (https, or this machine): the back-office works all the same, the shop does not.
      log.warn(
        { bot: hook.username, err: err instanceof Error ? err.message : String(err) },
        'demo shop webhook not set',
      );
    }
  }
}
