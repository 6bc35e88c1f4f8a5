import { Composer, InlineKeyboard } from 'grammy';
import type { ShopContext } from '../context';

export type StartDeps = {
  /** Whether this Telegram user is the vendor (or their staff): they also get a way into the back-office. */
  isVendorMember(vendorId: string, telegramId: number): Promise<boolean>;
  /** `https://t.me/<platform bot>?startapp=bot_<id>`, or null when the platform bot is not known. */
  backOfficeLink(botId: string): Promise<string | null>;
};

/** /start: the vendor's welcome message with its buttons (deep links such as product_<id> come first). */
export function startFeature(deps: StartDeps) {
  const feature = new Composer<ShopContext>();

  feature.command('start', async (ctx) => {
    const { shop } = ctx;
    const text = shop.welcomeMessage?.trim() || ctx.say('welcomeFallback', { shop: shop.name });
    const keyboard = new InlineKeyboard().text(ctx.say('browseCatalogue'), 'catalogue');
    if (ctx.from && (await deps.isVendorMember(shop.vendorId, ctx.from.id))) {
      const link = await deps.backOfficeLink(shop.botId);
      if (link) keyboard.row().url(ctx.say('openBackOffice'), link);
    }
    await ctx.reply(text, { reply_markup: keyboard });
  });

  return feature;
}
