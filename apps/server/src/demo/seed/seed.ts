import { performance } from 'node:perf_hooks';
import { PLANS, TRIAL_DAYS } from '@app/contracts/plans';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  botSubscriptions,
  bots,
  categories,
  productBots,
  productCodes,
  products,
  subcategories,
  telegramIdentities,
  vendors,
} from '../../db/schema/index';
import { randomToken, type Secrets, sha256Hex } from '../../lib/secrets';
import { activityConsumer } from '../../modules/activity/activity.consumer';
import { dispatchInTransaction } from '../../modules/events/events.dispatcher';
import { type DomainEvent, recordEvent, SYSTEM_ACTOR } from '../../modules/events/record-event';
import { planFeesConsumer } from '../../modules/payments/plan-fees.consumer';
import { DEMO_STORE_NAME, DEMO_USER } from '../demo-user';
import { dropSecondaryIndexes } from './bulk-indexes';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoBotKey, type DemoProduct } from './demo-catalogue';
import { deriveTotals, insertOrderEvents } from './derive-totals';
import {
  createAddressTable,
  createPickTables,
  insertCustomers,
  insertOrderBatch,
  type OrderBot,
  type PickRow,
  planCustomerGroups,
} from './generate-orders';
import { seededRandom, seededUuid } from './sql-random';

export type DemoBotState = 'free' | 'active' | 'trial' | 'expired' | 'inactive';
export type DemoBotCategory = 'general' | 'fashion' | 'electronics' | 'groceries' | 'health' | 'books';

export type DemoBot = {
  key: DemoBotKey;
  /** The number before ':' in the token, as Telegram issues them. */
  telegramBotId: number;
  /** Plaintext: demo mode registers it with the fake Bot API; the database holds it encrypted. */
  token: string;
  /** Without '@'. */
  username: string;
  name: string;
  description: string;
  category: DemoBotCategory;
  welcomeMessage: string;
  plan: 'FREE' | 'BASIC' | 'PRO';
  /** free: the vendor's first bot, no subscription; the others show every subscription state. */
  state: DemoBotState;
};

/** The demo vendor's bots, the same for every seed. Tokens only ever work against the fake Bot API. */
export const DEMO_BOTS: readonly DemoBot[] = [
  {
    key: 'corner',
    telegramBotId: 7104822391,
    token: '7104822391:AAHqDbr_tNESAvfbCprExaYDaJqXoMFqxth',
    username: 'alex_corner_shop_bot',
    name: "Alex's Corner Shop",
    description: 'Everyday essentials, home goods and gifts, delivered fast.',
    category: 'general',
    welcomeMessage: "Hi {first_name}! Welcome to Alex's Corner Shop. Tap Shop to browse today's picks.",
    plan: 'FREE',
    state: 'free',
  },
  {
    key: 'urban',
    telegramBotId: 7261937455,
    token: '7261937455:AAHltKxgVz7nZnCrIbgSU1hganEfE639VRv',
    username: 'urban_threads_bot',
    name: 'Urban Threads',
    description: 'Streetwear and wardrobe basics made to last. New drops every Friday.',
    category: 'fashion',
    welcomeMessage: 'Hey {first_name} 👋 New drops land every Friday. Use /catalog to see what is in stock.',
    plan: 'PRO',
    state: 'active',
  },
  {
    key: 'gadget',
    telegramBotId: 6938201774,
    token: '6938201774:AAHwu06jTv9c665catsjPri322Nojcwrmk7',
    username: 'gadget_hub_store_bot',
    name: 'Gadget Hub',
    description: 'Headphones, chargers and smart-home gear, plus repairs by our own technicians.',
    category: 'electronics',
    welcomeMessage: 'Welcome to Gadget Hub, {first_name}! Free shipping on orders over $50.',
    plan: 'BASIC',
    state: 'active',
  },
  {
    key: 'fresh',
    telegramBotId: 7483019266,
    token: '7483019266:AAH-m9tx077dnSK-XaYJ3FVVBcnWbuFp1wf',
    username: 'fresh_basket_market_bot',
    name: 'Fresh Basket Market',
    description: 'Specialty coffee, pantry staples and snacks from small producers.',
    category: 'groceries',
    welcomeMessage: 'Good to see you, {first_name}! Order by 2 pm for same-day delivery.',
    plan: 'PRO',
    state: 'trial',
  },
  {
    key: 'zen',
    telegramBotId: 7390552148,
    token: '7390552148:AAH1g2gQMBLFVYuqm1s4V4g6Z3Qfv2PUYiF',
    username: 'zen_wellness_studio_bot',
    name: 'Zen Wellness Studio',
    description: 'Skincare, supplements and studio sessions: yoga, massage and nutrition coaching.',
    category: 'health',
    welcomeMessage: 'Namaste, {first_name} 🌿 Book a class or browse our wellness shop.',
    plan: 'BASIC',
    state: 'expired',
  },
  {
    key: 'books',
    telegramBotId: 6857130492,
    token: '6857130492:AAHO6E-RehTStXAycYBkVLrF3Cu8jyV63Xc',
    username: 'page_turner_books_bot',
    name: 'Page Turner Books',
    description: 'Paperbacks, e-books, audiobooks and writing workshops.',
    category: 'books',
    welcomeMessage: 'Hello {first_name} 📚 Tell us what you loved last and we will find your next read.',
    plan: 'BASIC',
    state: 'inactive',
  },
];

