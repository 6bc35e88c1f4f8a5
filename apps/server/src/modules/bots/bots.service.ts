import { createHash, timingSafeEqual } from 'node:crypto';
import {
  BOT_MESSAGES,
  type Bot,
  type BotDetail,
  type BotListResponse,
  type CreateBotBody,
  DEFAULT_WELCOME_MESSAGE,
  type UpdateBotDetailBody,
  type VerifyTokenResponse,
} from '@app/contracts/bots';
import { PLANS, TRIAL_DAYS } from '@app/contracts/plans';
import type { Db } from '../../db/client';
import { type Actor, inBotScope } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { randomToken, type Secrets, sha256Hex } from '../../lib/secrets';
import {
  type BotApi,
  isUnknownTokenError,
  TelegramApiError,
  type TelegramBotUser,
  TelegramUnreachableError,
} from '../../telegram/bot-api';
import { formatMinor, isSubscriptionLive, subscriptionOf, toBot, toBotDetail } from './bot-view';
import * as repo from './bots.repository';

const DAY_MS = 86_400_000;

/** The updates a shop bot needs: chat messages, inline buttons, and Stars checkout. */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'pre_checkout_query'];

export type BotsLogger = { warn(obj: object, msg: string): void };

export type BotsDeps = {
  db: Db;
  botApi: BotApi;
  secrets: Pick<Secrets, 'encrypt' | 'decrypt'>;
  publicUrl: string;
  now?: () => Date;
  log?: BotsLogger;
};

// A bot's ids as Telegram reports them. Telegram's own errors mapped to ours, once for every call.
function telegramFailure(err: unknown): never {
  if (err instanceof TelegramUnreachableError) throw new AppError('TELEGRAM_UNAVAILABLE');
  if (err instanceof TelegramApiError) {
    throw new AppError('TELEGRAM_ERROR', `Telegram refused the request: ${err.description}`, {
      telegramErrorCode: err.errorCode,
    });
  }
  throw err;
}

/** A unique violation (23505) of the given index, through drizzle's wrapping of the driver's error. */
function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

function conflictFromUnique(err: unknown): never {
  const index = uniqueViolation(err);
  if (index === 'bots_token_hash_idx') throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
  if (index === 'bots_username_idx') throw new AppError('BOT_USERNAME_TAKEN');
  throw err;
}

