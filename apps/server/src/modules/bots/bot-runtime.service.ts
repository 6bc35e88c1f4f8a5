import { BotCategory, BotLanguage, NEW_BOT_DEFAULTS } from '@app/contracts/bots';
import type { Language } from '@app/contracts/common';
import type { Conn, Db } from '../../db/types';
import type { Secrets } from '../../lib/secrets';
import { recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import { isSubscriptionLive, subscriptionOf } from '../subscriptions/subscriptions.service';
import * as repo from './bots.repository';

// What the platform reads of a bot to talk through it: the shop runtime (every update) and notifications.

/** A bot's stored language, English when it is not one the contracts know (built once: zod schemas cost to make). */
const StoredLanguage = BotLanguage.catch('en');
const StoredCategory = BotCategory.catch('general');

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
  /**
   * The bot page's maintenance switch: the shop answers every customer with its "we'll be back soon" line and
   * takes no orders (a payment Telegram already took still goes through and delivers).
   */
  maintenance: boolean;
  /** The bot page's analytics switch: the funnel (views, carts, checkouts) is counted only when on. */
  analyticsEnabled: boolean;
  /** The store's category (the bot page, the wizard): the shop's "About" says what kind of shop it is. */
  category: BotCategory;
};

/** The bot page's on/off switches (its settings tab), each its new-bot default when never set. */
export type BotSwitch =
  | 'orderNotifications'
  | 'stockAlerts'
  | 'customerNotifications'
  | 'analyticsEnabled'
  | 'maintenanceMode';

/** A switch of a bot's stored settings: its new-bot default when never set (or set to something odd). */
export function switchOn(settings: Record<string, unknown>, name: BotSwitch): boolean {
  const value = settings[name];
  return typeof value === 'boolean' ? value : NEW_BOT_DEFAULTS.settings[name];
}

/**
 * Whether a bot's switch is on, read inside the caller's transaction (notifications decide who is told as the
 * event is handled); undefined for a deleted or unknown bot.
 */
export async function botSwitchOf(
  db: Conn,
  vendorId: string,
  botId: string,
  name: BotSwitch,
): Promise<boolean | undefined> {
  const row = await repo.findBot(db, vendorId, botId);
  return row ? switchOn(row.settings, name) : undefined;
}

/** A bot's timezone (its settings tab; the store's working hours are read in it); undefined for a deleted bot. */
export async function botTimezoneOf(db: Conn, vendorId: string, botId: string): Promise<string | undefined> {
  return (await repo.findBot(db, vendorId, botId))?.timezone;
}

/** What the shop runtime reads for each update (see shopRuntimeOf). */
export type ShopRuntime = { shop: ShopBot; webhookSecret: string | null; cacheClearedAt: Date | null };

/** What the shop runtime's reads need: `decrypt` may be a cache (see decryptingOnce). */
export type BotRuntimeDeps = { db: Db; decrypt: (ciphertext: string) => string; now?: () => Date };

/**
 * `decrypt` that decrypts each ciphertext once: the runtime reads a bot's token and webhook secret for every
 * update (a new token or secret is a new ciphertext). Bounded; the oldest goes first.
 */
export function decryptingOnce(secrets: Pick<Secrets, 'decrypt'>): (ciphertext: string) => string {
  const decrypted = new Map<string, string>();
  return (ciphertext) => {
    let plain = decrypted.get(ciphertext);
    if (plain === undefined) {
      plain = secrets.decrypt(ciphertext);
      decrypted.set(ciphertext, plain);
      if (decrypted.size > 2000) decrypted.delete(decrypted.keys().next().value ?? '');
    }
    return plain;
  };
}

/**
 * The shop as the runtime serves one update, read in one query: the shop (as shopOf), the secret its webhook
 * was set with (null once stopped: every update is then refused) and when its cache was last cleared.
 */
export async function shopRuntimeOf(deps: BotRuntimeDeps, botId: string): Promise<ShopRuntime | undefined> {
  const row = await repo.findShopRuntime(deps.db, botId);
  if (!row) return undefined;
  const { bot } = row;
  const subscription = subscriptionOf(row.subscription, deps.now?.() ?? new Date());
  return {
    shop: {
      vendorId: bot.vendorId,
      botId: bot.id,
      token: deps.decrypt(bot.tokenCiphertext),
      telegramBotId: bot.telegramBotId,
      username: bot.username,
      name: bot.name,
      language: StoredLanguage.parse(bot.language),
      currency: bot.currency,
      isOpen: bot.isActive && isSubscriptionLive(subscription),
      maintenance: switchOn(bot.settings, 'maintenanceMode'),
      analyticsEnabled: switchOn(bot.settings, 'analyticsEnabled'),
      category: StoredCategory.parse(bot.category),
    },
    webhookSecret: bot.webhookSecretCiphertext ? deps.decrypt(bot.webhookSecretCiphertext) : null,
    cacheClearedAt: row.cacheClearedAt,
  };
}

/**
 * What the shop runtime needs to serve a bot's customers: its token and identity, its language and currency,
 * and whether it is open (running, with a live subscription). Undefined for a deleted or unknown bot.
 */
export async function shopOf(deps: BotRuntimeDeps, botId: string): Promise<ShopBot | undefined> {
  return (await shopRuntimeOf(deps, botId))?.shop;
}

/**
 * Records that the shop runtime failed to answer an update (bot.error). `error` names what failed (a Telegram
 * refusal's description, or "internal"), never a stack or a query.
 */
export async function recordBotError(
  db: Db,
  shop: Pick<ShopBot, 'vendorId' | 'botId' | 'username'>,
  updateId: number,
  error: string,
): Promise<void> {
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
