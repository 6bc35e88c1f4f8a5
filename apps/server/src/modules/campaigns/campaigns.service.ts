import type {
  AbandonedCartSettings,
  Campaign,
  CampaignButton,
  CampaignList,
  CampaignMessage,
  CampaignProgress,
  CampaignSegment,
  CampaignTargets,
  CampaignTargetsQuery,
  CreateCampaignBody,
} from '@app/contracts/campaigns';
import { CAMPAIGN_LIMITS } from '@app/contracts/campaigns';
import { ListProductsQuery } from '@app/contracts/products';
import type { Db } from '../../db/types';
import { type Actor, eventActorOf, hasPermission, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { type BotApi, TelegramApiError, TelegramUnreachableError } from '../../lib/telegram/bot-api';
import { type TelegramThrottle, telegramThrottle } from '../../lib/telegram/throttle';
import type { ShopBot } from '../bots/bot-runtime.service';
import { findCategory, listCategories } from '../categories/categories.service';
import type { CustomersService } from '../customers/customers.service';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import { listProducts } from '../products/product-reads.service';
import { productsForSale } from '../products/products-sale.service';
import { campaignCall } from './campaign-message';

export { CAMPAIGN_TEXTS, STOP_PROMOTIONS_DATA } from './campaign-message';

import * as repo from './campaigns.repository';

export type CampaignsDeps = {
  db: Db;
  /** The raw Bot API client: the runner paces its calls itself (with `throttle`), one recipient at a time. */
  botApi: BotApi;
  /** The process's Telegram throttle (shared with the shop bots, so a campaign and the shop share the bot's pace). */
  throttle?: TelegramThrottle;
  customers: Pick<CustomersService, 'audienceOf' | 'audienceSize' | 'markBlocked'>;
  /** The bot's token, username and language (bots service `shopOf`). */
  shopOf: (botId: string) => Promise<ShopBot | undefined>;
  publicUrl: string;
  /** Queues the campaign's delivery job (campaigns.send), at `startAfter` when scheduled. */
  enqueueRun?: (run: { vendorId: string; campaignId: string }, startAfter?: Date) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  now?: () => Date;
};

/** How one run of the delivery job behaves (tests and the bench shorten them). */
export type RunOptions = {
  /** Messages in flight at once: enough to keep up with the pace despite the database's round trips. */
  concurrency?: number;
  /** A run stops after this long and asks to be run again (a pg-boss job must not run for ever). */
  sliceMs?: number;
  /** Aborting stops the run at once, as a killed process would (the bench's "kill"). */
  signal?: AbortSignal;
};

/** Tries per recipient (429s, Telegram's 5xx) before the message counts as failed. */
const MAX_ATTEMPTS = 5;
const DEFAULT_CONCURRENCY = 8;
const DEFAULT_SLICE_MS = 60_000;
/** How often a run looks whether the campaign was cancelled. */
const CANCEL_CHECK_MS = 500;

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

function assertMaySend(actor: Actor) {
  if (!(hasPermission(actor, 'customers') && hasPermission(actor, 'support'))) {
    throw new AppError('CAMPAIGN_PERMISSION_DENIED');
  }
}

async function shopFor(deps: CampaignsDeps, actor: Actor, botId: string): Promise<ShopBot> {
  const bot = await deps.shopOf(botId);
  if (!bot || bot.vendorId !== actor.vendorId || !inBotScope(actor.botIds, botId)) {
    throw new AppError('BOT_NOT_FOUND');
  }
  return bot;
}

async function statesOf(db: Parameters<typeof repo.countStates>[0], row: repo.CampaignRow) {
  const counts = await repo.countStates(db, row.vendorId, [row.id]);
  return counts.map((c) => ({ state: c.state, n: Number(c.n) }));
}

function progressOf(states: { state: repo.RecipientState; n: number }[]): CampaignProgress {
  const count = (s: repo.RecipientState) => states.find((x) => x.state === s)?.n ?? 0;
  const delivered = count('delivered');
  const failed = count('failed');
  const blocked = count('blocked');
  const total = states.reduce((sum, s) => sum + Number(s.n), 0);
  return { total, sent: delivered + failed + blocked + count('unknown'), delivered, failed, blocked };
}

/** How the feeds name a campaign: its name, else the start of its text (without its formatting). */
function campaignNameOf(row: Pick<repo.CampaignRow, 'name' | 'text'>): string {
  if (row.name) return row.name;
  const plain = row.text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  return chars.length > 40 ? `${chars.slice(0, 39).join('').trimEnd()}…` : plain;
}

/** Records a campaign.* event (the activity feed and Home's Recent Activity word it) in the caller's transaction. */
function recordCampaignEvent(
  tx: Parameters<typeof recordEvent>[0],
  type: 'created' | 'scheduled' | 'started' | 'completed' | 'cancelled',
  actor: EventActor,
  row: repo.CampaignRow,
  botUsername: string,
  extra: Record<string, string | number | null> = {},
) {
  return recordEvent(tx, {
    vendorId: row.vendorId,
    botId: row.botId,
    type: `campaign.${type}`,
    actor,
    subject: { kind: 'campaign', id: row.id },
    payload: { campaignName: campaignNameOf(row), botUsername, segment: row.segment, ...extra },
  });
}

async function viewsOf(deps: CampaignsDeps, rows: repo.CampaignRow[]): Promise<Campaign[]> {
  const counts = await repo.countStates(
    deps.db,
    rows[0]?.vendorId ?? '',
    rows.map((r) => r.id),
  );
  const usernames = new Map<string, string>();
  for (const botId of new Set(rows.map((r) => r.botId))) {
    usernames.set(botId, (await deps.shopOf(botId))?.username ?? '');
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    botId: r.botId,
    botUsername: usernames.get(r.botId) ?? '',
    text: r.text,
    photoUrl: r.photoUrl,
    buttons: r.buttons as CampaignButton[],
    segment: r.segment as CampaignSegment,
    search: r.search,
    status: r.status,
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    progress: progressOf(
      counts.filter((c) => c.campaignId === r.id).map((c) => ({ state: c.state, n: Number(c.n) })),
    ),
  }));
}

