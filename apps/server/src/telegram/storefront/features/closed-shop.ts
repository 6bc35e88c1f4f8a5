import { Composer } from 'grammy';
import type { ShopContext } from '../context';

/**
 * A stopped bot, or one whose subscription ran out, answers one line and nothing else: no catalogue, no
 * checkout, no payment is taken.
 */
export const closedShop = new Composer<ShopContext>();

closedShop.use(async (ctx, next) => {
  if (ctx.shop.isOpen) return next();
  const line = ctx.say('shopClosed');
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: line });
  else if (ctx.preCheckoutQuery) await ctx.answerPreCheckoutQuery(false, { error_message: line });
  else if (ctx.chat?.type === 'private' && ctx.message) await ctx.reply(line);
});
