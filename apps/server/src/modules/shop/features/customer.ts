import { Composer } from 'grammy';
import type { ShopCustomer, TelegramShopper } from '../../customers/customers.service';
import type { ShopContext } from '../context';

export type CustomerDeps = {
  customers: {
    /** The customer a Telegram user is in this shop, created or brought up to date (customers module). */
    fromTelegram(
      shop: { vendorId: string; botId: string; botUsername: string },
      user: TelegramShopper,
    ): Promise<ShopCustomer>;
  };
};

/**
 * Every private update comes from a customer: they are created or brought up to date from their Telegram
 * profile (vendor-wide, a member of this bot) before any feature runs, and the features find them on
 * `ctx.customer` (and their id on `ctx.customerId`). This is the update's one lookup of the customer: costs
 * one query when nothing changed.
 */
export function customerFeature(deps: CustomerDeps) {
  const feature = new Composer<ShopContext>();
  feature.use(async (ctx, next) => {
    ctx.customer = null;
    const user = ctx.from;
    // A callback query's chat is its message's; payment queries have none (they are the buyer's own).
    if (user && !user.is_bot && (ctx.chat === undefined || ctx.chat.type === 'private')) {
      const { shop } = ctx;
      ctx.customer = await deps.customers.fromTelegram(
        { vendorId: shop.vendorId, botId: shop.botId, botUsername: shop.username },
        user,
      );
      ctx.customerId = ctx.customer.id;
    }
    await next();
  });
  return feature;
}