/**
 * A product button must open a product the campaign's bot sells now (the vendor's, active, sold through that
 * bot), a category button one of the vendor's active categories: checked before anything is saved or sent.
 */
async function checkButtonTargets(
  deps: CampaignsDeps,
  vendorId: string,
  botId: string,
  buttons: CampaignButton[],
): Promise<void> {
  const productIds = buttons.flatMap((b) => (b.kind === 'product' ? [b.productId] : []));
  const sold = new Set(
    productIds.length > 0
      ? (await productsForSale(deps.db, vendorId, botId, productIds)).map((p) => p.id)
      : [],
  );
  for (const [index, b] of buttons.entries()) {
    if (b.kind === 'product' && !sold.has(b.productId)) {
      throw new AppError('CAMPAIGN_PRODUCT_NOT_IN_BOT', { index, productId: b.productId });
    }
    if (b.kind === 'category') {
      const category = await findCategory(deps.db, vendorId, b.categoryId);
      if (category?.status !== 'active') {
        throw new AppError('CAMPAIGN_CATEGORY_NOT_FOUND', { index, categoryId: b.categoryId });
      }
    }
  }
}

/** What a campaign's buttons can open in the bot's shop, for the compose screen's pickers. */
export async function campaignTargets(
  deps: CampaignsDeps,
  actor: Actor,
  q: CampaignTargetsQuery,
): Promise<CampaignTargets> {
  await shopFor(deps, actor, q.botId);
  const products = await listProducts(
    { db: deps.db },
    actor,
    ListProductsQuery.parse({
      botId: q.botId,
      status: 'active',
      limit: CAMPAIGN_LIMITS.targetsMax,
      ...(q.search ? { search: q.search } : {}),
    }),
  );
  const { categories } = await listCategories({ db: deps.db }, actor);
  return {
    products: products.products.map((p) => ({ id: p.id, name: p.name })),
    categories: categories
      .filter((c) => c.status === 'active')
      .map((c) => ({ id: c.id, name: c.name, icon: c.icon })),
  };
}

/** Creates a campaign and queues its delivery (now, or at its schedule). Nothing is sent by this call. */
export async function createCampaign(
  deps: CampaignsDeps,
  actor: Actor,
  body: CreateCampaignBody,
): Promise<Campaign> {
  assertMaySend(actor);
  const bot = await shopFor(deps, actor, body.botId);
  const now = nowOf(deps);
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
  if (scheduledAt && scheduledAt.getTime() <= now.getTime()) {
    throw new AppError('CAMPAIGN_SCHEDULE_IN_PAST', { scheduledAt: body.scheduledAt });
  }
  const audience = {
    vendorId: actor.vendorId,
    botId: body.botId,
    segment: body.segment,
    ...patternOf(body.search),
  };
  await checkButtonTargets(deps, actor.vendorId, body.botId, body.buttons);
  if ((await deps.customers.audienceSize(audience)) === 0) throw new AppError('CAMPAIGN_NO_AUDIENCE');
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertCampaign(tx, {
      vendorId: actor.vendorId,
      botId: body.botId,
      name: body.name ?? null,
      text: body.text,
      photoUrl: body.photoUrl ?? null,
      buttons: body.buttons,
      segment: body.segment,
      search: body.search ?? null,
      scheduledAt,
      createdBy: actor.telegramId,
    });
    await recordCampaignEvent(
      tx,
      scheduledAt ? 'scheduled' : 'created',
      eventActorOf(actor),
      inserted,
      bot.username,
      scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {},
    );
    return inserted;
  });
  await deps.enqueueRun?.({ vendorId: actor.vendorId, campaignId: row.id }, scheduledAt ?? undefined);
  const [view] = await viewsOf(deps, [row]);
  return view as Campaign;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const patternOf = (search: string | undefined) =>
  search ? { pattern: `%${escapeLike(search.toLowerCase())}%` } : {};