export type SeedOptions = {
  orders: number;
  seed: number;
  /** Customers to create; by default a few thousand for a million orders (planCustomerGroups). */
  customers?: number;
  /**
   * Bots in all (default and minimum: the six demo bots). Beyond them come generated running shops, each selling
   * one demo bot's catalogue (generated-bots.ts): the 1M-order benchmark asks for 100.
   */
  bots?: number;
  /** With a demo vendor already present, return at once (first start of demo mode). */
  onlyIfMissing?: boolean;
  secrets: Secrets;
  /** Dates are relative to it. Default: today at 12:00 UTC, or the current hour if that is still ahead. */
  now?: Date;
  onProgress?: (ordersDone: number, ordersTotal: number) => void;
  /** Called after each step of the seed with its duration (the CLI prints them: where the time goes). */
  onStep?: (step: string, ms: number) => void;
};

export type SeedResult = { created: boolean; vendorId: string; orders: number; ms: number };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Orders per INSERT … SELECT statement. */
const BATCH = 100_000;
// Serialises concurrent seeds (two server processes starting at once): the second one then finds the vendor.
const SEED_LOCK = 7_004_221_901;
const DEMO_VENDOR_ID = seededUuid(0, 'demo-vendor');

export type BotProfile = {
  /** Share of the orders placed while the bot runs (the main bot takes the rest). */
  weight: number;
  /** Shares of physical, digital, service and mixed orders. */
  typeMix: [number, number, number, number];
  /** Paid monthly periods after the trial, the last ending `endsInDays` from now (expired bots: last month). */
  paidMonths?: number;
  endsInDays?: number;
};

export const BOT_PROFILES: Record<DemoBotKey, BotProfile> = {
  corner: { weight: 0.08, typeMix: [0.62, 0.18, 0.1, 0.1] },
  urban: { weight: 0, typeMix: [0.75, 0.06, 0.09, 0.1], paidMonths: 13, endsInDays: 18 },
  gadget: { weight: 0.24, typeMix: [0.6, 0.2, 0.1, 0.1], paidMonths: 10, endsInDays: 9 },
  fresh: { weight: 0.16, typeMix: [0.82, 0.08, 0.05, 0.05] },
  zen: { weight: 0.12, typeMix: [0.45, 0.2, 0.3, 0.05], paidMonths: 7 },
  books: { weight: 0.1, typeMix: [0.45, 0.35, 0.1, 0.1], paidMonths: 6, endsInDays: 21 },
};
/** Takes the orders of bots that were not running at the time; it runs all year. */
const MAIN_BOT: DemoBotKey = 'urban';

/** A bot the seed creates: a demo bot, or a generated shop selling a demo bot's catalogue. */
type SeedBot = Omit<DemoBot, 'key'> & {
  key: string;
  /** Whose products it sells: its own key for a demo bot. */
  sells: DemoBotKey;
  profile: BotProfile;
  generated: boolean;
};

/** Share of the orders that generated bots take between them (while they run), when there are any. */
const GENERATED_SHARE = 0.5;
/** The paid demo bots whose catalogue and order mix generated shops copy, in turn. */
const GENERATED_TEMPLATES: DemoBotKey[] = ['urban', 'gadget', 'zen', 'books'];

