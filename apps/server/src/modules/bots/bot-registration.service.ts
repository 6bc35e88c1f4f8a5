import type { Bot, NewBot } from '@app/contracts/bots';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/secrets';
import type { TelegramBotUser } from '../../lib/telegram/bot-api';
import { recordEvent } from '../events/record-event';
import type { ProductsService } from '../products/products.service';
import { botEvent, conflictFailure } from './bot-changes';
import {
  type BotLifecycleDeps,
  type BotStartDeps,
  pointWebhookHere,
  startBot,
} from './bot-lifecycle.service';
import { errorText, getMeOrThrow } from './bot-telegram';
import { presentBot } from './bot-view';
import * as repo from './bots.repository';

// Registering a bot with Telegram: a new bot from its token, and a new token for a bot already here. Both check
// the token is free, ask Telegram whose it is (getMe) and refuse a username another live bot holds.

/** What registering a bot needs: the lifecycle's, and the catalogue to keep "All bots" products off it. */
export type BotRegistrationDeps = BotLifecycleDeps & {
  products: Pick<ProductsService, 'countsByBot' | 'withholdAllBotsProducts'>;
};

/**
 * Inserts the bot (not yet running), its plan and its activity in one transaction. The vendor's "All bots"
 * products are sold through it too, unless the vendor opted out in the wizard: then they stay on the other bots.
 */
async function insertBot(
  deps: BotRegistrationDeps,
  actor: Actor,
  body: NewBot,
  me: TelegramBotUser,
  tokenHash: string,
) {
  try {
    return await deps.db.transaction(async (tx) => {
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
        tokenCiphertext: deps.secrets.encrypt(body.botToken),
        tokenHash,
        category: body.category,
        language: body.language,
        currency: body.currency,
        timezone: body.timezone,
        welcomeMessage: body.welcomeMessage,
        isActive: false,
        isVerified: true,
      });
      await deps.subscriptions.beginPlan(tx, { vendorId: actor.vendorId, botId: row.id, plan: body.plan });
      const withheld = body.sellAllBotsProducts
        ? []
        : await deps.products.withholdAllBotsProducts(tx, actor.vendorId, row.id);
      await recordEvent(
        tx,
        botEvent(actor, row, 'bot.created', {
          plan: body.plan,
          ...(withheld.length > 0 ? { allBotsProductsWithheld: withheld.length } : {}),
        }),
      );
      return row;
    });
  } catch (err) {
    return conflictFailure(err);
  }
}

/** Starts a bot just created. It exists whatever Telegram says now; the vendor can start it from its card. */
async function startNewBot(
  deps: BotLifecycleDeps,
  actor: Actor,
  row: repo.BotRow,
  token: string,
): Promise<repo.BotRow> {
  try {
    return await startBot(deps, actor, row, token);
  } catch (err) {
    deps.log?.warn({ botId: row.id, err: errorText(err) }, 'new bot could not be started');
    return row;
  }
}

/**
 * Registers a bot once Telegram confirms its token: the bot, its plan (FREE: first bot only; a paid plan:
 * a trial) and the activity in one transaction; then starts it when Telegram accepts the webhook.
 */
export async function createBot(deps: BotRegistrationDeps, actor: Actor, body: NewBot): Promise<Bot> {
  // A caller limited to some bots would create one outside their own scope: only the vendor's whole-shop
  // roles add bots.
  if (actor.botIds !== 'all') {
    throw new AppError('PERMISSION_DENIED', { botScope: 'limited' });
  }
  const tokenHash = sha256Hex(body.botToken);
  if (await repo.tokenHashTaken(deps.db, tokenHash)) throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
  const me = await getMeOrThrow(deps.botApi, body.botToken);
  if (await repo.usernameTaken(deps.db, me.username ?? '')) throw new AppError('BOT_USERNAME_TAKEN');
  const row = await insertBot(deps, actor, body, me, tokenHash);
  return presentBot(deps, await startNewBot(deps, actor, row, body.botToken));
}

/**
 * Checks a new token is free and belongs to the same Telegram bot; answers the columns that store it. A
 * running bot's webhook is set again with it first (stored before Telegram is asked, put back on refusal).
 */
export async function replaceToken(
  deps: BotStartDeps,
  row: repo.BotRow,
  token: string,
): Promise<repo.BotChanges> {
  const tokenHash = sha256Hex(token);
  if (await repo.tokenHashTaken(deps.db, tokenHash, row.id))
    throw new AppError('BOT_TOKEN_ALREADY_REGISTERED');
  const me = await getMeOrThrow(deps.botApi, token);
  if (me.id !== row.telegramBotId) throw new AppError('BOT_TOKEN_MISMATCH');
  const username = me.username ?? row.username;
  if (username !== row.username && (await repo.usernameTaken(deps.db, username, row.id))) {
    throw new AppError('BOT_USERNAME_TAKEN');
  }
  const columns = { tokenCiphertext: deps.secrets.encrypt(token), tokenHash, username };
  if (row.isActive) await pointWebhookHere(deps, row, token, columns);
  return columns;
}
