import { Composer } from 'grammy';
import type { ShopContext } from '../context';
import { type StoreDeps, storeNameOf } from './store';

/**
 * A stopped bot, or one whose subscription ran out, answers one line and nothing else: no catalogue, no
 * checkout, no payment is taken. A bot in maintenance (its bot page's switch) does the same with its "we'll be
 * back soon" line. A successful_payment still goes through: Telegram took the money (the shop said yes to its
 * pre-checkout while still open), so it must be recorded and delivered.
 */
export function closedShopFeature(deps: StoreDeps) {
  const feature = new Composer<ShopContext>();

  feature.use(async (ctx, next) => {
    const { shop } = ctx;
    if ((shop.isOpen && !shop.maintenance) || ctx.message?.successful_payment) return next();
    const line = shop.isOpen
      ? ctx.say('maintenance', { shop: storeNameOf(await deps.storeOf(shop.botId), shop) })
      : ctx.say('shopClosed');
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: line, show_alert: shop.isOpen });
    else if (ctx.preCheckoutQuery) await ctx.answerPreCheckoutQuery(false, { error_message: line });
    else if (ctx.shippingQuery) await ctx.answerShippingQuery(false, { error_message: line });
    else if (ctx.chat?.type === 'private' && ctx.message) await ctx.reply(line);
  });

  return feature;
}
