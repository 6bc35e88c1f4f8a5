import { Composer } from 'grammy';
import type { ShopContext } from '../context';

/**
 * A stopped bot, or one whose subscription ran out, answers one line and nothing else: no catalogue, no
 * checkout, no payment is taken. A successful_payment still goes through: Telegram took the money (the shop
 * said yes to its pre-checkout while still open), so it must be recorded and delivered.
 */
export const closedShop = new Composer<ShopContext>();

closedShop.use(async (ctx, next) => {
  if (ctx.shop.isOpen || ctx.message?.successful_payment) return next();
  const line = ctx.say('shopClosed');
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: line });
  else if (ctx.preCheckoutQuery) await ctx.answerPreCheckoutQuery(false, { error_message: line });
  else if (ctx.chat?.type === 'private' && ctx.message) await ctx.reply(line);
});
