import {
  BOT_MESSAGES,
  type Bot,
  type BotDetail,
  BotLanguage,
  type BotListResponse,
  DEFAULT_WELCOME_MESSAGE,
  type NewBot,
  type UpdateBotDetailBody,
  type VerifyTokenResponse,
} from '@app/contracts/bots';
import type { Language } from '@app/contracts/common';
import type { Db, Tx } from '../../db/types';
import { type Actor, type BotScope, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { formatMoney } from '../../lib/money';
import { randomToken, type Secrets, sha256Hex } from '../../lib/secrets';
import {
  type BotApi,
  isUnknownTokenError,
  TelegramApiError,
  type TelegramBotUser,
  TelegramUnreachableError,
} from '../../lib/telegram/bot-api';
import type { CustomersService } from '../customers/customers.service';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import type { OrderReads } from '../orders/order-reads';
import type { ProductsService } from '../products/products.service';
import {
  isSubscriptionLive,
  type SubscriptionsService,
  subscriptionOf,
} from '../subscriptions/subscriptions.service';
import { maskToken, toBot, toBotDetail } from './bot-view';
import * as repo from './bots.repository';
import { shopMenuCalls } from './chat-menu';

/** The updates a shop bot needs: chat messages, inline buttons, and Stars checkout. */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'shipping_query', 'pre_checkout_query'];

export type BotsLogger = { warn(obj: object, msg: string): void };

/** What stopping a bot needs; the subscription expiry job has exactly this. */
export type BotStopDeps = {
  db: Db;
  botApi: BotApi;
  secrets: Pick<Secrets, 'decrypt'>;
  log?: BotsLogger | undefined;
};

/** What starting a bot needs: a new webhook secret is sealed, and the webhook points at the public address. */
export type BotStartDeps = BotStopDeps & {
  secrets: Pick<Secrets, 'encrypt' | 'decrypt'>;
  publicUrl: string;
};

/** Why the system stopped a bot whose subscription ended (bots.stopped_reason, the bot.stopped event). */
const EXPIRED = 'subscription.expired';
/** A bot's stored language, English when it is not one the contracts know (built once: zod schemas cost to make). */
const StoredLanguage = BotLanguage.catch('en');

export type BotsDeps = BotStartDeps & {
  subscriptions: SubscriptionsService;
  orders: OrderReads;
  customers: CustomersService;
  products: ProductsService;
  now?: () => Date;
};

// Telegram's own errors mapped to ours, once for every call.
function telegramFailure(err: unknown): never {
  if (err instanceof TelegramUnreachableError) throw new AppError('TELEGRAM_UNAVAILABLE');
  if (err instanceof TelegramApiError) {
    throw new AppError('TELEGRAM_ERROR', `Telegram refused the request: ${err.description}`, {
      telegramErrorCode: err.errorCode,
    });
  }
  throw err;
}

