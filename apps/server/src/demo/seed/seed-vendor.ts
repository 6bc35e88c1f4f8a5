import { DAY_MS } from '@app/contracts/common';
import { PLANS, TRIAL_DAYS } from '@app/contracts/plans';
import { count, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { botSubscriptions, bots, telegramIdentities, vendors } from '../../db/schema/index';
import { type Secrets, sha256Hex } from '../../lib/secrets';
import { DEMO_STORE_NAME, DEMO_USER } from '../demo-user';
import type { SeedBot } from './demo-bots';
import { addDays, addMonths, HOUR_MS } from './seed-time';
import { seededUuid } from './sql-random';

// The demo vendor, its owner's Telegram identity, its bots and their subscription histories; and the removal
// of a previous demo vendor's data before a re-seed.

/**
 * Removes the demo vendor and everything it owns. When it is the only vendor, every tenant row is its own, so
 * TRUNCATE … CASCADE does it at once; otherwise one DELETE per child table, children first (a million orders
 * cascading one row at a time from the vendor row would take minutes), then the vendor row, whose cascade
 * reaches anything else that references it.
 */
export async function deleteVendorData(tx: Tx, vendorId: string): Promise<void> {
  // Plan fees name the vendor's orders but hold no foreign key to the vendor: the truncate below misses them.
  await tx.execute(sql`delete from plan_fees where vendor_id = ${vendorId}`);
  const [others] = await tx.select({ n: count() }).from(vendors).where(ne(vendors.id, vendorId));
  if (Number(others?.n ?? 0) === 0) {
    await tx.execute(sql`truncate table vendors cascade`);
    return;
  }
  const tables = [
    'order_items',
    'bot_daily_stats',
    'vendor_daily_stats',
    'product_daily_stats',
    'vendor_product_daily_stats',
    'order_status_counts',
    'customer_bots',
    'product_bots',
    'product_codes',
    'bot_subscriptions',
    'activity_log',
    'events',
    'orders',
    'customers',
    'products',
    'subcategories',
    'categories',
  ];
  for (const table of tables) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where vendor_id = ${vendorId}`);
  }
  await tx.delete(vendors).where(eq(vendors.id, vendorId));
}

/** The vendor row and its owner (the demo user), created a little over a year before `now`. */
export async function insertVendor(tx: Tx, vendorId: string, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const vendorCreated = new Date(nowMs - 401 * DAY_MS - 5 * HOUR_MS);
  await tx.insert(vendors).values({
    id: vendorId,
    storeName: DEMO_STORE_NAME,
    email: 'alex@demo-store.example',
    emailVerifiedAt: vendorCreated,
    phone: '+1 202 555 0147',
    company: 'Morgan & Co Trading',
    website: 'https://demo-store.example',
    isDemo: true,
    createdAt: vendorCreated,
    updatedAt: vendorCreated,
  });
  await tx.insert(telegramIdentities).values({
    vendorId,
    telegramId: DEMO_USER.id,
    role: 'VENDOR',
    firstName: DEMO_USER.first_name,
    lastName: DEMO_USER.last_name ?? null,
    username: DEMO_USER.username ?? null,
    languageCode: DEMO_USER.language_code ?? null,
    createdAt: vendorCreated,
    lastLoginAt: new Date(nowMs - 2 * HOUR_MS),
  });
}

type SubscriptionPeriod = {
  status: 'trial' | 'active' | 'expired';
  trial: boolean;
  startsAt: Date;
  endsAt: Date;
};

export type BotTimeline = {
  createdAt: Date;
  updatedAt: Date;
  /** Orders go through the bot until then. */
  runsUntil: Date;
  isActive: boolean;
  subscriptions: SubscriptionPeriod[];
};

/** The bots as inserted: the same position in `bots`, `timelines` and `ids` is the same bot. */
export type SeededBots = { bots: SeedBot[]; timelines: BotTimeline[]; ids: string[] };

/** When each bot was created, its subscription history and whether it runs, from its state. */
function planBotTimeline(bot: SeedBot, now: Date): BotTimeline {
  const at = (ms: number) => new Date(ms);
  const nowMs = now.getTime();
  const { profile } = bot;
  if (bot.state === 'free') {
    const createdAt = at(nowMs - 400 * DAY_MS - 3 * HOUR_MS);
    return { createdAt, updatedAt: createdAt, runsUntil: now, isActive: true, subscriptions: [] };
  }
  if (bot.state === 'trial') {
    const createdAt = at(nowMs - 3 * DAY_MS - 5 * HOUR_MS);
    const trial = {
      status: 'trial' as const,
      trial: true,
      startsAt: createdAt,
      endsAt: addDays(createdAt, TRIAL_DAYS),
    };
    return { createdAt, updatedAt: createdAt, runsUntil: now, isActive: true, subscriptions: [trial] };
  }
  // Paid bots: a trial, then monthly periods; the expired bot's last one ended last month.
  const months = profile.paidMonths ?? 6;
  const lastEnd =
    bot.state === 'expired'
      ? at(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 9 * DAY_MS + 14 * HOUR_MS)
      : at(nowMs + (profile.endsInDays ?? 20) * DAY_MS + 7 * HOUR_MS);
  const firstPaid = addMonths(lastEnd, -months);
  const trialStart = addDays(firstPaid, -TRIAL_DAYS);
  const createdAt = at(trialStart.getTime() - 20 * 60_000);
  const subscriptions: SubscriptionPeriod[] = [
    { status: 'expired', trial: true, startsAt: trialStart, endsAt: firstPaid },
  ];
  for (let k = months; k >= 1; k--) {
    const endsAt = addMonths(lastEnd, -(k - 1));
    subscriptions.push({
      status: endsAt <= now ? 'expired' : 'active',
      trial: false,
      startsAt: addMonths(lastEnd, -k),
      endsAt,
    });
  }
  if (bot.state === 'expired') {
    return { createdAt, updatedAt: lastEnd, runsUntil: lastEnd, isActive: false, subscriptions };
  }
  if (bot.state === 'inactive') {
    const stoppedAt = at(nowMs - 9 * DAY_MS - 3 * HOUR_MS);
    return { createdAt, updatedAt: stoppedAt, runsUntil: stoppedAt, isActive: false, subscriptions };
  }
  return { createdAt, updatedAt: createdAt, runsUntil: now, isActive: true, subscriptions };
}

/** The bots (tokens encrypted) and their subscription periods, dated from each bot's state. */
export async function insertBots(
  tx: Tx,
  vendorId: string,
  seed: number,
  now: Date,
  secrets: Secrets,
  allBots: SeedBot[],
): Promise<SeededBots> {
  const timelines = allBots.map((bot) => planBotTimeline(bot, now));
  const botIds = allBots.map((bot) => seededUuid(seed, 'bot', bot.key));
  await tx.insert(bots).values(
    allBots.map((bot, i) => {
      const t = timelines[i] as BotTimeline;
      return {
        vendorId,
        id: botIds[i],
        telegramBotId: bot.telegramBotId,
        username: bot.username,
        name: bot.name,
        description: bot.description,
        tokenCiphertext: secrets.encrypt(bot.token),
        tokenHash: sha256Hex(bot.token),
        category: bot.category,
        welcomeMessage: bot.welcomeMessage,
        isActive: t.isActive,
        settings: {
          orderNotifications: true,
          stockAlerts: bot.state !== 'inactive',
          customerNotifications: true,
          analyticsEnabled: true,
          maintenanceMode: false,
        },
        integrations: {
          payments: bot.plan === 'FREE' ? ['Telegram Stars'] : ['Telegram Stars', 'Card'],
          shipping: bot.category === 'groceries' ? ['Local courier'] : ['DHL Express', 'UPS'],
          thirdParty: bot.plan === 'PRO' ? ['Google Sheets'] : [],
        },
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      };
    }),
  );
  const subscriptionRows = allBots.flatMap((bot, i) =>
    (timelines[i] as BotTimeline).subscriptions.map((s, k) => ({
      vendorId,
      id: seededUuid(seed, 'subscription', bot.key, k),
      botId: botIds[i] as string,
      plan: bot.plan,
      status: s.status,
      billingPeriod: 'monthly' as const,
      // A trial costs nothing; the fee is the plan's from the first day.
      amountMinor: s.trial ? 0 : PLANS[bot.plan].priceMonthly,
      feeBps: PLANS[bot.plan].feeBps,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      createdAt: s.startsAt,
    })),
  );
  if (subscriptionRows.length > 0) await tx.insert(botSubscriptions).values(subscriptionRows);
  return { bots: allBots, timelines, ids: botIds };
}
