import { createHash, timingSafeEqual } from 'node:crypto';
import { Bot, BotError, type Context, GrammyError, HttpError, type WebhookReplyEnvelope } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import { botApiFetch } from '../../lib/telegram/bot-api-fetch';
import { type RetryPolicy, retryTransformer } from '../../lib/telegram/retry';
import { type TelegramThrottle, telegramThrottle } from '../../lib/telegram/throttle';
import type { ShopBot, ShopRuntime } from '../bots/bot-runtime.service';
import { CAMPAIGN_TEXTS } from '../campaigns/campaigns.service';
import { cachedCatalogue } from './catalogue-cache';
import type { ShopContext } from './context';
import { type CartDeps, cartFeature } from './features/cart';
import { type CatalogueDeps, catalogueFeature } from './features/catalogue';
import { type CheckoutDeps, checkoutFeature } from './features/checkout';
import { closedShopFeature } from './features/closed-shop';
import { type CustomerDeps, customerFeature } from './features/customer';
import { type FiltersDeps, filtersFeature } from './features/filters';
import {
  type DeliveryChannel,
  type OwedDelivery,
  type PaymentDeps,
  paymentFeature,
} from './features/payment';
import { type PromotionsDeps, promotionsFeature } from './features/promotions';
import { type ReviewsDeps, reviewsFeature } from './features/reviews';
import { type StartDeps, startFeature } from './features/start';
import { type StoreDeps, storeFeature, storeNameOf } from './features/store';
import { type SupportDeps, supportFeature } from './features/support';
import { shopText } from './texts';

export type StorefrontLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type StorefrontDeps = StartDeps &
  StoreDeps &
  Omit<CatalogueDeps, 'productCard'> &
  PaymentDeps &
  FiltersDeps &
  CustomerDeps &
  CartDeps &
  CheckoutDeps &
  SupportDeps &
  ReviewsDeps &
  PromotionsDeps & {
    /** The Bot API root the shop bots call (Telegram, or the fake in tests and demo mode). */
    apiRoot: string;
    /** Records that the runtime could not answer an update (bot.error); `error` names what failed, briefly. */
    recordError(shop: ShopBot, updateId: number, error: string): Promise<void>;
    log: StorefrontLog;
    /** How many bots stay built in memory; the least recently used goes first. */
    maxCachedBots?: number;
    /** Paces the bots' outgoing messages (by default the process's one throttle, at Telegram's limits). */
    throttle?: TelegramThrottle;
    /** How a call Telegram failed for a moment is tried again (by default Telegram's: lib/telegram/retry.ts). */
    retry?: RetryPolicy;
    /**
     * The bot as the runtime serves it, read on every update in one query, never kept: a stopped bot (its
     * webhook secret gone) or an expired one closes at once. `cacheClearedAt`: when the vendor last pressed
     * "clear cache" on the token screen; what was built or read before is dropped.
     */
    shopRuntimeOf(botId: string): Promise<ShopRuntime | undefined>;
    /**
     * How long (ms) a built bot reuses what it read of the catalogue (categories, pages, product cards); 0 (the
     * default) reads it for every update. "Clear cache" drops it at once.
     */
    catalogueCacheMs?: number;
    /**
     * The vendor's data generation, moved on by every change of theirs in any server process
     * (lib/vendor-changes.ts): a kept catalogue read from an older generation is read again.
     */
    vendorGeneration?: (vendorId: string) => number;
  };

/** A bot failing on every update records one bot.error a minute, not one per update. */
const ERROR_EVENT_INTERVAL_MS = 60_000;

/**
 * What the webhook answers Telegram once an update is served: `call`, one Bot API call for Telegram to make
 * (its JSON with the `method`), or null.
 */
export type WebhookAnswer = { call: string | null };

/**
 * The one call a shop bot makes in its webhook's answer instead of over HTTP: the answer to a callback query
 * (Telegram allows one call there; its result is only ever `true`, and a customer's every tap needs one), so a
 * tap costs one request to Telegram instead of two. Nothing that needs the call's result or its failure goes
 * there (a message's id, a 403 from a customer who blocked the bot).
 */
const WEBHOOK_REPLY_METHODS = new Set(['answerCallbackQuery']);

