import {
  BOT_MESSAGES,
  type BotDetail,
  type BotIntegrations,
  type BotListResponse,
  type NewBot,
  type UpdateBotDetailBody,
  type VerifyTokenResponse,
} from '@app/contracts/bots';
import type { Db, Tx } from '../../db/types';
import { type Actor, type BotScope, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { formatMoney } from '../../lib/money';
import { sha256Hex } from '../../lib/secrets';
import type { CustomersService } from '../customers/customers.service';
import { recordEvent } from '../events/record-event';
import type { OrderReads } from '../orders/order-reads';
import type { ProductsService } from '../products/products.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { botEvent, conflictFailure, mustFindBot } from './bot-changes';
import {
  type BotStartDeps,
  pauseForAccountDeletion,
  removeBot,
  resumeAfterDeletionCancelled,
  resumeBotAfterPayment,
  startBotFor,
  stopBotFor,
} from './bot-lifecycle.service';
import { createBot, replaceToken } from './bot-registration.service';
import { decryptingOnce, recordBotError, type ShopBot, shopOf, shopRuntimeOf } from './bot-runtime.service';
import {
  botBasics,
  botBasicsById,
  checkProviderToken,
  refreshWebhook,
  replaceTokenFromSettings,
  setWelcomeText,
  testConnection,
} from './bot-settings.service';
import { errorText, verifyToken } from './bot-telegram';
import { presentBot, presentBots, toBotDetail } from './bot-view';
import * as repo from './bots.repository';
import { descriptionCall } from './chat-menu';

// The bots screens' reads and edits (list, summary, details, the wizard's token checks), then the one factory
// that binds every part of the module (lifecycle, registration, settings, runtime) to its deps.

export type BotsDeps = BotStartDeps & {
  subscriptions: SubscriptionsService;
  orders: OrderReads;
  customers: CustomersService;
  products: ProductsService;
  /**
   * What is really set up for a bot (its payment providers, shipping methods, webhooks), from the settings
   * screens that set them up (app.ts wires the settings module's); none when not given.
   */
  integrationsOf?: (vendorId: string, botId: string, currency: string) => Promise<BotIntegrations>;
  now?: () => Date;
};

const NO_INTEGRATIONS: BotIntegrations = { payments: [], shipping: [], thirdParty: [] };

/** The detail page of a bot row: as the list shows it, with its settings and real integrations. */
async function detailOf(deps: BotsDeps, row: repo.BotRow): Promise<BotDetail> {
  const [bot, integrations] = await Promise.all([
    presentBot(deps, row),
    deps.integrationsOf?.(row.vendorId, row.id, row.currency) ?? NO_INTEGRATIONS,
  ]);
  return toBotDetail(bot, row, integrations);
}

/** The caller's live bots, newest first, scoped to the bots the caller may see. */
async function botsInScope(db: Db, actor: Actor): Promise<repo.BotRow[]> {
  return (await repo.listBots(db, actor.vendorId)).filter((r) => inBotScope(actor.botIds, r.id));
}

/**
 * The caller's live bots with their subscription and stats, newest first; a fixed number of queries. The
 * summary's revenue is in USD, summed as Home sums it: each order at the USD value fixed when it was placed.
 */
export async function listBots(deps: BotsDeps, actor: Actor): Promise<BotListResponse> {
  const rows = await botsInScope(deps.db, actor);
  const [{ bots, revenueUsdMinor }, totalCustomers] = await Promise.all([
    presentBots(deps, actor.vendorId, rows),
    // Each customer once: one who joined two of the bots is one of the vendor's customers (the Customers total).
    deps.customers.distinctMemberCount(
      actor.vendorId,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    bots,
    summary: {
      totalBots: bots.length,
      activeBots: bots.filter((b) => b.isActive).length,
      totalRevenue: revenueUsdMinor,
      totalRevenueFormatted: formatMoney(revenueUsdMinor),
      totalCustomers,
    },
  };
}

/** For the wizard: also tells whether the bot can still be added (token or username already in use). */
export async function verifyNewToken(deps: BotsDeps, token: string): Promise<VerifyTokenResponse> {
  if (await repo.tokenHashTaken(deps.db, sha256Hex(token))) {
    return { valid: false, error: BOT_MESSAGES.tokenAlreadyRegistered, botInfo: null };
  }
  const answer = await verifyToken(deps.botApi, token);
  if (answer.valid && answer.botInfo && (await repo.usernameTaken(deps.db, answer.botInfo.username))) {
    return { valid: false, error: BOT_MESSAGES.usernameTaken, botInfo: answer.botInfo };
  }
  return answer;
}

/** Verifies a replacement token for an existing bot: it must be the same Telegram bot. */
export async function verifyTokenFor(
  deps: BotsDeps,
  vendorId: string,
  botId: string,
  token: string,
): Promise<VerifyTokenResponse> {
  const row = await mustFindBot(deps.db, vendorId, botId);
  return verifyToken(deps.botApi, token, row.telegramBotId);
}

/** The bot's detail page: the bot as the list shows it, with its category, settings and real integrations. */
export async function getBotDetail(deps: BotsDeps, vendorId: string, botId: string): Promise<BotDetail> {
  return detailOf(deps, await mustFindBot(deps.db, vendorId, botId));
}

/** The columns a detail edit changes, except the token (see replaceToken). An emptied description is none. */
function detailChanges(row: repo.BotRow, body: UpdateBotDetailBody): repo.BotChanges {
  const changes: repo.BotChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.description !== undefined) changes.description = body.description || null;
  if (body.category !== undefined) changes.category = body.category;
  if (body.settings) {
    // Language, currency, timezone and welcome message have columns; the switches live in `settings`.
    const { language, currency, timezone, welcomeMessage, ...flags } = body.settings;
    if (language !== undefined) changes.language = language;
    if (currency !== undefined) changes.currency = currency;
    if (timezone !== undefined) changes.timezone = timezone;
    if (welcomeMessage !== undefined) changes.welcomeMessage = welcomeMessage;
    changes.settings = { ...row.settings, ...flags };
  }
  return changes;
}

/** Saves a detail edit and its activity in one transaction. */
async function saveEdit(
  db: Db,
  actor: Actor,
  row: repo.BotRow,
  changes: repo.BotChanges,
  fields: string[],
): Promise<repo.BotRow> {
  try {
    return await db.transaction(async (tx) => {
      const updated = await repo.updateBot(tx, row.vendorId, row.id, changes);
      if (!updated) throw new AppError('BOT_NOT_FOUND');
      await recordEvent(tx, botEvent(actor, updated, 'bot.updated', { fields: fields.join(',') }));
      return updated;
    });
  } catch (err) {
    return conflictFailure(err);
  }
}

/** Changes what the body names. A new token must belong to the same Telegram bot (see replaceToken). */
export async function updateBotDetail(
  deps: BotsDeps,
  actor: Actor,
  botId: string,
  body: UpdateBotDetailBody,
): Promise<BotDetail> {
  const row = await mustFindBot(deps.db, actor.vendorId, botId);
  const changes = detailChanges(row, body);
  if (body.token && sha256Hex(body.token) !== row.tokenHash) {
    Object.assign(changes, await replaceToken(deps, row, body.token));
  }
  const updated = await saveEdit(deps.db, actor, row, changes, Object.keys(body));
  if (body.description !== undefined && updated.isActive) await tellTelegramTheDescription(deps, updated);
  return detailOf(deps, updated);
}

/**
 * Gives Telegram a running bot's new description (an empty chat's "What can this bot do?"); a stopped bot gets it
 * when it starts. A refusal keeps the save (the shop still works), so it is logged, not thrown.
 */
async function tellTelegramTheDescription(deps: BotsDeps, row: repo.BotRow): Promise<void> {
  const [method, params] = descriptionCall(row);
  try {
    await deps.botApi.call(deps.secrets.decrypt(row.tokenCiphertext), method, params);
  } catch (err) {
    deps.log?.warn({ botId: row.id, method, err: errorText(err) }, 'could not set the bot description');
  }
}

/** The caller's live bots by name (billing screens): every bot in scope, or the one asked for (else not found). */
export async function botNamesOf(
  deps: BotsDeps,
  actor: Actor,
  botId?: string,
): Promise<{ id: string; name: string; username: string }[]> {
  if (botId !== undefined) {
    if (!inBotScope(actor.botIds, botId)) throw new AppError('BOT_NOT_FOUND');
    const row = await mustFindBot(deps.db, actor.vendorId, botId);
    return [{ id: row.id, name: row.name, username: row.username }];
  }
  const rows = await botsInScope(deps.db, actor);
  return rows.map((r) => ({ id: r.id, name: r.name, username: r.username }));
}

/** The bots module as routes, app.ts and other modules call it: every function bound to `deps` once. */
export function createBotsService(deps: BotsDeps) {
  const runtime = { db: deps.db, decrypt: decryptingOnce(deps.secrets), now: deps.now };
  return {
    list: (actor: Actor) => listBots(deps, actor),
    /** Whether every one of `botIds` is the vendor's (the vendor scope's check of bots a query or body names). */
    areVendorBots: async (vendorId: string, botIds: string[]) =>
      (await repo.vendorBotIdsAmong(deps.db, vendorId, [...new Set(botIds)])).length === new Set(botIds).size,
    /** How many bots the vendor has, how many run, and how many were added since `since` (for Home). */
    counts: (vendorId: string, scope: BotScope, since: Date) =>
      repo.countBots(deps.db, vendorId, scope, since),
    verifyNewToken: (token: string) => verifyNewToken(deps, token),
    verifyTokenFor: (vendorId: string, botId: string, token: string) =>
      verifyTokenFor(deps, vendorId, botId, token),
    create: (actor: Actor, body: NewBot) => createBot(deps, actor, body),
    start: (actor: Actor, botId: string) => startBotFor(deps, actor, botId),
    resumeAfterPayment: (vendorId: string, botId: string) => resumeBotAfterPayment(deps, vendorId, botId),
    stop: (actor: Actor, botId: string) => stopBotFor(deps, actor, botId),
    /** Stops a running bot of an account being deleted; `resumeAfterDeletionCancelled` starts it again. */
    pauseForAccountDeletion: (actor: Actor, botId: string) => pauseForAccountDeletion(deps, actor, botId),
    /** Starts the bots the account's deletion stopped (the owner signed in within the 30 days). */
    resumeAfterDeletionCancelled: (vendorId: string) => resumeAfterDeletionCancelled(deps, vendorId),
    remove: (actor: Actor, botId: string) => removeBot(deps, actor, botId),
    getDetail: (vendorId: string, botId: string) => getBotDetail(deps, vendorId, botId),
    updateDetail: (actor: Actor, botId: string, body: UpdateBotDetailBody) =>
      updateBotDetail(deps, actor, botId, body),
    basics: (vendorId: string, botId: string) => botBasics(deps, vendorId, botId),
    basicsById: (botId: string) => botBasicsById(deps, botId),
    setWelcomeText: (tx: Tx, vendorId: string, botId: string, text: string) =>
      setWelcomeText(tx, vendorId, botId, text),
    replaceTokenFromSettings: (actor: Actor, botId: string, token: string) =>
      replaceTokenFromSettings(deps, actor, botId, token),
    testConnection: (vendorId: string, botId: string) => testConnection(deps, vendorId, botId),
    refreshWebhook: (actor: Actor, botId: string) => refreshWebhook(deps, actor, botId),
    checkProviderToken: (vendorId: string, botId: string, providerToken: string, currency: string) =>
      checkProviderToken(deps, vendorId, botId, providerToken, currency),
    namesOf: (actor: Actor, botId?: string) => botNamesOf(deps, actor, botId),
    shopOf: (botId: string) => shopOf(runtime, botId),
    recordError: (shop: Pick<ShopBot, 'vendorId' | 'botId' | 'username'>, updateId: number, error: string) =>
      recordBotError(deps.db, shop, updateId, error),
    shopRuntimeOf: (botId: string) => shopRuntimeOf(runtime, botId),
  };
}

export type BotsService = ReturnType<typeof createBotsService>;
