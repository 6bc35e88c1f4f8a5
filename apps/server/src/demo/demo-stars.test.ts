import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedTestDatabase } from '../../test/harness';
import type { Database } from '../db/client';
import { type FakeBotApi, startFakeBotApi } from '../fakes/bot-api/server';
import { syncBotStars } from '../jobs/billing-collect';
import { createSecrets } from '../lib/secrets';
import { createBotApi } from '../lib/telegram/bot-api';
import { loadDemoStarTransactions } from './demo-stars';
import { DEMO_BOTS, type SeedResult, seedDemoVendor } from './seed/seed';
import { DEMO_STAR_PAYMENTS_PER_BOT } from './seed/seed-stars';

// Demo mode's Stars (issue 22): each demo bot that sells in Stars has Star transactions in the fake Bot API, built
// from the seeded Stars payments, so its Stars screen shows a real reconciliation: paid, one refunded, one
// unmatched.

const NOW = new Date('2026-03-18T12:00:00Z');
const secrets = createSecrets('seed-test-secret-at-least-32-characters');

let database: Database;
let fake: FakeBotApi;
let seeded: SeedResult;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const sync = () => syncBotStars({ db: database.db, botApi: createBotApi({ apiRoot: fake.url }), secrets });

/** Each running demo bot's kept Star transactions, counted by match (and reason). */
async function matchesByBot() {
  const counted = await rows<{ username: string; match: string; reason: string | null; n: number }>(sql`
    select b.username, t.match, t.reason, count(*)::int as n
    from bot_star_transactions t join bots b on b.vendor_id = t.vendor_id and b.id = t.bot_id
    where t.vendor_id = ${seeded.vendorId}
    group by b.username, t.match, t.reason order by 1, 2, 3`);
  const byBot = new Map<string, Record<string, number>>();
  for (const c of counted) {
    const key = c.reason ? `${c.match}:${c.reason}` : c.match;
    byBot.set(c.username, { ...byBot.get(c.username), [key]: c.n });
  }
  return byBot;
}

beforeAll(async () => {
  database = await openEmbeddedTestDatabase();
  fake = await startFakeBotApi();
  for (const bot of DEMO_BOTS) fake.state.registerBot({ token: bot.token, username: bot.username });
  seeded = await seedDemoVendor(database.db, { orders: 2000, seed: 1, secrets, now: NOW });
  await loadDemoStarTransactions(database.db, fake.state, seeded.vendorId);
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

describe('demo Stars', () => {
  it('seeds Stars payments on the newest paid digital orders of each demo bot, and on one refunded order', async () => {
    const payments = await rows<{ username: string; status: string; n: number }>(sql`
      select b.username, p.status, count(*)::int as n
      from shop_payments p join bots b on b.vendor_id = p.vendor_id and b.id = p.bot_id
      where p.vendor_id = ${seeded.vendorId} and p.currency = 'XTR'
      group by b.username, p.status order by 1, 2`);
    const sellers = new Set(payments.map((p) => p.username));
    expect(sellers.size).toBeGreaterThanOrEqual(3);
    for (const username of sellers) {
      const of = (status: string) => payments.find((p) => p.username === username && p.status === status)?.n;
      expect(of('paid')).toBe(DEMO_STAR_PAYMENTS_PER_BOT);
      expect(of('refunded')).toBe(1);
    }
  });

  it('gives every running demo bot that sells in Stars a reconciled Stars screen: paid, one refunded, one unmatched', async () => {
    await sync();

    const running = await rows<{ username: string }>(sql`
      select distinct b.username from bots b join shop_payments p on p.vendor_id = b.vendor_id and p.bot_id = b.id
      where b.vendor_id = ${seeded.vendorId} and b.is_active and p.currency = 'XTR'`);
    expect(running.length).toBeGreaterThanOrEqual(2);
    const byBot = await matchesByBot();
    for (const { username } of running) {
      // The refund is two transactions (the payment in, the Stars back out), both matched to the refunded order.
      expect(byBot.get(username)).toEqual({
        paid: DEMO_STAR_PAYMENTS_PER_BOT,
        refunded: 2,
        'unmatched:no_order': 1,
      });
    }
    const [balance] = await rows<{ n: number }>(sql`
      select count(*)::int as n from bot_star_balances where vendor_id = ${seeded.vendorId} and balance > 0`);
    expect(balance?.n).toBe(running.length);
  });

  it('lists the same transactions after a restart, so a second sync keeps them as they were', async () => {
    const kept = async () =>
      rows<{ seq: number; telegram_id: string; direction: string }>(sql`
        select seq, telegram_id, direction from bot_star_transactions
        where vendor_id = ${seeded.vendorId} order by bot_id, seq`);
    await sync();
    const before = { matches: await matchesByBot(), kept: await kept() };
    const listed = structuredClone(fake.state.starTransactions);
    fake.state.starTransactions.length = 0;

    await loadDemoStarTransactions(database.db, fake.state, seeded.vendorId);
    await sync();

    // Telegram's list in the same order (the sync keeps each transaction by its place in it).
    expect(fake.state.starTransactions).toEqual(listed);
    expect(await matchesByBot()).toEqual(before.matches);
    expect(await kept()).toEqual(before.kept);
  });
});