export type Storefront = {
  /**
   * Serves an update Telegram delivered to the bot's webhook when `secret` is the one the webhook was set with
   * (compared in constant time, before the update is looked at); null, serving nothing, when it is not, or the
   * bot is unknown or stopped. Answers once the update is served (so Telegram's max_connections bounds the
   * updates in work), with the callback query's answer when the bot gave one. Throws only when the bot cannot
   * be read (the webhook then fails and Telegram delivers the update again); a failure of the shop itself is
   * logged and the customer told politely.
   */
  serveWebhookUpdate(
    botId: string,
    secret: string | undefined,
    update: Update,
  ): Promise<WebhookAnswer | null>;
  /** Serves one update of a shop bot. Never throws: a failure is logged and the customer told politely. */
  handleUpdate(botId: string, update: Update): Promise<void>;
  /** Drops a bot's built instance in this process, so the next update builds it again from what is stored. */
  forget(botId: string): void;
  /**
   * The `shop.deliver` job's run: sends what a paid order owes its customer, through the bot, to their chat.
   * Throws when Telegram fails (the job retries); on the `last` attempt the failure is recorded first
   * (order.delivery_failed), which tells the vendor.
   */
  deliverOwed(owed: OwedDelivery, attempt: { last: boolean }): Promise<void>;
  /**
   * Sends a text (with inline buttons) through the shop bot to a customer's chat, paced like every shop message:
   * the support inbox's replies and rating prompt. Never throws: Telegram's refusal is answered (`blocked` when
   * the customer blocked the bot), and a bot that is gone or not the vendor's is a failure.
   */
  sendToChat(
    q: { vendorId: string; botId: string; chatId: number },
    text: string,
    buttons?: { text: string; callback_data: string }[][],
  ): Promise<{ ok: true } | { ok: false; blocked: boolean; error: string }>;
  /** The support rating prompt in the shop's language, naming the store. */
  ratingPromptOf(botId: string): Promise<string>;
  /**
   * Sends the bot's due abandoned-cart reminders: one per cart left unchanged for `hours`, with a button back to
   * the cart. Each cart is marked before its reminder goes, so none gets two. Answers how many went.
   */
  remindAbandonedCarts(bot: { vendorId: string; botId: string; hours: number }, now: Date): Promise<number>;
};

type Built = { bot: Bot<ShopContext>; token: string; builtAt: Date };

/**
 * The shop runtime: one grammY Bot per vendor bot, built from its stored token and kept in a bounded cache,
 * one Composer per feature. The shop itself (open or not, its webhook secret) is read from the database on every
 * update, so several server processes can serve one bot and a stop or an expiry applies at once; what the
 * customers see of the catalogue may be kept up to `catalogueCacheMs`.
 */
