import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { DEMO_BOTS, seedDemoVendor } from '../db/seed/seed';
import type { Secrets } from '../lib/secrets';
import type { FakeBotApiState } from '../telegram/fake-bot-api/state';

/**
 * Demo mode at start-up: the fake Telegram knows the demo bots (so their tokens verify), and on first start
 * a demo vendor with realistic data is seeded. Later starts find it and seed nothing.
 */
export async function ensureDemoData(
  db: Db,
  fake: FakeBotApiState,
  secrets: Secrets,
  log: FastifyBaseLogger,
) {
  for (const bot of DEMO_BOTS)
    fake.registerBot({ token: bot.token, username: bot.username, firstName: bot.name });
  const result = await seedDemoVendor(db, { orders: 2000, seed: 1, onlyIfMissing: true, secrets });
  if (result.created) log.info(result, 'demo data seeded');
}
