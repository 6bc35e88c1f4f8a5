import type { Bot } from '@app/contracts/bots';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { randomToken, type Secrets } from '../../lib/secrets';
import { type BotApi, isUnknownTokenError } from '../../lib/telegram/bot-api';
import { recordEvent } from '../events/record-event';
import { isSubscriptionLive, type SubscriptionsService } from '../subscriptions/subscriptions.service';
import { botEvent, type ChangedBy, conflictFailure, mustFindBot, previousValues } from './bot-changes';
import { errorText, telegramFailure } from './bot-telegram';
import { type BotViewDeps, presentBot } from './bot-view';
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

/** What the buttons of the bots screens need: starting and stopping, the subscription, and the bot's figures. */
export type BotLifecycleDeps = BotStartDeps &
  BotViewDeps & {
    subscriptions: Pick<SubscriptionsService, 'currentOf' | 'beginPlan'>;
    now?: () => Date;
  };

/** Why the system stopped a bot whose subscription ended (bots.stopped_reason, the bot.stopped event). */
const EXPIRED = 'subscription.expired';

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

/** Where Telegram sends the bot's updates. */
export const webhookUrlOf = (deps: Pick<BotStartDeps, 'publicUrl'>, botId: string) =>
  `${deps.publicUrl}/telegram/webhook/${botId}`;

/**
 * Has Telegram send the bot's updates here with a fresh secret. Store first: the secret (with `alongside`,
 * say a new token) is saved before Telegram is asked, so every update sent with it finds it. When Telegram
 * refuses, the previous values are put back and the refusal is thrown: nothing changed.
 */
export async function pointWebhookHere(
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
export async function startBot(
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

/** Sets the webhook and marks the bot active. Refused while its subscription is expired or cancelled. */
export async function startBotFor(deps: BotLifecycleDeps, actor: Actor, botId: string): Promise<Bot> {
  const row = await mustFindBot(deps.db, actor.vendorId, botId);
  const subscriptionOf = await deps.subscriptions.currentOf(actor.vendorId, [botId]);
  if (!isSubscriptionLive(subscriptionOf(botId))) throw new AppError('SUBSCRIPTION_EXPIRED');
  return presentBot(deps, await startBot(deps, actor, row, deps.secrets.decrypt(row.tokenCiphertext)));
}

/** Marks the bot inactive and refuses its updates, then removes its webhook on Telegram. */
export async function stopBotFor(deps: BotLifecycleDeps, actor: Actor, botId: string): Promise<Bot> {
  const row = await mustFindBot(deps.db, actor.vendorId, botId);
  return presentBot(deps, await stopBot(deps, actor, row, { action: 'bot.stopped' }));
}

/** Why the system stopped a bot of an account being deleted (restarted if the owner signs in within 30 days). */
const ACCOUNT_DELETION = 'account.deletion';

/** Stops a running bot of an account being deleted (customers find the shop closed), marked so that a
 * cancelled deletion starts it again. A bot already stopped is left as it is (and stays stopped after). */
export async function pauseForAccountDeletion(deps: BotLifecycleDeps, actor: Actor, botId: string) {
  const row = await mustFindBot(deps.db, actor.vendorId, botId);
  if (!row.isActive) return;
  await stopBot(deps, actor, row, { action: 'bot.stopped', reason: ACCOUNT_DELETION });
}

/**
 * Starts again the bots the account's deletion stopped, once the owner's sign-in cancelled it. A bot whose
 * subscription ended meanwhile is handed to the expiry's care (a payment resumes it). One bot's refusal by
 * Telegram leaves it stopped (marked, so a later cancellation tries again) and the others go on.
 * Answers how many started.
 */
export async function resumeAfterDeletionCancelled(
  deps: BotLifecycleDeps,
  vendorId: string,
): Promise<number> {
  let started = 0;
  const paused = await repo.listStoppedFor(deps.db, vendorId, ACCOUNT_DELETION);
  const subscriptionOf = await deps.subscriptions.currentOf(
    vendorId,
    paused.map((b) => b.id),
  );
  for (const { id } of paused) {
    if (!isSubscriptionLive(subscriptionOf(id))) {
      await repo.claimStoppedBot(deps.db, vendorId, id, ACCOUNT_DELETION);
      await repo.releaseStoppedBot(deps.db, vendorId, id, EXPIRED);
      continue;
    }
    const row = await repo.claimStoppedBot(deps.db, vendorId, id, ACCOUNT_DELETION);
    if (!row) continue;
    try {
      await startBot(deps, { vendorId, telegramId: null }, row, deps.secrets.decrypt(row.tokenCiphertext), {
        reason: 'account.deletion_cancelled',
      });
      started += 1;
    } catch (err) {
      await repo.releaseStoppedBot(deps.db, vendorId, id, ACCOUNT_DELETION);
      deps.log?.warn(
        { botId: id, err: errorText(err) },
        'could not restart a bot after a cancelled deletion',
      );
    }
  }
  return started;
}

/** Stops the bot and hides it (soft delete); its orders stay in the vendor's records. */
export async function removeBot(deps: BotLifecycleDeps, actor: Actor, botId: string): Promise<void> {
  const row = await mustFindBot(deps.db, actor.vendorId, botId);
  await stopBot(deps, actor, row, { action: 'bot.deleted', deletedAt: deps.now?.() ?? new Date() });
}

/** A live bot's token, for calls made on its behalf elsewhere (billing's Stars reconciliation); null when none. */
export async function botTokenOf(
  deps: { db: Db; secrets: Pick<Secrets, 'decrypt'> },
  vendorId: string,
  botId: string,
): Promise<string | null> {
  const row = await repo.findBot(deps.db, vendorId, botId);
  return row && !row.deletedAt ? deps.secrets.decrypt(row.tokenCiphertext) : null;
}

/** Every running bot, of every vendor: who owns it and its id. */
export async function runningBotIds(deps: { db: Db }): Promise<{ vendorId: string; botId: string }[]> {
  const rows = await repo.listRunningBots(deps.db);
  return rows.map((r) => ({ vendorId: r.vendorId, botId: r.id }));
}
