import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { DEMO_BOTS, seedDemoVendor } from '../db/seed/seed';
import type { Secrets } from '../lib/secrets';
import type { FakeBotApiState } from '../telegram/fake-bot-api/state';

/**
 * Demo mode at start-up: the fake Telegram knows the demo bots (so their tokens verify), and on first start
 * a demo vendor with realistic data is seeded. Later starts find it and seed nothing.
 */
export const DEMO_PLATFORM_BOT_USERNAME = 'botshop_backoffice_bot';

export async function ensureDemoData(
  db: Db,
  fake: FakeBotApiState,
  secrets: Secrets,
  log: FastifyBaseLogger,
  platformBotToken: string,
) {
  for (const bot of DEMO_BOTS)
    fake.registerBot({ token: bot.token, username: bot.username, firstName: bot.name });
  // The platform bot too: shop bots link to the back-office through its username.
  fake.registerBot({ token: platformBotToken, username: DEMO_PLATFORM_BOT_USERNAME, firstName: 'Bot Shop' });
  const result = await seedDemoVendor(db, { orders: 2000, seed: 1, onlyIfMissing: true, secrets });
  if (result.created) log.info(result, 'demo data seeded');
}