/**
 * The demo bots, then `total - 6` generated running shops (BASIC, every third PRO) whose paid months and
 * renewal days vary, so they start taking orders at different points of the year. Their tokens are well-formed
 * but unknown to the fake Bot API: they exist for the volume of data, not to be started.
 */
function seedBots(total: number): SeedBot[] {
  const demo = DEMO_BOTS.map(
    (b): SeedBot => ({ ...b, sells: b.key, profile: BOT_PROFILES[b.key], generated: false }),
  );
  const generated = Array.from({ length: total - DEMO_BOTS.length }, (_, n): SeedBot => {
    const sells = GENERATED_TEMPLATES[n % GENERATED_TEMPLATES.length] as DemoBotKey;
    const template = DEMO_BOTS.find((b) => b.key === sells) as DemoBot;
    const number = n + 2;
    const telegramBotId = 5_900_000_000 + n;
    const secret = seededUuid(0, 'generated-bot-token', n).replaceAll('-', '');
    return {
      ...template,
      key: `generated-${n}`,
      telegramBotId,
      token: `${telegramBotId}:AA${secret.slice(0, 33)}`,
      username: `${template.username.replace(/_bot$/, '')}_${number}_bot`,
      name: `${template.name} ${number}`,
      plan: n % 3 === 0 ? 'PRO' : 'BASIC',
      state: 'active',
      sells,
      profile: {
        weight: 0,
        typeMix: BOT_PROFILES[sells].typeMix,
        paidMonths: 1 + (n % 12),
        endsInDays: 1 + ((n * 7) % 28),
      },
      generated: true,
    };
  });
  return [...demo, ...generated];
}

/**
 * Creates (or re-creates) the demo vendor with bots in every subscription state, a catalogue, customers in every
 * segment and `orders` orders over the last twelve months, with customer totals and daily rollups consistent
 * with the orders. The same seed and `now` give the same data. All in one transaction: a failed seed leaves
 * nothing behind. `orders` in the result is the number created (0 when onlyIfMissing found a vendor).
 */
export async function seedDemoVendor(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  if (!Number.isSafeInteger(opts.orders) || opts.orders < 0)
    throw new Error('orders must be a non-negative integer');
  if (!Number.isSafeInteger(opts.seed) || opts.seed < 0 || opts.seed > 2 ** 31) {
    throw new Error('seed must be an integer between 0 and 2^31');
  }
  if (opts.customers !== undefined && (!Number.isSafeInteger(opts.customers) || opts.customers < 20)) {
    throw new Error('customers must be an integer of at least 20');
  }
  if (opts.bots !== undefined && (!Number.isSafeInteger(opts.bots) || opts.bots < DEMO_BOTS.length)) {
    throw new Error(`bots must be an integer of at least ${DEMO_BOTS.length}`);
  }
  const now = opts.now ?? defaultNow();
  const ms = () => Math.round(performance.now() - started);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.isDemo, true))
      .orderBy(asc(vendors.createdAt))
      .limit(1);
    if (existing && opts.onlyIfMissing) return { created: false, vendorId: existing.id, orders: 0, ms: ms() };
    // Keeping the id keeps a signed-in demo session pointing at the new data.
    const vendorId = existing?.id ?? DEMO_VENDOR_ID;
    if (existing) await deleteVendorData(tx, vendorId);

    // Room for the batches' intermediate rows and the index builds' sorts; commit durability is not needed for
    // demo data; and no JIT, whose compilation of the generator's large expressions costs PostgreSQL more than it
    // saves (a third per batch).
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local maintenance_work_mem = '128MB'`);
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local synchronous_commit = off`);
    await insertDemoData(tx, vendorId, now, opts);
    return { created: true, vendorId, orders: opts.orders, ms: ms() };
  });
}

export type DemoShopWebhook = {
  botId: string;
  token: string;
  username: string;
  language: string;
  url: string;
  secret: string;
};

/**
 * The webhooks of the demo vendor's running bots, as Telegram is to be told them: each gets a webhook secret on
 * first use, kept (encrypted) across restarts, and its webhook URL on this server. Stopped bots get none (a
 * stopped bot's secret is forgotten, so Telegram's updates for it are refused).
 */