export async function listCampaigns(deps: CampaignsDeps, actor: Actor): Promise<CampaignList> {
  const rows = await repo.listCampaigns(deps.db, actor.vendorId, actor.botIds);
  return { campaigns: await viewsOf(deps, rows) };
}

async function findVisible(deps: CampaignsDeps, actor: Actor, id: string) {
  const row = await repo.findCampaign(deps.db, actor.vendorId, id);
  if (!row || !inBotScope(actor.botIds, row.botId)) throw new AppError('CAMPAIGN_NOT_FOUND');
  return row;
}

export async function getCampaign(deps: CampaignsDeps, actor: Actor, id: string): Promise<Campaign> {
  const [view] = await viewsOf(deps, [await findVisible(deps, actor, id)]);
  return view as Campaign;
}

/** Stops a scheduled or sending campaign: no message goes after the runs in flight settle. */
export async function cancelCampaign(deps: CampaignsDeps, actor: Actor, id: string): Promise<Campaign> {
  assertMaySend(actor);
  const row = await findVisible(deps, actor, id);
  const botUsername = (await deps.shopOf(row.botId))?.username ?? '';
  await deps.db.transaction(async (tx) => {
    const moved = await repo.moveCampaign(tx, actor.vendorId, id, ['scheduled', 'sending'], {
      status: 'cancelled',
      finishedAt: nowOf(deps),
    });
    if (!moved) throw new AppError('CAMPAIGN_FINISHED');
    const progress = progressOf(await statesOf(tx, row));
    await recordCampaignEvent(tx, 'cancelled', eventActorOf(actor), row, botUsername, {
      sent: progress.sent,
      total: progress.total,
    });
  });
  return getCampaign(deps, actor, id);
}

/** Sends the message to the caller's own chat with the bot, as a customer would see it. */
export async function testSend(
  deps: CampaignsDeps,
  actor: Actor,
  body: CampaignMessage,
): Promise<{ sent: true }> {
  assertMaySend(actor);
  const bot = await shopFor(deps, actor, body.botId);
  await checkButtonTargets(deps, actor.vendorId, body.botId, body.buttons);
  const call = campaignCall(
    { text: body.text, photoUrl: body.photoUrl ?? null, buttons: body.buttons },
    actor.telegramId,
    { botId: bot.botId, language: bot.language, publicUrl: deps.publicUrl },
  );
  const throttle = deps.throttle ?? telegramThrottle;
  await throttle.wait(bot.token, actor.telegramId);
  try {
    await deps.botApi.call(bot.token, call.method, call.params);
  } catch (err) {
    if (err instanceof TelegramApiError && (err.errorCode === 403 || err.errorCode === 400)) {
      throw new AppError('CAMPAIGN_TEST_UNREACHABLE', { telegram: err.description });
    }
    throw err;
  }
  return { sent: true };
}

/**
 * One run of a campaign's delivery (the campaigns.send job). A first run fixes the recipients (the audience at
 * that moment, without blocked or opted-out customers). Each message waits for the bot's pace (about 30 a
 * second, one a second per chat), is marked `sending` in the database just before the call and settled after:
 * a recipient is never sent twice, even when a run dies mid-way (its `sending` rows become `unknown`). A 429
 * pauses the bot for `retry_after` and the message goes back to the queue. Answers `done: false` when the run
 * stopped at its slice's end with messages left (queue it again).
 */
