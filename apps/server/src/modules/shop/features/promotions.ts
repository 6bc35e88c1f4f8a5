import { Composer } from 'grammy';
import { CAMPAIGN_TEXTS, STOP_PROMOTIONS_DATA } from '../../campaigns/campaigns.service';
import type { ShopContext } from '../context';

export type PromotionsDeps = {
  customers: {
    /** "Stop promotions": no campaign of this bot reaches the customer again (customers module). */
    optOutOfPromotions(vendorId: string, botId: string, telegramId: number): Promise<boolean>;
  };
};

/** The "Stop promotions" button under every campaign message: the customer opts out of this bot's campaigns. */
export function promotionsFeature(deps: PromotionsDeps) {
  const feature = new Composer<ShopContext>();
  feature.callbackQuery(STOP_PROMOTIONS_DATA, async (ctx) => {
    await deps.customers.optOutOfPromotions(ctx.shop.vendorId, ctx.shop.botId, ctx.from.id);
    const texts = CAMPAIGN_TEXTS[ctx.shop.language];
    await ctx.answerCallbackQuery({ text: texts.stopped, show_alert: true });
    // The button has done its part: the message keeps the vendor's buttons only.
    const keyboard = ctx.callbackQuery.message?.reply_markup?.inline_keyboard ?? [];
    const kept = keyboard.filter(
      (row) => !row.some((b) => 'callback_data' in b && b.callback_data === STOP_PROMOTIONS_DATA),
    );
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: kept } }).catch(() => undefined);
  });
  return feature;
}
