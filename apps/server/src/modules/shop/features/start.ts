import { fillWelcome, type QuickReplyButton, type WelcomeMessage } from '@app/contracts/settings';
import { Composer, InlineKeyboard } from 'grammy';
import type { ShopContext } from '../context';
import { type StoreDeps, storeNameOf } from './store';

export type StartDeps = Pick<StoreDeps, 'storeOf'> & {
  /** The welcome text and quick-reply buttons the vendor saved (per-bot settings); null for an unknown bot. */
  welcomeOf(botId: string): Promise<WelcomeMessage | null>;
  /** Whether this Telegram user is the vendor (or their staff): they also get a way into the back-office. */
  isVendorMember(vendorId: string, telegramId: number): Promise<boolean>;
  /** `https://t.me/<platform bot>?startapp=bot_<id>`, or null when the platform bot is not known. */
  backOfficeLink(botId: string): Promise<string | null>;
  /** Absolute URL of a path of this server: the shop's Mini App (`/shop/{botId}`). */
  absoluteUrl(path: string): string;
};

/**
 * /start: the vendor's welcome message and quick-reply buttons (deep links come first), its placeholders
 * (`{first_name}`…) filled with the customer's Telegram profile. When the vendor named the store (Store details),
 * the greeting opens with that name and its tagline, so the customer meets the store, not the bot.
 */
export function startFeature(deps: StartDeps) {
  const feature = new Composer<ShopContext>();

  feature.command('start', async (ctx) => {
    const { shop } = ctx;
    const [welcome, store] = await Promise.all([deps.welcomeOf(shop.botId), deps.storeOf(shop.botId)]);
    const from = ctx.from;
    const greeting = welcome?.text.trim()
      ? fillWelcome(welcome.text.trim(), {
          first_name: from?.first_name ?? '',
          last_name: from?.last_name ?? '',
          username: from?.username ?? '',
        })
      : ctx.say('welcomeFallback', { shop: storeNameOf(store, shop) });
    // A welcome that already names the store ("Welcome to {store}!") needs no heading saying it again.
    const heading = store?.storeName ? [store.storeName, store.storeTagline].filter(Boolean).join('\n') : '';
    const text =
      heading && !greeting.includes(store?.storeName ?? '') ? `${heading}\n\n${greeting}` : greeting;
    const keyboard = new InlineKeyboard();
    const buttons = welcome?.buttons ?? [];
    if (buttons.length === 0) keyboard.text(ctx.say('browseCatalogue'), 'catalogue');
    // One button a row, as Telegram shows quick replies under a message.
    const miniAppUrl = deps.absoluteUrl(`/shop/${shop.botId}`);
    buttons.forEach((button, i) => {
      addQuickReply(i === 0 ? keyboard : keyboard.row(), button, miniAppUrl);
    });
    if (ctx.from && (await deps.isVendorMember(shop.vendorId, ctx.from.id))) {
      const link = await deps.backOfficeLink(shop.botId);
      if (link) keyboard.row().url(ctx.say('openBackOffice'), link);
    }
    await ctx.reply(text, { reply_markup: keyboard });
  });

  return feature;
}

// Callback data names what the button opens; the catalogue and store features answer them (support: the store's
// contacts, until the shop has a support inbox of its own).
function addQuickReply(keyboard: InlineKeyboard, button: QuickReplyButton, miniAppUrl: string): void {
  switch (button.action) {
    case 'open_url':
      keyboard.url(button.text, button.target);
      return;
    case 'open_category':
      keyboard.text(button.text, `cat:${button.target}`);
      return;
    case 'open_product':
      keyboard.text(button.text, `product:${button.target}`);
      return;
    case 'contact_support':
      keyboard.text(button.text, 'support');
      return;
    case 'open_catalog':
      keyboard.text(button.text, 'catalogue');
      return;
    case 'open_mini_app':
      // The shop's Mini App, opened inside Telegram (the same one the chat's menu button opens).
      keyboard.webApp(button.text, miniAppUrl);
      return;
  }
}