export async function runCampaign(
  deps: CampaignsDeps,
  vendorId: string,
  campaignId: string,
  options: RunOptions = {},
): Promise<{ done: boolean }> {
  const campaign = await repo.findCampaign(deps.db, vendorId, campaignId);
  if (!campaign || campaign.status === 'completed' || campaign.status === 'cancelled') return { done: true };
  const bot = await deps.shopOf(campaign.botId);
  if (!bot || bot.vendorId !== vendorId) {
    await repo.moveCampaign(deps.db, vendorId, campaignId, ['scheduled', 'sending'], {
      status: 'cancelled',
      finishedAt: nowOf(deps),
    });
    return { done: true };
  }
  if (campaign.status === 'scheduled') {
    const members = await deps.customers.audienceOf({
      vendorId,
      botId: campaign.botId,
      segment: campaign.segment as CampaignSegment,
      ...patternOf(campaign.search ?? undefined),
    });
    await deps.db.transaction(async (tx) => {
      await repo.insertRecipients(tx, vendorId, campaignId, members);
      const moved = await repo.moveCampaign(tx, vendorId, campaignId, ['scheduled'], {
        status: 'sending',
        startedAt: nowOf(deps),
      });
      if (moved) {
        await recordCampaignEvent(tx, 'started', SYSTEM_ACTOR, campaign, bot.username, {
          recipients: members.length,
        });
      }
    });
  } else {
    // A run that died left its in-flight messages `sending`: they may have gone out, so they never go again.
    const abandoned = await repo.abandonInFlight(deps.db, vendorId, campaignId);
    if (abandoned > 0) deps.log?.warn({ campaignId, abandoned }, 'campaign resumed after an interrupted run');
  }
  const finished = await deliver(deps, campaign, bot, options);
  if (finished === 'stopped') return { done: true };
  if (finished === 'sliced') return { done: false };
  await deps.db.transaction(async (tx) => {
    const moved = await repo.moveCampaign(tx, vendorId, campaignId, ['sending'], {
      status: 'completed',
      finishedAt: nowOf(deps),
    });
    if (!moved) return;
    const p = progressOf(await statesOf(tx, campaign));
    await recordCampaignEvent(tx, 'completed', SYSTEM_ACTOR, campaign, bot.username, {
      total: p.total,
      delivered: p.delivered,
      failed: p.failed,
      blocked: p.blocked,
    });
  });
  return { done: true };
}

async function deliver(
  deps: CampaignsDeps,
  campaign: repo.CampaignRow,
  bot: ShopBot,
  options: RunOptions,
): Promise<'all' | 'sliced' | 'stopped'> {
  const { vendorId, id: campaignId } = campaign;
  const throttle = deps.throttle ?? telegramThrottle;
  const deadline = Date.now() + (options.sliceMs ?? DEFAULT_SLICE_MS);
  const content = {
    text: campaign.text,
    photoUrl: campaign.photoUrl,
    buttons: campaign.buttons as CampaignButton[],
  };
  const shop = { botId: bot.botId, language: bot.language, publicUrl: deps.publicUrl };
  let stop: 'sliced' | 'stopped' | undefined;
  let checkedAt = 0;

  async function shouldStop(): Promise<boolean> {
    if (stop) return true;
    if (options.signal?.aborted) stop = 'stopped';
    else if (Date.now() >= deadline) stop = 'sliced';
    else if (Date.now() - checkedAt >= CANCEL_CHECK_MS) {
      checkedAt = Date.now();
      if ((await repo.campaignStatus(deps.db, vendorId, campaignId)) !== 'sending') stop = 'stopped';
    }
    return stop !== undefined;
  }

  async function sendOne(r: repo.ClaimedRecipient): Promise<void> {
    const call = campaignCall(content, r.telegramId, shop);
    try {
      await deps.botApi.call(bot.token, call.method, call.params);
      if (options.signal?.aborted) return; // "killed" after the call: the row stays `sending`
      await repo.settleRecipient(deps.db, vendorId, campaignId, r.customerId, {
        state: 'delivered',
        sentAt: new Date(),
        error: null,
      });
    } catch (err) {
      if (options.signal?.aborted) return;
      await settleFailure(deps, campaign, r, err, throttle, bot.token);
    }
  }

  // Workers take recipients in order; each waits for the bot's next free moment before claiming its recipient,
  // so a recipient is `sending` only while its call is really going out.
  // One pass reads the pending recipients in order after a cursor, so none is handed to two workers.
  let queue: repo.ClaimedRecipient[] = [];
  let cursor = '';
  let exhausted = false;
  let refill: Promise<void> | undefined;
  async function next(): Promise<repo.ClaimedRecipient | undefined> {
    while (queue.length === 0) {
      if (exhausted) return undefined;
      refill ??= repo.peekPending(deps.db, vendorId, campaignId, cursor, 200).then((rows) => {
        queue = rows;
        cursor = rows.at(-1)?.customerId ?? cursor;
        exhausted = rows.length === 0;
        refill = undefined;
      });
      await refill;
    }
    return queue.shift();
  }
  async function worker(): Promise<void> {
    for (;;) {
      if (await shouldStop()) return;
      const r = await next();
      if (!r) return;
      await throttle.wait(bot.token, r.telegramId);
      if (await shouldStop()) return;
      if (!(await repo.claimOne(deps.db, vendorId, campaignId, r.customerId))) continue;
      await sendOne(r);
    }
  }
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  for (;;) {
    await Promise.all(Array.from({ length: concurrency }, () => worker()));
    if (stop) return stop;
    cursor = '';
    exhausted = false;
    // Messages put back after a 429 or an outage: another pass, until none is left.
    if (!(await repo.hasPending(deps.db, vendorId, campaignId))) return 'all';
  }
}