/** A write that collided with another live bot's token or username, as the error the vendor sees. */
function conflictFailure(err: unknown): never {
  const taken = repo.takenKeyOf(err);
  if (taken === 'token') throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
  if (taken === 'username') throw new AppError('BOT_USERNAME_TAKEN');
  throw err;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** Who a bot change is recorded for: a signed-in caller, or nobody (the system, e.g. an ended subscription). */
type ChangedBy = Pick<Actor, 'vendorId'> & { telegramId: number | null; kind?: Actor['kind'] };

type BotEventType = 'bot.created' | 'bot.started' | 'bot.stopped' | 'bot.updated' | 'bot.deleted';

const eventActor = (by: ChangedBy): EventActor =>
  by.telegramId === null ? SYSTEM_ACTOR : { kind: by.kind ?? 'owner', id: String(by.telegramId) };

/** The domain event of a change to a bot, recorded in the change's transaction. */
const botEvent = (
  by: ChangedBy,
  row: repo.BotRow,
  type: BotEventType,
  payload: Record<string, string | number | boolean | null> = {},
) => ({
  vendorId: row.vendorId,
  botId: row.id,
  type,
  actor: eventActor(by),
  subject: { kind: 'bot' as const, id: row.id },
  payload: { botUsername: row.username, ...payload },
});

/**
 * The one way a bot stops: the stop button, deletion and an ended subscription all come here. Store first:
 * one transaction marks the bot inactive, forgets its webhook secret and records the activity, so from the
 * commit on every update sent for it is refused. Then Telegram is asked to stop sending; when that fails the
 * bot is stopped all the same (a webhook Telegram still holds only meets a 401), so it is logged, not thrown.
 */
async function stopBot(
  deps: BotStopDeps,
  actor: ChangedBy,
  row: repo.BotRow,
  how: { action: 'bot.stopped' | 'bot.deleted'; deletedAt?: Date; reason?: string },
): Promise<repo.BotRow> {
  const stopped = await deps.db.transaction(async (tx) => {
    const updated = await repo.updateBot(tx, row.vendorId, row.id, {
      isActive: false,
      webhookUrl: null,
      webhookSecretCiphertext: null,
      stoppedReason: how.reason ?? null,
      ...(how.deletedAt ? { deletedAt: how.deletedAt } : {}),
    });
    if (!updated) throw new AppError('BOT_NOT_FOUND');
    await recordEvent(tx, botEvent(actor, row, how.action, how.reason ? { reason: how.reason } : {}));
    return updated;
  });
  const token = () => deps.secrets.decrypt(row.tokenCiphertext);
  const calls: [string, () => Promise<unknown>][] = [
    ['webhook', () => deps.botApi.deleteWebhook(token())],
    // The chat's menu button no longer opens the shop's Mini App: the shop is closed.
    [
      'menu button',
      () => deps.botApi.call(token(), 'setChatMenuButton', { menu_button: { type: 'default' } }),
    ],
  ];
  for (const [what, call] of calls) {
    try {
      await call();
    } catch (err) {
      // A revoked token (401) cannot receive updates anyway; anything else is worth a look.
      if (isUnknownTokenError(err)) break;
      deps.log?.warn(
        { botId: row.id, what, err: errorText(err) },
        'Telegram still holds a part of a stopped bot',
      );
    }
  }
  return stopped;
}

/**
 * Stops a bot whose subscription ended, the way `stop` does, on behalf of the system. A bot already stopped
 * or deleted is left as it is.
 */
export async function stopExpiredBot(deps: BotStopDeps, vendorId: string, botId: string): Promise<void> {
  const row = await repo.findBot(deps.db, vendorId, botId);
  if (!row?.isActive) return;
  await stopBot(deps, { vendorId, telegramId: null }, row, { action: 'bot.stopped', reason: EXPIRED });
}

const webhookUrlOf = (deps: BotStartDeps, botId: string) => `${deps.publicUrl}/telegram/webhook/${botId}`;

/**
 * Has Telegram send the bot's updates here with a fresh secret. Store first: the secret (with `alongside`,
 * say a new token) is saved before Telegram is asked, so every update sent with it finds it. When Telegram
 * refuses, the previous values are put back and the refusal is thrown: nothing changed.
 */
async function pointWebhookHere(
  deps: BotStartDeps,
  row: repo.BotRow,
  token: string,
  alongside: repo.BotChanges = {},
) {
  const secret = randomToken(32);
  const changes: repo.BotChanges = { ...alongside, webhookSecretCiphertext: deps.secrets.encrypt(secret) };
  try {
    await repo.updateBot(deps.db, row.vendorId, row.id, changes);
  } catch (err) {
    conflictFailure(err);
  }
  try {
    await deps.botApi.setWebhook(token, {
      url: webhookUrlOf(deps, row.id),
      secret_token: secret,
      allowed_updates: ALLOWED_UPDATES,
    });
  } catch (err) {
    await repo.updateBot(deps.db, row.vendorId, row.id, previousValues(row, changes));
    telegramFailure(err);
  }
}

/**
 * Gives the shop's chat its menu (shopMenuCalls). A refusal leaves the bot running (customers can still type the
 * commands; Telegram refuses a Mini App that is not served over HTTPS), so it is logged, not thrown.
 */
async function setShopMenu(deps: BotStartDeps, row: repo.BotRow, token: string): Promise<void> {
  for (const [method, params] of shopMenuCalls(row, deps.publicUrl)) {
    try {
      await deps.botApi.call(token, method, params);
    } catch (err) {
      // A revoked token takes no call at all: nothing more to try, nor to report twice.
      if (isUnknownTokenError(err)) return;
      deps.log?.warn({ botId: row.id, method, err: errorText(err) }, 'could not set the bot menu');
    }
  }
}

/**
 * Gives every running shop bot the chat menu this version of the server sets (shopMenuCalls), so bots started
 * before it changed get it too: the `bots.refresh-menus` job, sent once at each start-up. Answers how many.
 */
export async function refreshShopMenus(deps: BotStartDeps): Promise<number> {
  const running = await repo.listRunningBots(deps.db);
  for (const row of running) {
    // One bot's failure (a token that no longer decrypts, say) is logged and the others go on.
    try {
      await setShopMenu(deps, row, deps.secrets.decrypt(row.tokenCiphertext));
    } catch (err) {
      deps.log?.warn({ botId: row.id, err: errorText(err) }, 'could not refresh the bot menu');
    }
  }
  return running.length;
}

/** Records the bot as running, once Telegram sends its updates here. */
async function markRunning(
  deps: BotStartDeps,
  by: ChangedBy,
  row: repo.BotRow,
  payload: Record<string, string> = {},
): Promise<repo.BotRow> {
  return deps.db.transaction(async (tx) => {
    const updated = await repo.updateBot(tx, row.vendorId, row.id, {
      isActive: true,
      webhookUrl: webhookUrlOf(deps, row.id),
      stoppedReason: null,
    });
    if (!updated) throw new AppError('BOT_NOT_FOUND');
    await recordEvent(tx, botEvent(by, row, 'bot.started', payload));
    return updated;
  });
}

/**
 * The one way a bot starts: the start button, a new bot and a paid subscription all come here. Its webhook
 * points here (store first, see pointWebhookHere), its chat gets the shop's commands, then it is marked running
 * with a `bot.started` event. Throws what Telegram's refusal means; nothing changed then.
 */
async function startBot(
  deps: BotStartDeps,
  by: ChangedBy,
  row: repo.BotRow,
  token: string,
  payload: Record<string, string> = {},
): Promise<repo.BotRow> {
  await pointWebhookHere(deps, row, token);
  await setShopMenu(deps, row, token);
  return markRunning(deps, by, row, payload);
}

/**
 * Starts again, on behalf of the system, a bot the expiry stopped once a payment has made its subscription live
 * again; the way the start button does. Any other bot (running, stopped by a person, deleted, or whose
 * subscription is still not live) is left as it is. Answers whether it started the bot. When Telegram refuses,
 * the bot stays marked as stopped by the expiry and the refusal is thrown, so a retry tries again.
 */
export async function resumeBotAfterPayment(
  deps: BotStartDeps & { subscriptions: Pick<SubscriptionsService, 'currentOf'> },
  vendorId: string,
  botId: string,
): Promise<boolean> {
  const subscriptionOf = await deps.subscriptions.currentOf(vendorId, [botId]);
  if (!isSubscriptionLive(subscriptionOf(botId))) return false;
  // Claimed first, so two payments completing together start the bot once (one webhook secret, one event).
  const row = await repo.claimStoppedBot(deps.db, vendorId, botId, EXPIRED);
  if (!row) return false;
  try {
    await startBot(deps, { vendorId, telegramId: null }, row, deps.secrets.decrypt(row.tokenCiphertext), {
      reason: 'subscription.paid',
    });
    return true;
  } catch (err) {
    await repo.releaseStoppedBot(deps.db, vendorId, botId, EXPIRED);
    throw err;
  }
}

/** What the platform needs to message a bot's customers through it (notifications): its token and language. */
export type BotMessenger = { token: string; language: Language; username: string };

/** The bot's messenger; undefined for a deleted or unknown bot. */
export async function botMessengerOf(
  deps: { db: Db; secrets: Pick<Secrets, 'decrypt'> },
  vendorId: string,
  botId: string,
): Promise<BotMessenger | undefined> {
  const row = await repo.findBot(deps.db, vendorId, botId);
  if (!row) return undefined;
  return {
    token: deps.secrets.decrypt(row.tokenCiphertext),
    language: StoredLanguage.parse(row.language),
    username: row.username,
  };
}

/** The bot's @username (without the @), for naming it in a notification; undefined for a deleted bot. */
export async function botUsernameOf(db: Db, vendorId: string, botId: string): Promise<string | undefined> {
  return (await repo.findBot(db, vendorId, botId))?.username;
}

export function createBotsService(deps: BotsDeps) {
  const { db, botApi, secrets, subscriptions } = deps;
  const tokenOf = (row: repo.BotRow) => secrets.decrypt(row.tokenCiphertext);
  // The runtime reads a bot's token and webhook secret for every update: each ciphertext is decrypted once
  // (a new token or secret is a new ciphertext). Bounded; the oldest goes first.
  const decrypted = new Map<string, string>();
  const decryptOnce = (ciphertext: string) => {
    let plain = decrypted.get(ciphertext);
    if (plain === undefined) {
      plain = secrets.decrypt(ciphertext);
      decrypted.set(ciphertext, plain);
      if (decrypted.size > 2000) decrypted.delete(decrypted.keys().next().value ?? '');
    }
    return plain;
  };

  async function mustFind(vendorId: string, botId: string) {
    const row = await repo.findBot(db, vendorId, botId);
    if (!row) throw new AppError('BOT_NOT_FOUND');
    return row;
  }

  /** getMe for a create or a token change: a token Telegram does not know is BOT_TOKEN_INVALID. */
  async function getMeOrThrow(token: string): Promise<TelegramBotUser> {
    try {
      return await botApi.getMe(token);
    } catch (err) {
      if (isUnknownTokenError(err)) throw new AppError('BOT_TOKEN_INVALID');
      return telegramFailure(err);
    }
  }

  /** The bots as the API shows them: subscription and figures from their modules, a fixed number of queries. */
  async function present(vendorId: string, rows: repo.BotRow[]): Promise<Bot[]> {
    const ids = rows.map((r) => r.id);
    const [subscriptionOf, sales, members, products] = await Promise.all([
      subscriptions.currentOf(vendorId, ids),
      deps.orders.salesByBot(vendorId, ids),
      deps.customers.memberCounts(vendorId, ids),
      deps.products.countsByBot(vendorId, ids),
    ]);
    return rows.map((r) =>
      toBot(r, tokenOf(r), subscriptionOf(r.id), {
        orders: sales.get(r.id)?.orders ?? 0,
        revenueMinor: sales.get(r.id)?.revenueMinor ?? 0,
        customers: members.get(r.id) ?? 0,
        products: products.get(r.id) ?? 0,
      }),
    );
  }

  async function presentOne(row: repo.BotRow): Promise<Bot> {
    const [bot] = await present(row.vendorId, [row]);
    if (!bot) throw new Error('present answered nothing');
    return bot;
  }

  async function mustHaveLiveSubscription(vendorId: string, botId: string) {
    const subscriptionOf = await subscriptions.currentOf(vendorId, [botId]);
    if (!isSubscriptionLive(subscriptionOf(botId))) throw new AppError('SUBSCRIPTION_EXPIRED');
  }

  /** Inserts the bot (not yet running), its plan and its activity in one transaction. */
  async function insertBot(actor: Actor, body: NewBot, me: TelegramBotUser, tokenHash: string) {
    try {
      return await db.transaction(async (tx) => {
        await repo.lockVendorBots(tx, actor.vendorId);
        if (body.plan === 'FREE' && (await repo.vendorHasBots(tx, actor.vendorId))) {
          throw new AppError('FREE_PLAN_NOT_AVAILABLE');
        }
        const row = await repo.insertBot(tx, {
          vendorId: actor.vendorId,
          telegramBotId: me.id,
          username: me.username ?? '',
          name: body.botName,
          description: body.description || null, // an empty description is none
          tokenCiphertext: secrets.encrypt(body.botToken),
          tokenHash,
          category: body.category,
          language: body.language,
          currency: body.currency,
          timezone: body.timezone,
          welcomeMessage: body.welcomeMessage,
          isActive: false,
          isVerified: true,
        });
        await subscriptions.beginPlan(tx, { vendorId: actor.vendorId, botId: row.id, plan: body.plan });
        await recordEvent(tx, botEvent(actor, row, 'bot.created', { plan: body.plan }));
        return row;
      });
    } catch (err) {
      return conflictFailure(err);
    }
  }

  /** Starts a bot just created. It exists whatever Telegram says now; the vendor can start it from its card. */
  async function startNewBot(actor: Actor, row: repo.BotRow, token: string): Promise<repo.BotRow> {
    try {
      return await startBot(deps, actor, row, token);
    } catch (err) {
      deps.log?.warn({ botId: row.id, err: errorText(err) }, 'new bot could not be started');
      return row;
    }
  }

  /**
   * Checks a new token is free and belongs to the same Telegram bot; answers the columns that store it. A
   * running bot's webhook is set again with it first (stored before Telegram is asked, put back on refusal).
   */
  async function replaceToken(row: repo.BotRow, token: string): Promise<repo.BotChanges> {
    const tokenHash = sha256Hex(token);
    if (await repo.tokenHashTaken(db, tokenHash, row.id)) throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
    const me = await getMeOrThrow(token);
    if (me.id !== row.telegramBotId) throw new AppError('BOT_TOKEN_MISMATCH');
    const username = me.username ?? row.username;
    if (username !== row.username && (await repo.usernameTaken(db, username, row.id))) {
      throw new AppError('BOT_USERNAME_TAKEN');
    }
    const columns = { tokenCiphertext: secrets.encrypt(token), tokenHash, username };
    if (row.isActive) await pointWebhookHere(deps, row, token, columns);
    return columns;
  }

  /** Saves a detail edit and its activity in one transaction. */
  async function saveEdit(actor: Actor, row: repo.BotRow, changes: repo.BotChanges, fields: string[]) {
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

  /** Asks Telegram about a token for the wizard. Never throws for Telegram's answer: it reports it. */
  async function verifyToken(token: string, expectTelegramBotId?: number): Promise<VerifyTokenResponse> {
    let me: TelegramBotUser;
    try {
      me = await botApi.getMe(token);
    } catch (err) {
      if (isUnknownTokenError(err)) return { valid: false, error: BOT_MESSAGES.tokenUnknown, botInfo: null };
      if (err instanceof TelegramApiError || err instanceof TelegramUnreachableError) {
        return { valid: false, error: BOT_MESSAGES.tokenNetwork, botInfo: null };
      }
      throw err;
    }
    const botInfo = { id: me.id, username: me.username ?? '', firstName: me.first_name };
    if (expectTelegramBotId !== undefined && me.id !== expectTelegramBotId) {
      return { valid: false, error: new AppError('BOT_TOKEN_MISMATCH').message, botInfo };
    }
    return { valid: true, error: null, botInfo };
  }

  return {
    /** The caller's live bots with their subscription and stats, newest first; a fixed number of queries. */
    async list(actor: Actor): Promise<BotListResponse> {
      const rows = (await repo.listBots(db, actor.vendorId)).filter((r) => inBotScope(actor.botIds, r.id));
      const bots = await present(actor.vendorId, rows);
      const totalRevenue = bots.reduce((sum, b) => sum + b.stats.revenue, 0);
      return {
        bots,
        summary: {
          totalBots: bots.length,
          activeBots: bots.filter((b) => b.isActive).length,
          totalRevenue,
          totalRevenueFormatted: formatMoney(totalRevenue),
          totalCustomers: bots.reduce((sum, b) => sum + b.stats.customers, 0),
        },
      };
    },

    /** How many bots the vendor has, how many run, and how many were added since `since` (for Home). */
    counts: (vendorId: string, scope: BotScope, since: Date) => repo.countBots(db, vendorId, scope, since),

    /** For the wizard: also tells whether the bot can still be added (token or username already in use). */
    async verifyNewToken(token: string): Promise<VerifyTokenResponse> {
      if (await repo.tokenHashTaken(db, sha256Hex(token))) {
        return { valid: false, error: BOT_MESSAGES.tokenAlreadyRegistered, botInfo: null };
      }
      const answer = await verifyToken(token);
      if (answer.valid && answer.botInfo && (await repo.usernameTaken(db, answer.botInfo.username))) {
        return { valid: false, error: BOT_MESSAGES.usernameTaken, botInfo: answer.botInfo };
      }
      return answer;
    },

    /** Verifies a replacement token for an existing bot: it must be the same Telegram bot. */
    async verifyTokenFor(vendorId: string, botId: string, token: string): Promise<VerifyTokenResponse> {
      const row = await mustFind(vendorId, botId);
      return verifyToken(token, row.telegramBotId);
    },

    /**
     * Registers a bot once Telegram confirms its token: the bot, its plan (FREE: first bot only; a paid plan:
     * a trial) and the activity in one transaction; then starts it when Telegram accepts the webhook.
     */
    async create(actor: Actor, body: NewBot): Promise<Bot> {
      // A caller limited to some bots would create one outside their own scope: only the vendor's whole-shop
      // roles add bots.
      if (actor.botIds !== 'all') {
        throw new AppError('FORBIDDEN', 'Your permissions do not allow this.', { botScope: 'limited' });
      }
      const tokenHash = sha256Hex(body.botToken);
      if (await repo.tokenHashTaken(db, tokenHash)) throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
      const me = await getMeOrThrow(body.botToken);
      if (await repo.usernameTaken(db, me.username ?? '')) throw new AppError('BOT_USERNAME_TAKEN');
      const row = await insertBot(actor, body, me, tokenHash);
      return presentOne(await startNewBot(actor, row, body.botToken));
    },

    /** Sets the webhook and marks the bot active. Refused while its subscription is expired or cancelled. */
    async start(actor: Actor, botId: string): Promise<Bot> {
      const row = await mustFind(actor.vendorId, botId);
      await mustHaveLiveSubscription(actor.vendorId, botId);
      return presentOne(await startBot(deps, actor, row, tokenOf(row)));
    },

    /** See resumeBotAfterPayment: starts a bot the expiry stopped once its subscription is live again. */
    resumeAfterPayment: (vendorId: string, botId: string) => resumeBotAfterPayment(deps, vendorId, botId),

    /** Marks the bot inactive and refuses its updates, then removes its webhook on Telegram. */
    async stop(actor: Actor, botId: string): Promise<Bot> {
      const row = await mustFind(actor.vendorId, botId);
      return presentOne(await stopBot(deps, actor, row, { action: 'bot.stopped' }));
    },

    /** Stops the bot and hides it (soft delete); its orders stay in the vendor's records. */
    async remove(actor: Actor, botId: string): Promise<void> {
      const row = await mustFind(actor.vendorId, botId);
      await stopBot(deps, actor, row, { action: 'bot.deleted', deletedAt: deps.now?.() ?? new Date() });
    },

    async getDetail(vendorId: string, botId: string): Promise<BotDetail> {
      const row = await mustFind(vendorId, botId);
      return toBotDetail(await presentOne(row), row);
    },

    /** Changes what the body names. A new token must belong to the same Telegram bot (see replaceToken). */
    async updateDetail(actor: Actor, botId: string, body: UpdateBotDetailBody): Promise<BotDetail> {
      const row = await mustFind(actor.vendorId, botId);
      const changes = detailChanges(row, body);
      if (body.token && sha256Hex(body.token) !== row.tokenHash) {
        Object.assign(changes, await replaceToken(row, body.token));
      }
      const updated = await saveEdit(actor, row, changes, Object.keys(body));
      return toBotDetail(await presentOne(updated), updated);
    },

    // --- For the per-bot settings (modules/settings): the bot's own columns stay this module's. ---

    /** What the settings screens show of a bot; BOT_NOT_FOUND for another vendor's. */
    async basics(vendorId: string, botId: string): Promise<BotBasics> {
      const row = await mustFind(vendorId, botId);
      return basicsOf(row, tokenOf(row));
    },

    /** The same, by bot id alone, for the shop runtime; null for a deleted or unknown bot. */
    async basicsById(botId: string): Promise<BotBasics | null> {
      const row = await repo.findBotById(db, botId);
      return row ? basicsOf(row, tokenOf(row)) : null;
    },

    /** Stores the welcome text (its one home is bots.welcome_message) in the caller's transaction. */
    async setWelcomeText(tx: Tx, vendorId: string, botId: string, text: string): Promise<void> {
      const updated = await repo.updateBot(tx, vendorId, botId, { welcomeMessage: text });
      if (!updated) throw new AppError('BOT_NOT_FOUND');
    },

    /**
     * Replaces the token from the Bot Token screen: getMe must name the same Telegram bot (BOT_TOKEN_MISMATCH
     * otherwise: its orders and customers belong to this one). Recorded as settings.updated.
     */
    async replaceTokenFromSettings(actor: Actor, botId: string, token: string): Promise<BotBasics> {
      const row = await mustFind(actor.vendorId, botId);
      if (sha256Hex(token) === row.tokenHash) return basicsOf(row, token);
      const columns = await replaceToken(row, token);
      const updated = await db.transaction(async (tx) => {
        const saved = await repo.updateBot(tx, row.vendorId, row.id, columns);
        if (!saved) throw new AppError('BOT_NOT_FOUND');
        await recordEvent(tx, settingsEvent(actor, saved, { section: 'token', fields: 'token' }));
        return saved;
      });
      return basicsOf(updated, token);
    },

    /** Asks Telegram's getMe with the stored token; reports the answer rather than throwing it. */
    async testConnection(vendorId: string, botId: string): Promise<ConnectionTestResult> {
      const row = await mustFind(vendorId, botId);
      const answer = await verifyToken(tokenOf(row), row.telegramBotId);
      return {
        connected: answer.valid,
        username: answer.botInfo?.username ?? null,
        firstName: answer.botInfo?.firstName ?? null,
        error: answer.error,
      };
    },

    /** Sets a running bot's webhook again with a new secret ("webhook update"). BOT_NOT_RUNNING when stopped. */
    async refreshWebhook(actor: Actor, botId: string): Promise<BotBasics> {
      const row = await mustFind(actor.vendorId, botId);
      if (!row.isActive) throw new AppError('BOT_NOT_RUNNING');
      const token = tokenOf(row);
      await pointWebhookHere(deps, row, token);
      const updated = await db.transaction(async (tx) => {
        const saved = await repo.updateBot(tx, row.vendorId, row.id, {
          webhookUrl: webhookUrlOf(deps, row.id),
        });
        if (!saved) throw new AppError('BOT_NOT_FOUND');
        await recordEvent(tx, settingsEvent(actor, saved, { section: 'token', action: 'webhook_updated' }));
        return saved;
      });
      return basicsOf(updated, token);
    },

    /**
     * Checks a Telegram Payments provider token with a zero-risk createInvoiceLink (a link nobody is sent).
     * PAYMENT_PROVIDER_TOKEN_REFUSED when Telegram refuses it; the token never appears in an error.
     */
    async checkProviderToken(vendorId: string, botId: string, providerToken: string, currency: string) {
      const row = await mustFind(vendorId, botId);
      try {
        await botApi.call<string>(tokenOf(row), 'createInvoiceLink', {
          title: 'Provider check',
          description: 'Checks the payment provider token; never sent to anyone.',
          payload: 'provider-check',
          provider_token: providerToken,
          currency,
          prices: [{ label: 'Check', amount: 100 }],
        });
      } catch (err) {
        if (err instanceof TelegramApiError && err.errorCode === 400) {
          throw new AppError('PAYMENT_PROVIDER_TOKEN_REFUSED');
        }
        telegramFailure(err);
      }
    },

    /** The caller's live bots by name (billing screens): every bot in scope, or the one asked for (else not found). */
    async namesOf(actor: Actor, botId?: string): Promise<{ id: string; name: string; username: string }[]> {
      if (botId !== undefined) {
        if (!inBotScope(actor.botIds, botId)) throw new AppError('BOT_NOT_FOUND');
        const row = await mustFind(actor.vendorId, botId);
        return [{ id: row.id, name: row.name, username: row.username }];
      }
      const rows = (await repo.listBots(db, actor.vendorId)).filter((r) => inBotScope(actor.botIds, r.id));
      return rows.map((r) => ({ id: r.id, name: r.name, username: r.username }));
    },

    /**
     * What the shop runtime needs to serve a bot's customers: its token and identity, its language and currency,
     * and whether it is open (running, with a live subscription). Undefined for a deleted or unknown bot.
     */
    async shopOf(botId: string): Promise<ShopBot | undefined> {
      return (await this.shopRuntimeOf(botId))?.shop;
    },

    /**
     * Records that the shop runtime failed to answer an update (bot.error). `error` names what failed (a Telegram
     * refusal's description, or "internal"), never a stack or a query.
     */
    async recordError(
      shop: Pick<ShopBot, 'vendorId' | 'botId' | 'username'>,
      updateId: number,
      error: string,
    ) {
      await db.transaction((tx) =>
        recordEvent(tx, {
          vendorId: shop.vendorId,
          botId: shop.botId,
          type: 'bot.error',
          actor: SYSTEM_ACTOR,
          subject: { kind: 'bot', id: shop.botId },
          payload: { botUsername: shop.username, updateId, error },
        }),
      );
    },

    /**
     * The shop as the runtime serves one update, read in one query: the shop (as shopOf), the secret its webhook
     * was set with (null once stopped: every update is then refused) and when its cache was last cleared.
     */
    async shopRuntimeOf(botId: string): Promise<ShopRuntime | undefined> {
      const row = await repo.findShopRuntime(db, botId);
      if (!row) return undefined;
      const { bot } = row;
      const subscription = subscriptionOf(row.subscription, deps.now?.() ?? new Date());
      return {
        shop: {
          vendorId: bot.vendorId,
          botId: bot.id,
          token: decryptOnce(bot.tokenCiphertext),
          telegramBotId: bot.telegramBotId,
          username: bot.username,
          name: bot.name,
          language: StoredLanguage.parse(bot.language),
          currency: bot.currency,
          isOpen: bot.isActive && isSubscriptionLive(subscription),
        },
        webhookSecret: bot.webhookSecretCiphertext ? decryptOnce(bot.webhookSecretCiphertext) : null,
        cacheClearedAt: row.cacheClearedAt,
      };
    },
  };
}

export type BotsService = ReturnType<typeof createBotsService>;

export type ShopBot = {
  vendorId: string;
  botId: string;
  token: string;
  telegramBotId: number;
  username: string;
  name: string;
  language: Language;
  currency: string;
  isOpen: boolean;
};

/** What the shop runtime reads for each update (see shopRuntimeOf). */
export type ShopRuntime = { shop: ShopBot; webhookSecret: string | null; cacheClearedAt: Date | null };

/** A bot as the settings module and the shop runtime need it: never the token, only its masked form. */
export type BotBasics = {
  id: string;
  vendorId: string;
  telegramBotId: number;
  username: string;
  name: string;
  isActive: boolean;
  webhookUrl: string | null;
  currency: string;
  welcomeMessage: string;
  maskedToken: string;
};

export type ConnectionTestResult = {
  connected: boolean;
  username: string | null;
  firstName: string | null;
  error: string | null;
};

function basicsOf(row: repo.BotRow, token: string): BotBasics {
  return {
    id: row.id,
    vendorId: row.vendorId,
    telegramBotId: row.telegramBotId,
    username: row.username,
    name: row.name,
    isActive: row.isActive,
    webhookUrl: row.webhookUrl,
    currency: row.currency,
    welcomeMessage: row.welcomeMessage ?? DEFAULT_WELCOME_MESSAGE,
    maskedToken: maskToken(token),
  };
}

/** A per-bot settings change made here (the token screen), as the settings module records its own. */
function settingsEvent(actor: Actor, row: repo.BotRow, payload: Record<string, string>) {
  return {
    vendorId: row.vendorId,
    botId: row.id,
    type: 'settings.updated' as const,
    actor: eventActor(actor),
    subject: { kind: 'settings' as const, id: row.id },
    payload: { botUsername: row.username, ...payload },
  };
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
  if (body.integrations) changes.integrations = { ...row.integrations, ...body.integrations };
  return changes;
}

/** The row's values of the columns `changes` names: what puts them back. */
function previousValues(row: repo.BotRow, changes: repo.BotChanges): repo.BotChanges {
  return Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof repo.BotRow]]));
}