export async function demoShopWebhooks(
  db: Db,
  opts: { vendorId: string; secrets: Secrets; publicUrl: string },
): Promise<DemoShopWebhook[]> {
  const tokenByHash = new Map(DEMO_BOTS.map((bot) => [sha256Hex(bot.token), bot.token]));
  const rows = await db
    .select()
    .from(bots)
    .where(and(eq(bots.vendorId, opts.vendorId), eq(bots.isActive, true), isNull(bots.deletedAt)));
  const webhooks: DemoShopWebhook[] = [];
  for (const row of rows) {
    const token = tokenByHash.get(row.tokenHash);
    if (!token) continue;
    const url = `${opts.publicUrl}/telegram/webhook/${row.id}`;
    const secret = row.webhookSecretCiphertext
      ? opts.secrets.decrypt(row.webhookSecretCiphertext)
      : randomToken(32);
    if (!row.webhookSecretCiphertext || row.webhookUrl !== url) {
      await db
        .update(bots)
        .set({ webhookUrl: url, webhookSecretCiphertext: opts.secrets.encrypt(secret) })
        .where(and(eq(bots.vendorId, opts.vendorId), eq(bots.id, row.id)));
    }
    webhooks.push({ botId: row.id, token, username: row.username, language: row.language, url, secret });
  }
  return webhooks;
}

/** Today at 12:00 UTC, so a day's seeds agree; before noon, the current hour (orders never lie in the future). */
function defaultNow(): Date {
  const current = new Date();
  const noon = new Date(current);
  noon.setUTCHours(12, 0, 0, 0);
  const hour = new Date(current);
  hour.setUTCMinutes(0, 0, 0);
  return noon <= current ? noon : hour;
}

/**
 * Removes the demo vendor and everything it owns. When it is the only vendor, every tenant row is its own, so
 * TRUNCATE … CASCADE does it at once; otherwise one DELETE per child table, children first (a million orders
 * cascading one row at a time from the vendor row would take minutes), then the vendor row, whose cascade
 * reaches anything else that references it.
 */