async function settleFailure(
  deps: CampaignsDeps,
  campaign: repo.CampaignRow,
  r: repo.ClaimedRecipient,
  err: unknown,
  throttle: TelegramThrottle,
  token: string,
): Promise<void> {
  const { vendorId, id: campaignId } = campaign;
  const settle = (set: Parameters<typeof repo.settleRecipient>[4]) =>
    repo.settleRecipient(deps.db, vendorId, campaignId, r.customerId, set);
  if (err instanceof TelegramApiError && err.errorCode === 403) {
    await settle({ state: 'blocked', error: err.description, sentAt: new Date() });
    await deps.customers.markBlocked(vendorId, r.customerId, campaign.botId, nowOf(deps));
    return;
  }
  const attempts = r.attempts + 1;
  const retryable =
    (err instanceof TelegramApiError && (err.errorCode === 429 || err.errorCode >= 500)) ||
    (err instanceof TelegramUnreachableError && !err.message.includes('timed out'));
  if (err instanceof TelegramApiError && err.errorCode === 429) {
    // Telegram answered 429: nothing more goes from this bot for retry_after; this message goes back in line.
    throttle.pause(token, err.retryAfter ?? 1);
  }
  if (retryable && attempts < MAX_ATTEMPTS) {
    await settle({ state: 'pending', attempts });
    return;
  }
  // A timeout may have delivered it: never sent again, counted as unknown.
  const state = err instanceof TelegramUnreachableError ? 'unknown' : 'failed';
  const error =
    err instanceof TelegramApiError ? err.description : err instanceof Error ? err.message : 'failed';
  await settle({ state, attempts, error: error.slice(0, 200), sentAt: new Date() });
}

export async function getAbandonedCart(
  deps: CampaignsDeps,
  actor: Actor,
  botId: string,
): Promise<AbandonedCartSettings> {
  await shopFor(deps, actor, botId);
  const row = await repo.findAbandonedCartSettings(deps.db, actor.vendorId, botId);
  return row ?? { enabled: false, hours: CAMPAIGN_LIMITS.abandonedCartHoursDefault };
}

export async function setAbandonedCart(
  deps: CampaignsDeps,
  actor: Actor,
  botId: string,
  body: AbandonedCartSettings,
): Promise<AbandonedCartSettings> {
  assertMaySend(actor);
  await shopFor(deps, actor, botId);
  await repo.saveAbandonedCartSettings(deps.db, actor.vendorId, botId, body);
  return body;
}

/** Campaigns: compose, send (paced, resumable), progress, cancel; the abandoned-cart reminder's setting. */
export function createCampaignsService(deps: CampaignsDeps) {
  return {
    create: (actor: Actor, body: CreateCampaignBody) => createCampaign(deps, actor, body),
    list: (actor: Actor) => listCampaigns(deps, actor),
    get: (actor: Actor, id: string) => getCampaign(deps, actor, id),
    cancel: (actor: Actor, id: string) => cancelCampaign(deps, actor, id),
    testSend: (actor: Actor, body: CampaignMessage) => testSend(deps, actor, body),
    targets: (actor: Actor, q: CampaignTargetsQuery) => campaignTargets(deps, actor, q),
    run: (vendorId: string, campaignId: string, options?: RunOptions) =>
      runCampaign(deps, vendorId, campaignId, options),
    getAbandonedCart: (actor: Actor, botId: string) => getAbandonedCart(deps, actor, botId),
    setAbandonedCart: (actor: Actor, botId: string, body: AbandonedCartSettings) =>
      setAbandonedCart(deps, actor, botId, body),
    /** Every bot whose abandoned-cart reminder is on, with its delay in hours (for the reminder sweep). */
    abandonedCartBots: () => repo.abandonedCartBots(deps.db),
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
