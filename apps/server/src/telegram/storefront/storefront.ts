import { autoRetry } from '@grammyjs/auto-retry';
import { Bot, type Context } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { ShopBot } from '../../modules/bots/bots.service';
import type { ShopContext } from './context';
import { closedShop } from './features/closed-shop';
import { type StartDeps, startFeature } from './features/start';
import { shopText } from './texts';

export type StorefrontLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type StorefrontDeps = StartDeps & {
  /** The Bot API root the shop bots call (Telegram, or the fake in tests and demo mode). */
  apiRoot: string;
  /** The bot as the runtime serves it, read on every update (a stopped bot closes at once). */
  shopOf(botId: string): Promise<ShopBot | undefined>;
  log: StorefrontLog;
  /** How many bots stay built in memory; the least recently used goes first. */
  maxCachedBots?: number;
};

export type Storefront = {
  /** Serves one update of a shop bot. Never throws: a failure is logged and the customer told politely. */
  handleUpdate(botId: string, update: Update): Promise<void>;
  /** Drops a bot's built instance, so the next update builds it again from what is stored. */
  forget(botId: string): void;
};

type Built = { bot: Bot<ShopContext>; token: string };

/**
 * The shop runtime: one grammY Bot per vendor bot, built from its stored token and kept in a bounded cache,
 * one Composer per feature. The shop itself (open or not, its settings) is read from the database on every
 * update, so several server processes can serve one bot and a change in the back-office applies at once.
 */
export function createStorefront(deps: StorefrontDeps): Storefront {
  const maxCached = deps.maxCachedBots ?? 500;
  const built = new Map<string, Built>();
  // The shop an update is being served for; the bot's first middleware puts it on the context.
  const shopOfUpdate = new WeakMap<Update, ShopBot>();

  function build(shop: ShopBot): Built {
    const bot = new Bot<ShopContext>(shop.token, {
      botInfo: botInfoOf(shop),
      client: { apiRoot: deps.apiRoot },
    });
    // Telegram answers 429 with retry_after: wait that long (up to a limit) rather than fail the customer.
    bot.api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 10 }));
    bot.use(async (ctx, next) => {
      const current = shopOfUpdate.get(ctx.update);
      if (!current) return;
      ctx.shop = current;
      ctx.say = (key, params) => shopText(current.language, key, params);
      await next();
    });
    bot.use(closedShop);
    bot.use(startFeature(deps));
    bot.catch(async (error) => {
      const ctx = error.ctx;
      deps.log.error(
        { err: error.error, botId: ctx.shop?.botId, updateId: ctx.update.update_id },
        'shop bot failed to handle an update',
      );
      await apologise(ctx).catch(() => undefined);
    });
    return { bot, token: shop.token };
  }

  function botFor(shop: ShopBot): Bot<ShopContext> {
    const cached = built.get(shop.botId);
    // A replaced token means a new Bot: the old one would call Telegram with a token that no longer works.
    if (cached && cached.token === shop.token) {
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

  return {
    async handleUpdate(botId, update) {
      try {
        const shop = await deps.shopOf(botId);
        if (!shop) return;
        shopOfUpdate.set(update, shop);
        await botFor(shop).handleUpdate(update);
      } catch (err) {
        // bot.catch has answered errors of the features; this is the runtime itself (the database, say).
        deps.log.error({ err, botId, updateId: update.update_id }, 'shop runtime failed');
      }
    },
    forget(botId) {
      built.delete(botId);
    },
  };
}

async function apologise(ctx: Context & Partial<ShopContext>) {
  if (!ctx.say) return;
  const text = ctx.say('somethingWentWrong');
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
  else if (ctx.chat?.type === 'private') await ctx.reply(text);
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