async function deleteVendorData(tx: Tx, vendorId: string): Promise<void> {
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

type SubscriptionPeriod = {
  status: 'trial' | 'active' | 'expired';
  trial: boolean;
  startsAt: Date;
  endsAt: Date;
};

type BotTimeline = {
  createdAt: Date;
  updatedAt: Date;
  /** Orders go through the bot until then. */
  runsUntil: Date;
  isActive: boolean;
  subscriptions: SubscriptionPeriod[];
};

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

/**
 * Each bot's share of the orders placed while it runs. The FREE plan allows 500 orders a month: its bot stays
 * under that however many orders are seeded. Generated bots share GENERATED_SHARE, the other demo bots keep
 * their proportions of the rest, and the main bot takes what is left.
 */
function botWeights(all: SeedBot[], orders: number): number[] {
  const generated = all.filter((b) => b.generated).length;
  const demoShare = generated > 0 ? 1 - GENERATED_SHARE : 1;
  const weightOf = (b: SeedBot) =>
    b.generated
      ? GENERATED_SHARE / generated
      : b.key === 'corner'
        ? Math.min(b.profile.weight * demoShare, 3000 / Math.max(orders, 1))
        : b.profile.weight * demoShare;
  const others = all.filter((b) => b.key !== MAIN_BOT).reduce((sum, b) => sum + weightOf(b), 0);
  return all.map((b) => (b.key === MAIN_BOT ? 1 - others : weightOf(b)));
}

async function insertDemoData(tx: Tx, vendorId: string, now: Date, opts: SeedOptions): Promise<void> {
  const { seed, secrets, orders: n } = opts;
  const nowMs = now.getTime();
  let stepStart = performance.now();
  const stepDone = (name: string) => {
    const at = performance.now();
    opts.onStep?.(name, Math.round(at - stepStart));
    stepStart = at;
  };
  const vendorCreated = new Date(nowMs - 401 * DAY_MS - 5 * HOUR_MS);
  await tx.insert(vendors).values({
    id: vendorId,
    storeName: DEMO_STORE_NAME,
    email: 'alex@demo-store.example',
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

  const allBots = seedBots(opts.bots ?? DEMO_BOTS.length);
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

  const catalogue = await insertCatalogue(tx, vendorId, seed, now, allBots, timelines, botIds);
  stepDone('vendor, bots and catalogue');

  const weights = botWeights(allBots, n);
  const plan = {
    vendorId,
    seed,
    nowSec: Math.floor(nowMs / 1000),
    orders: n,
    groups: planCustomerGroups(n, opts.customers),
    bots: allBots.map(
      (bot, index): OrderBot => ({
        index,
        id: botIds[index] as string,
        fromSec: Math.ceil((timelines[index] as BotTimeline).createdAt.getTime() / 1000) + 600,
        toSec: Math.floor((timelines[index] as BotTimeline).runsUntil.getTime() / 1000),
        weight: weights[index] as number,
        typeMix: bot.profile.typeMix,
      }),
    ),
    fallbackBot: allBots.findIndex((b) => b.key === MAIN_BOT),
  };
  // Alone in the database (the usual case: a first start, or a re-seed that truncated), the seed loads the big
  // tables without their secondary indexes and builds those once at the end.
  const [others] = await tx.select({ n: count() }).from(vendors).where(ne(vendors.id, vendorId));
  const buildIndexes =
    Number(others?.n ?? 0) === 0
      ? await dropSecondaryIndexes(tx, [
          'customers',
          'customer_bots',
          'orders',
          'order_items',
          'bot_daily_stats',
          'product_daily_stats',
        ])
      : null;
  // Foreign-key triggers cost more than the rows themselves (one lookup per reference, row by row: about five per
  // order, two per membership, one per customer). Where allowed, the bulk inserts skip them and one set-based check
  // afterwards proves the same references (the vendor row is inserted above, in this transaction, and every row
  // carries its id).
  const superuser = await isSuperuser(tx);
  if (superuser) {
    await tx.execute(sql`set local session_replication_role = replica`);
    // Index builds write whole pages to the WAL, which compress to about a third.
    await tx.execute(sql.raw(`set local wal_compression = ${await walCompression(tx)}`));
  }
  await insertCustomers(tx, plan);
  stepDone('customers');
  await createPickTables(tx, catalogue.picks);
  await createAddressTable(tx, plan);
  for (let from = 0; from < n; from += BATCH) {
    const to = Math.min(n, from + BATCH);
    await insertOrderBatch(tx, plan, from, to);
    opts.onProgress?.(to, n);
  }
  stepDone('orders and items');
  // Fresh statistics, or the planner takes a million rows for a few hundred (PGlite never autovacuums).
  await tx.execute(sql`analyze customers, orders, order_items`);
  stepDone('analyze');
  await deriveTotals(tx, vendorId, seed, stepDone);
  if (superuser) {
    await tx.execute(sql`set local session_replication_role = origin`);
    await verifyReferences(tx, vendorId);
    stepDone('reference check');
  }
  if (buildIndexes) {
    await buildIndexes();
    stepDone('indexes');
  }
  await insertOrderEvents(tx, vendorId, seed, plan.nowSec);
  // Generated bots come after the demo bots: the first positions are the demo bots'.
  const demoBots = allBots.filter((b) => !b.generated);
  await insertBotAndStockEvents(tx, vendorId, now, catalogue.products, demoBots, timelines, botIds);
  // The feed and the plan fees of the paid orders are projected by their consumers, the same code that
  // projects live events (not the others: no notifications or webhooks for made-up history).
  await dispatchInTransaction(tx, [activityConsumer, planFeesConsumer]);
  stepDone('events and activity');
  await tx.execute(
    sql`analyze customers, customer_bots, bot_daily_stats, vendor_daily_stats, product_daily_stats,
      vendor_product_daily_stats, order_status_counts, vendor_order_status_counts, events, activity_log, products,
      bots`,
  );
  stepDone('analyze');
}

/**
 * Superusers (PGlite always; PostgreSQL when DATABASE_URL's role is one) may switch triggers off and choose the
 * WAL's compression.
 */
async function isSuperuser(tx: Tx): Promise<boolean> {
  const result = (await tx.execute(
    sql`select current_setting('is_superuser') = 'on' as allowed`,
  )) as unknown as {
    rows: { allowed: boolean }[];
  };
  return result.rows[0]?.allowed === true;
}

/** lz4 where the server is built with it (fast), else the built-in pglz ('on'). */
async function walCompression(tx: Tx): Promise<'lz4' | 'on'> {
  const result = (await tx.execute(sql`
    select coalesce('lz4' = any(enumvals), false) as lz4 from pg_settings where name = 'wal_compression'`)) as unknown as {
    rows: { lz4: boolean }[];
  };
  return result.rows[0]?.lz4 ? 'lz4' : 'on';
}

/** What the skipped foreign-key triggers would have checked, in anti-joins. */
async function verifyReferences(tx: Tx, vendorId: string): Promise<void> {
  const result = (await tx.execute(sql`
    select
      (select count(*) from orders o where o.vendor_id = ${vendorId}
        and not exists (select 1 from customers c where c.vendor_id = o.vendor_id and c.id = o.customer_id))::int
      + (select count(*) from orders o where o.vendor_id = ${vendorId}
        and not exists (select 1 from bots b where b.vendor_id = o.vendor_id and b.id = o.bot_id))::int
      + (select count(*) from order_items i where i.vendor_id = ${vendorId}
        and not exists (select 1 from orders o where o.vendor_id = i.vendor_id and o.id = i.order_id))::int
      + (select count(*) from customer_bots m where m.vendor_id = ${vendorId}
        and (not exists (select 1 from customers c where c.vendor_id = m.vendor_id and c.id = m.customer_id)
          or not exists (select 1 from bots b where b.vendor_id = m.vendor_id and b.id = m.bot_id)))::int
      as dangling`)) as unknown as { rows: { dangling: number }[] };
  const dangling = Number(result.rows[0]?.dangling ?? 0);
  if (dangling > 0) throw new Error(`seed bug: ${dangling} rows reference missing rows`);
}

type SeededProduct = { id: string; name: string; sku: string; stock: number; type: string; active: boolean };

/** Categories, subcategories, products and their bot assignments; returns what the order generator sells. */
async function insertCatalogue(
  tx: Tx,
  vendorId: string,
  seed: number,
  now: Date,
  allBots: SeedBot[],
  timelines: BotTimeline[],
  botIds: string[],
): Promise<{ picks: PickRow[]; products: SeededProduct[] }> {
  const nowMs = now.getTime();
  const catalogueStart = new Date(nowMs - 400 * DAY_MS - 4 * HOUR_MS);
  const categoryIds = new Map(DEMO_CATEGORIES.map((c) => [c.key, seededUuid(seed, 'category', c.key)]));
  const subcategoryId = (category: string, name: string) => seededUuid(seed, 'subcategory', category, name);
  await tx.insert(categories).values(
    DEMO_CATEGORIES.map((c, i) => ({
      vendorId,
      id: categoryIds.get(c.key),
      name: c.name,
      icon: c.icon,
      status: c.status,
      sortOrder: i,
      createdAt: catalogueStart,
      updatedAt: catalogueStart,
    })),
  );
  await tx.insert(subcategories).values(
    DEMO_CATEGORIES.flatMap((c) =>
      c.subcategories.map((name) => ({
        vendorId,
        id: subcategoryId(c.key, name),
        categoryId: categoryIds.get(c.key) as string,
        name,
        createdAt: catalogueStart,
        updatedAt: catalogueStart,
      })),
    ),
  );

  // The bots (positions in allBots) that sell a product: every one, or those selling the listed demo bots' goods.
  const botsOf = (p: DemoProduct) =>
    allBots.flatMap((b, i) => (p.bots === 'all' || p.bots.includes(b.sells) ? [i] : []));
  const skuCounters = new Map<string, number>();
  const rows = DEMO_PRODUCTS.map((p, i) => {
    const category = DEMO_CATEGORIES.find((c) => c.key === p.category);
    if (!category?.subcategories.includes(p.subcategory)) throw new Error(`bad category for ${p.name}`);
    const seq = (skuCounters.get(category.key) ?? 100) + 1;
    skuCounters.set(category.key, seq);
    // A product exists before the first order any of its bots could take for it.
    const firstBot = Math.min(...botsOf(p).map((b) => (timelines[b] as BotTimeline).createdAt.getTime()));
    const createdMs =
      p.status === 'draft'
        ? nowMs - (6 - (i % 5)) * DAY_MS
        : p.status === 'archived'
          ? nowMs - 300 * DAY_MS
          : firstBot - HOUR_MS - i * 7 * 60_000;
    const updatedMs =
      p.status === 'archived'
        ? nowMs - 40 * DAY_MS
        : createdMs + seededRandom(0, 'updated', p.name) * (nowMs - createdMs);
    const costShare =
      p.type === 'digital' ? 0.1 : p.type === 'service' ? 0.4 : 0.35 + 0.25 * seededRandom(0, 'cost', p.name);
    return {
      vendorId,
      id: seededUuid(seed, 'product', i),
      name: p.name,
      description: `${p.blurb} ${TYPE_NOTE[p.type]}`,
      shortDescription: p.blurb,
      sku: `${category.skuPrefix}-${seq}`,
      barcode: p.type === 'physical' ? ean13(`20${String(4_000_000_000 + i * 7919).slice(-10)}`) : null,
      productType: p.type,
      priceMinor: p.priceMinor,
      comparePriceMinor: p.comparePriceMinor ?? null,
      costPriceMinor: Math.round(p.priceMinor * costShare),
      categoryId: categoryIds.get(category.key),
      subcategoryId: subcategoryId(category.key, p.subcategory),
      brand: p.brand ?? null,
      tags: p.tags,
      // A code product's stock is its unissued codes: the seed stocks each pool with up to CODES_PER_POOL.
      stock: isCodeProduct(p) ? Math.min(p.stock, CODES_PER_POOL) : p.stock,
      minStock: p.type === 'physical' ? 5 : 0,
      trackInventory: p.type === 'physical',
      status: p.status ?? ('active' as const),
      isFeatured: p.featured ?? false,
      allBots: p.bots === 'all',
      details: p.details,
      digitalType: p.type === 'digital' ? String(p.details.digitalType ?? 'downloadable') : null,
      createdAt: new Date(createdMs),
      updatedAt: new Date(updatedMs),
    };
  });
  await tx.insert(products).values(rows);
  const assignments = DEMO_PRODUCTS.flatMap((p, i) =>
    p.bots === 'all'
      ? []
      : botsOf(p).map((b) => ({
          vendorId,
          productId: (rows[i] as (typeof rows)[number]).id,
          botId: botIds[b] as string,
        })),
  );
  await tx.insert(productBots).values(assignments);
  const codes = rows.flatMap((r, i) => {
    const p = DEMO_PRODUCTS[i] as DemoProduct;
    if (!isCodeProduct(p)) return [];
    return Array.from({ length: r.stock }, (_, k) => ({
      vendorId,
      productId: r.id,
      code: demoCode(p, seededUuid(seed, 'code', i, k), now),
      createdAt: r.createdAt,
    }));
  });
  for (let i = 0; i < codes.length; i += 500) await tx.insert(productCodes).values(codes.slice(i, i + 500));

  // What each bot sells, its own products first: the generator favours the first ones (bestsellers).
  const picks: PickRow[] = [];
  allBots.forEach((bot, b) => {
    for (const type of ['physical', 'digital', 'service'] as const) {
      const sellable = DEMO_PRODUCTS.map((p, i) => ({ p, i })).filter(
        ({ p }) => p.type === type && !p.status && (p.bots === 'all' || p.bots.includes(bot.sells)),
      );
      const ordered = [
        ...sellable.filter(({ p }) => p.bots !== 'all'),
        ...sellable.filter(({ p }) => p.bots === 'all'),
      ];
      if (ordered.length === 0) throw new Error(`@${bot.username} has no ${type} product to sell`);
      ordered.forEach(({ p, i }, k) => {
        picks.push({
          bot: b,
          type,
          k,
          productId: (rows[i] as (typeof rows)[number]).id,
          name: p.name,
          priceMinor: p.priceMinor,
          duration: type === 'service' ? Number(p.details.duration) : null,
          durationType: type === 'service' ? String(p.details.durationUnit) : null,
        });
      });
    }
  });
  return {
    picks,
    products: rows.map((r) => ({
      id: r.id,
      name: r.name,
      sku: r.sku,
      stock: r.stock,
      type: r.productType,
      active: r.status === 'active',
    })),
  };
}

const CODES_PER_POOL = 120;
const CODE_TYPES = ['product_key', 'ticket', 'pass', 'subscription'];
const isCodeProduct = (p: DemoProduct) =>
  p.type === 'digital' && CODE_TYPES.includes(String(p.details.digitalType));

/** A demo code in the format of spec part 2 §9, derived from a seeded uuid (the same seed, the same codes). */
function demoCode(p: DemoProduct, uuid: string, now: Date): string {
  const hex = uuid.replace(/-/g, '').toUpperCase();
  switch (p.details.digitalType) {
    case 'ticket':
      return `TKT-${hex.slice(0, 8)}`;
    case 'pass':
      return `${String(p.details.passType ?? 'vip')
        .slice(0, 3)
        .toUpperCase()}${now.getUTCFullYear()}-${hex.slice(0, 8)}`;
    case 'subscription':
      return `SUB${String(p.details.billingCycle ?? 'monthly')
        .charAt(0)
        .toUpperCase()}${hex.slice(0, 8)}-${hex.slice(8, 14)}`;
    default:
      return [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 12), hex.slice(12, 16)].join('-');
  }
}

const TYPE_NOTE: Record<DemoProduct['type'], string> = {
  physical: 'Ships within 1-2 business days.',
  digital: 'Delivered instantly after payment.',
  service: 'Pick a time slot after checkout.',
};

/** A 13-digit EAN with its check digit, from 12 digits. */
function ean13(digits12: string): string {
  const sum = [...digits12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits12}${(10 - (sum % 10)) % 10}`;
}

/** Stock alerts and the bots' lifecycle events, dated when they happened. */
async function insertBotAndStockEvents(
  tx: Tx,
  vendorId: string,
  now: Date,
  seeded: SeededProduct[],
  /** The bots with a history to tell (the demo bots); positions as in timelines and botIds. */
  withHistory: SeedBot[],
  timelines: BotTimeline[],
  botIds: string[],
): Promise<void> {
  const nowMs = now.getTime();
  const hoursAgo = (h: number) => new Date(nowMs - h * HOUR_MS);
  const owner = { kind: 'owner' as const, id: String(DEMO_USER.id), name: DEMO_USER.first_name };
  const physical = seeded.filter((p) => p.active && p.type === 'physical');
  const low = physical.filter((p) => p.stock > 0 && p.stock <= 5).slice(0, 2);
  const out = physical.filter((p) => p.stock === 0).slice(0, 2);
  const product = (p: SeededProduct) => ({ kind: 'product' as const, id: p.id });
  const events: DomainEvent[] = [
    ...low.map((p, i) => ({
      vendorId,
      type: 'product.lowstock' as const,
      actor: SYSTEM_ACTOR,
      subject: product(p),
      payload: { productName: p.name, sku: p.sku, stock: p.stock },
      at: hoursAgo(5 + i * 15),
    })),
    ...out.map((p, i) => ({
      vendorId,
      type: 'product.outofstock' as const,
      actor: SYSTEM_ACTOR,
      subject: product(p),
      payload: { productName: p.name, sku: p.sku, stock: 0 },
      at: hoursAgo(30 + i * 16),
    })),
  ];
  withHistory.forEach((bot, i) => {
    const t = timelines[i] as BotTimeline;
    const botId = botIds[i] as string;
    const subject = { kind: 'bot' as const, id: botId };
    const base = { vendorId, botId, subject };
    const current = t.subscriptions.at(-1);
    if (bot.state === 'trial' && current) {
      events.push(
        {
          ...base,
          type: 'bot.created',
          actor: owner,
          payload: { botUsername: bot.username, plan: bot.plan, trialDays: TRIAL_DAYS },
          at: new Date(t.createdAt.getTime() + 10 * 60_000),
        },
        {
          ...base,
          type: 'subscription.trial_ending',
          actor: SYSTEM_ACTOR,
          payload: {
            botUsername: bot.username,
            plan: bot.plan,
            daysLeft: Math.ceil((current.endsAt.getTime() - nowMs) / DAY_MS),
            endsAt: current.endsAt.toISOString(),
          },
          at: hoursAgo(2),
        },
      );
    }
    if (bot.state === 'active' && bot.plan === 'PRO' && current) {
      events.push({
        ...base,
        type: 'subscription.renewed',
        actor: SYSTEM_ACTOR,
        payload: {
          botUsername: bot.username,
          plan: bot.plan,
          amountMinor: PLANS[bot.plan].priceMonthly,
          currency: 'USD',
        },
        at: current.startsAt,
      });
    }
    if (bot.state === 'expired') {
      events.push({
        ...base,
        type: 'subscription.expired',
        actor: SYSTEM_ACTOR,
        payload: { botUsername: bot.username, plan: bot.plan },
        at: t.runsUntil,
      });
    }
    if (bot.state === 'inactive') {
      events.push({
        ...base,
        type: 'bot.stopped',
        actor: owner,
        payload: { botUsername: bot.username },
        at: t.runsUntil,
      });
    }
  });
  for (const event of events) await recordEvent(tx, event);
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Calendar months in UTC, the day clamped to the target month's length (Jan 31 + 1 month = Feb 28). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}