export function createBotsService(deps: BotsDeps) {
  const { db, botApi, secrets } = deps;
  const now = () => deps.now?.() ?? new Date();
  const webhookUrlOf = (botId: string) => `${deps.publicUrl}/telegram/webhook/${botId}`;

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

  async function present(rows: repo.BotRow[]): Promise<Bot[]> {
    const ids = rows.map((r) => r.id);
    const vendorId = rows[0]?.vendorId;
    if (!vendorId) return [];
    const [subs, measures] = await Promise.all([
      repo.currentSubscriptions(db, vendorId, ids),
      repo.botMeasures(db, vendorId, ids),
    ]);
    const at = now();
    return rows.map((r) =>
      toBot(r, secrets.decrypt(r.tokenCiphertext), subscriptionOf(subs.get(r.id), at), measures.get(r.id)),
    );
  }

  async function presentOne(row: repo.BotRow): Promise<Bot> {
    const [bot] = await present([row]);
    if (!bot) throw new Error('present answered nothing');
    return bot;
  }

  async function presentDetail(row: repo.BotRow): Promise<BotDetail> {
    return toBotDetail(await presentOne(row), row);
  }

  async function logActivity(actor: Actor, botId: string, action: string, title: string, username: string) {
    await repo.insertActivity(db, {
      vendorId: actor.vendorId,
      botId,
      actorTelegramId: actor.telegramId,
      type: 'bot',
      action,
      title,
      description: `@${username}`,
      link: `/bots/${botId}`,
    });
  }

  /** Points the bot's webhook at us with a fresh secret, then records it. Telegram first: a refusal changes nothing. */
  async function setWebhook(row: repo.BotRow, token: string) {
    const secret = randomToken(32);
    const url = webhookUrlOf(row.id);
    try {
      await botApi.setWebhook(token, { url, secret_token: secret, allowed_updates: ALLOWED_UPDATES });
    } catch (err) {
      telegramFailure(err);
    }
    return { webhookUrl: url, webhookSecretCiphertext: secrets.encrypt(secret), isActive: true };
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
      const list = await present(rows);
      const totalRevenue = list.reduce((sum, b) => sum + b.stats.revenue, 0);
      return {
        bots: list,
        summary: {
          totalBots: list.length,
          activeBots: list.filter((b) => b.isActive).length,
          totalRevenue,
          totalRevenueFormatted: formatMinor(totalRevenue),
          totalCustomers: list.reduce((sum, b) => sum + b.stats.customers, 0),
        },
      };
    },

    /** For the wizard: also tells whether the bot can still be added (token or username already in use). */
    verifyToken,

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
     * Registers a bot after Telegram confirms its token, with its subscription (FREE: none, first bot only;
     * a paid plan: a TRIAL_DAYS trial) in one transaction; then starts it if Telegram accepts the webhook.
     */
    async create(actor: Actor, body: CreateBotBody): Promise<Bot> {
      const token = body.botToken.trim();
      const tokenHash = sha256Hex(token);
      if (await repo.tokenHashTaken(db, tokenHash)) throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
      const me = await getMeOrThrow(token);
      const username = me.username ?? '';
      if (await repo.usernameTaken(db, username)) throw new AppError('BOT_USERNAME_TAKEN');

      const plan = body.plan ?? 'FREE';
      const at = now();
      let row: repo.BotRow;
      try {
        row = await db.transaction(async (tx) => {
          await repo.lockVendor(tx, actor.vendorId);
          if (plan === 'FREE' && (await repo.vendorHasBots(tx, actor.vendorId))) {
            throw new AppError('FREE_PLAN_NOT_AVAILABLE');
          }
          const inserted = await repo.insertBot(tx, {
            vendorId: actor.vendorId,
            telegramBotId: me.id,
            username,
            name: body.botName.trim(),
            description: body.description?.trim() || null,
            tokenCiphertext: secrets.encrypt(token),
            tokenHash,
            category: body.category ?? 'general',
            language: body.language ?? 'en',
            currency: body.currency ?? 'USD',
            timezone: body.timezone ?? 'UTC',
            welcomeMessage: body.welcomeMessage ?? DEFAULT_WELCOME_MESSAGE,
            isActive: false,
            isVerified: true,
          });
          if (plan !== 'FREE') {
            await repo.insertSubscription(tx, {
              vendorId: actor.vendorId,
              botId: inserted.id,
              plan,
              status: 'trial',
              amountMinor: 0,
              feeBps: PLANS[plan].feeBps,
              startsAt: at,
              endsAt: new Date(at.getTime() + TRIAL_DAYS * DAY_MS),
            });
          }
          await repo.insertActivity(tx, {
            vendorId: actor.vendorId,
            botId: inserted.id,
            actorTelegramId: actor.telegramId,
            type: 'bot',
            action: 'bot.created',
            title: 'Bot created',
            description: `@${username}`,
            link: `/bots/${inserted.id}`,
          });
          return inserted;
        });
      } catch (err) {
        conflictFromUnique(err);
      }

      // The bot exists whatever Telegram says now; the vendor can start it later from its card.
      try {
        const started = await setWebhook(row, token);
        row = (await repo.updateBot(db, actor.vendorId, row.id, started)) ?? row;
      } catch (err) {
        deps.log?.warn(
          { botId: row.id, err: err instanceof Error ? err.message : String(err) },
          'new bot could not be started',
        );
      }
      return presentOne(row);
    },

    /** Sets the webhook and marks the bot active. Refused while its subscription is expired or cancelled. */
    async start(actor: Actor, botId: string): Promise<Bot> {
      const row = await mustFind(actor.vendorId, botId);
      const subs = await repo.currentSubscriptions(db, actor.vendorId, [botId]);
      if (!isSubscriptionLive(subscriptionOf(subs.get(botId), now()))) {
        throw new AppError('VALIDATION_FAILED', 'Subscription expired. Renew it to start the bot.');
      }
      const started = await setWebhook(row, secrets.decrypt(row.tokenCiphertext));
      const updated = await repo.updateBot(db, actor.vendorId, botId, started);
      if (!updated) throw new AppError('BOT_NOT_FOUND');
      await logActivity(actor, botId, 'bot.started', 'Bot started', row.username);
      return presentOne(updated);
    },

    /** Removes the webhook and marks the bot inactive. A revoked token (401) cannot receive updates anyway. */
    async stop(actor: Actor, botId: string): Promise<Bot> {
      const row = await mustFind(actor.vendorId, botId);
      try {
        await botApi.deleteWebhook(secrets.decrypt(row.tokenCiphertext));
      } catch (err) {
        if (!isUnknownTokenError(err)) telegramFailure(err);
      }
      const updated = await repo.updateBot(db, actor.vendorId, botId, {
        isActive: false,
        webhookUrl: null,
        webhookSecretCiphertext: null,
      });
      if (!updated) throw new AppError('BOT_NOT_FOUND');
      await logActivity(actor, botId, 'bot.stopped', 'Bot stopped', row.username);
      return presentOne(updated);
    },

    /** Removes the webhook, then hides the bot (soft delete); its orders stay in the vendor's records. */
    async remove(actor: Actor, botId: string): Promise<void> {
      const row = await mustFind(actor.vendorId, botId);
      try {
        await botApi.deleteWebhook(secrets.decrypt(row.tokenCiphertext));
      } catch (err) {
        if (!isUnknownTokenError(err)) telegramFailure(err);
      }
      await db.transaction(async (tx) => {
        const deleted = await repo.updateBot(tx, actor.vendorId, botId, {
          deletedAt: now(),
          isActive: false,
          webhookUrl: null,
          webhookSecretCiphertext: null,
        });
        if (!deleted) throw new AppError('BOT_NOT_FOUND');
        await repo.insertActivity(tx, {
          vendorId: actor.vendorId,
          botId,
          actorTelegramId: actor.telegramId,
          type: 'bot',
          action: 'bot.deleted',
          title: 'Bot deleted',
          description: `@${row.username}`,
          link: `/bots/${botId}`,
        });
      });
    },

    async getDetail(vendorId: string, botId: string): Promise<BotDetail> {
      return presentDetail(await mustFind(vendorId, botId));
    },

    /**
     * Changes what the body names. A new token must belong to the same Telegram bot; when the bot is active
     * its webhook is set again with the new token before the token is stored.
     */
    async updateDetail(actor: Actor, botId: string, body: UpdateBotDetailBody): Promise<BotDetail> {
      const row = await mustFind(actor.vendorId, botId);
      const set: Partial<typeof row> = {};
      if (body.name !== undefined) set.name = body.name;
      if (body.description !== undefined) set.description = body.description || null;
      if (body.category !== undefined) set.category = body.category;
      if (body.settings) {
        const { language, currency, timezone, welcomeMessage, ...flags } = body.settings;
        if (language !== undefined) set.language = language;
        if (currency !== undefined) set.currency = currency;
        if (timezone !== undefined) set.timezone = timezone;
        if (welcomeMessage !== undefined) set.welcomeMessage = welcomeMessage;
        set.settings = { ...row.settings, ...flags };
      }
      if (body.integrations) set.integrations = { ...row.integrations, ...body.integrations };

      const newToken = body.token?.trim();
      if (newToken && sha256Hex(newToken) !== row.tokenHash) {
        const tokenHash = sha256Hex(newToken);
        if (await repo.tokenHashTaken(db, tokenHash, botId))
          throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
        const me = await getMeOrThrow(newToken);
        if (me.id !== row.telegramBotId) throw new AppError('BOT_TOKEN_MISMATCH');
        if (me.username && me.username !== row.username) {
          if (await repo.usernameTaken(db, me.username, botId)) throw new AppError('BOT_USERNAME_TAKEN');
          set.username = me.username;
        }
        if (row.isActive) Object.assign(set, await setWebhook(row, newToken));
        set.tokenCiphertext = secrets.encrypt(newToken);
        set.tokenHash = tokenHash;
      }

      let updated: repo.BotRow | undefined;
      try {
        updated = await db.transaction(async (tx) => {
          const changed = await repo.updateBot(tx, actor.vendorId, botId, set);
          if (!changed) throw new AppError('BOT_NOT_FOUND');
          await repo.insertActivity(tx, {
            vendorId: actor.vendorId,
            botId,
            actorTelegramId: actor.telegramId,
            type: 'bot',
            action: 'bot.updated',
            title: 'Bot updated',
            description: `@${changed.username}`,
            link: `/bots/${botId}`,
            metadata: { fields: Object.keys(body) },
          });
          return changed;
        });
      } catch (err) {
        conflictFromUnique(err);
      }
      return presentDetail(updated);
    },

    /** Whether a webhook request carries the secret this bot's webhook was set with (constant-time). */
    async checkWebhookSecret(botId: string, given: string | undefined): Promise<boolean> {
      const sealed = await repo.findWebhookSecret(db, botId);
      if (!sealed || !given) return false;
      return constantTimeEqual(secrets.decrypt(sealed), given);
    },
  };
}

export type BotsService = ReturnType<typeof createBotsService>;

// Hashing first gives equal lengths, so the comparison time says nothing about the secret's length either.
function constantTimeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}