export function createStorefront(deps: StorefrontDeps): Storefront {
  const maxCached = deps.maxCachedBots ?? 500;
  const built = new Map<string, Built>();
  // The shop an update is being served for; the bot's first middleware puts it on the context.
  const shopOfUpdate = new WeakMap<Update, ShopBot>();

  // The features hold no state of their own (the conversation is in the database): built once, shared by bots.
  const payment = paymentFeature(deps);
  const customer = customerFeature(deps);
  const cart = cartFeature(deps);
  const checkout = checkoutFeature(deps, payment);
  const filters = filtersFeature(deps);
  const closedShop = closedShopFeature(deps);
  const store = storeFeature(deps);
  const support = supportFeature(deps);
  const throttle = deps.throttle ?? telegramThrottle;
  const errorRecordedAt = new Map<string, number>();

  /** Records a bot.error for the vendor's trail, at most once a minute per bot; never throws. */
  async function recordError(shop: ShopBot, updateId: number, error: unknown) {
    const at = Date.now();
    if (at - (errorRecordedAt.get(shop.botId) ?? 0) < ERROR_EVENT_INTERVAL_MS) return;
    errorRecordedAt.set(shop.botId, at);
    await deps.recordError(shop, updateId, describeError(error)).catch((err: unknown) => {
      deps.log.warn({ err, botId: shop.botId }, 'could not record a bot error');
    });
  }

  function build(shop: ShopBot): Built {
    // Each built bot keeps its own reads, so a rebuild ("clear cache", a new token) starts from none.
    const catalogue = cachedCatalogue(deps.catalogue, deps.catalogueCacheMs ?? 0, {
      ...(deps.vendorGeneration ? { generationOf: deps.vendorGeneration } : {}),
    });
    const bot = new Bot<ShopContext>(shop.token, {
      botInfo: botInfoOf(shop),
      client: {
        apiRoot: deps.apiRoot,
        fetch: botApiFetch as unknown as typeof fetch,
        canUseWebhookReply: (method) => WEBHOOK_REPLY_METHODS.has(method),
      },
    });
    // Messages keep Telegram's pace (per chat, per bot). Then the retry, installed last so it wraps the throttle:
    // on a 429 it waits retry_after (up to a limit) and its new try queues behind the throttle like any message.
    bot.api.config.use(throttle.transformer(shop.token));
    bot.api.config.use(retryTransformer(deps.retry));
    bot.use(async (ctx, next) => {
      const current = shopOfUpdate.get(ctx.update);
      if (!current) return;
      ctx.shop = current;
      ctx.customerId = null;
      ctx.say = (key, params) => shopText(current.language, key, params);
      await next();
    });
    bot.use(closedShop);
    bot.use(customer);
    // Customer text meets the content filters before any feature reads it (checkout steps, search).
    bot.use(filters);
    bot.use(payment.composer);
    bot.use(cart.composer);
    bot.use(checkout);
    bot.use(store);
    // After checkout (its steps read the customer's text first), before the catalogue's search.
    bot.use(reviewsFeature(deps));
    bot.use(support);
    bot.use(promotionsFeature(deps));
    // Deep links (/start product_<id>) before the plain /start.
    bot.use(catalogueFeature({ ...deps, catalogue, productCard: cart.productCard }));
    bot.use(startFeature(deps));
    return { bot, token: shop.token, builtAt: new Date() };
  }

  // The error boundary. Not bot.catch: grammY calls that only when it polls for updates itself, while
  // handleUpdate (webhooks) throws a feature's error as a BotError to its caller.
  async function featureFailed(error: BotError<ShopContext>) {
    const ctx = error.ctx;
    deps.log.error(
      { err: error.error, botId: ctx.shop?.botId, updateId: ctx.update.update_id },
      'shop bot failed to handle an update',
    );
    await apologise(ctx).catch(() => undefined);
    if (ctx.shop) await recordError(ctx.shop, ctx.update.update_id, error.error);
  }

  async function deliverOwed(owed: OwedDelivery, attempt: { last: boolean }): Promise<void> {
    const runtime = await deps.shopRuntimeOf(owed.botId);
    // A deleted bot has no token to send with any more: nothing to retry.
    if (!runtime || runtime.shop.vendorId !== owed.vendorId) return;
    const { shop } = runtime;
    const bot = botFor(shop, runtime.cacheClearedAt);
    const channel: DeliveryChannel = {
      say: (key, params) => shopText(shop.language, key, params),
      language: shop.language,
      send: (text, extra) => bot.api.sendMessage(owed.chatId, text, extra ?? {}),
    };
    try {
      await payment.deliverOwed(channel, owed);
    } catch (err) {
      if (attempt.last) {
        const error = err instanceof Error ? err.message : String(err);
        await deps.shopPayments.noteDeliveryTrouble(owed, owed.orderId, 'failed', error);
      }
      throw err;
    }
  }

  function botFor(shop: ShopBot, clearedAt: Date | null): Bot<ShopContext> {
    const cached = built.get(shop.botId);
    // A replaced token means a new Bot: the old one would call Telegram with a token that no longer works.
    const stale =
      !cached || cached.token !== shop.token || (clearedAt !== null && clearedAt >= cached.builtAt);
    if (cached && !stale) {
      built.delete(shop.botId);
      built.set(shop.botId, cached);
      return cached.bot;
    }
    const fresh = build(shop);
    built.set(shop.botId, fresh);
    while (built.size > maxCached) {
      const oldest = built.keys().next().value;
      if (oldest === undefined) break;
      built.delete(oldest);
    }
    return fresh.bot;
  }

  /** `webhookReply`: where the bot's one call made in the webhook's answer goes (webhooks only). */
  async function serve(
    runtime: ShopRuntime,
    update: Update,
    webhookReply?: WebhookReplyEnvelope,
  ): Promise<void> {
    try {
      shopOfUpdate.set(update, runtime.shop);
      await botFor(runtime.shop, runtime.cacheClearedAt).handleUpdate(update, webhookReply);
    } catch (err) {
      if (err instanceof BotError) return featureFailed(err as BotError<ShopContext>);
      // The runtime itself failed (building the bot, say): nobody to answer.
      deps.log.error({ err, botId: runtime.shop.botId, updateId: update.update_id }, 'shop runtime failed');
    }
  }

  return {
    async serveWebhookUpdate(botId, secret, update) {
      const runtime = await deps.shopRuntimeOf(botId);
      if (!runtime?.webhookSecret || secret === undefined || !sameSecret(runtime.webhookSecret, secret)) {
        return null;
      }
      const answer: WebhookAnswer = { call: null };
      await serve(runtime, update, {
        send: (call) => {
          answer.call = call;
        },
      });
      return answer;
    },
    async handleUpdate(botId, update) {
      let runtime: ShopRuntime | undefined;
      try {
        runtime = await deps.shopRuntimeOf(botId);
      } catch (err) {
        // The runtime itself failed (reading the shop from the database, say): nobody to answer.
        deps.log.error({ err, botId, updateId: update.update_id }, 'shop runtime failed');
      }
      if (runtime) await serve(runtime, update);
    },
    forget(botId) {
      built.delete(botId);
    },
    deliverOwed,
    async sendToChat(q, text, buttons) {
      const runtime = await deps.shopRuntimeOf(q.botId).catch(() => undefined);
      if (!runtime || runtime.shop.vendorId !== q.vendorId) {
        return { ok: false, blocked: false, error: 'bot unavailable' };
      }
      const bot = botFor(runtime.shop, runtime.cacheClearedAt);
      try {
        await bot.api.sendMessage(
          q.chatId,
          text,
          buttons ? { reply_markup: { inline_keyboard: buttons } } : {},
        );
        return { ok: true };
      } catch (err) {
        // Telegram answers 403 when the customer blocked the bot (or deleted their account).
        if (err instanceof GrammyError) {
          return {
            ok: false,
            blocked: err.error_code === 403,
            error: `${err.error_code} ${err.description}`,
          };
        }
        return {
          ok: false,
          blocked: false,
          error: err instanceof HttpError ? 'Telegram unreachable' : 'internal',
        };
      }
    },
    async ratingPromptOf(botId) {
      const runtime = await deps.shopRuntimeOf(botId);
      if (!runtime) return shopText('en', 'supportRatePrompt', { shop: '' });
      const shop = storeNameOf(await deps.storeOf(botId), runtime.shop);
      return shopText(runtime.shop.language, 'supportRatePrompt', { shop });
    },
    async remindAbandonedCarts({ vendorId, botId, hours }, now) {
      const runtime = await deps.shopRuntimeOf(botId);
      if (
        !runtime ||
        runtime.shop.vendorId !== vendorId ||
        !runtime.shop.isOpen ||
        runtime.shop.maintenance
      ) {
        return 0;
      }
      const { shop } = runtime;
      const bot = botFor(shop, runtime.cacheClearedAt);
      const texts = CAMPAIGN_TEXTS[shop.language];
      const before = new Date(now.getTime() - hours * 3_600_000);
      let sent = 0;
      for (;;) {
        const due = await deps.sessions.claimDueCarts(vendorId, botId, before, 100);
        for (const chatId of due) {
          try {
            await bot.api.sendMessage(chatId, texts.cartReminder, {
              reply_markup: { inline_keyboard: [[{ text: texts.cartButton, callback_data: 'cart' }]] },
            });
            sent += 1;
          } catch (err) {
            // A customer who blocked the bot, say: that cart's one reminder is spent either way.
            deps.log.warn({ err, botId }, 'abandoned-cart reminder not sent');
          }
        }
        if (due.length < 100) return sent;
      }
    },
  };
}

// Hashing first gives equal lengths, so the comparison time says nothing about the secret's length either.
function sameSecret(expected: string, given: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

async function apologise(ctx: Context & Partial<ShopContext>) {
  if (!ctx.say) return;
  const text = ctx.say('somethingWentWrong');
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
  else if (ctx.chat?.type === 'private') await ctx.reply(text);
}

/** What failed, for the vendor's trail: Telegram's own refusal, or just "internal" (never a stack or a query). */
function describeError(error: unknown): string {
  if (error instanceof GrammyError) return `${error.method}: ${error.error_code} ${error.description}`;
  if (error instanceof HttpError) return 'Telegram unreachable';
  return 'internal';
}

function botInfoOf(shop: ShopBot): UserFromGetMe {
  return {
    id: shop.telegramBotId,
    is_bot: true,
    first_name: shop.name,
    username: shop.username,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}
