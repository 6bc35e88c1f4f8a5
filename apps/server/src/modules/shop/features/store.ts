import type { StoreDetails } from '@app/contracts/settings';
import { Composer } from 'grammy';
import type { ShopBot } from '../../bots/bot-runtime.service';
import type { ShopContext } from '../context';

export type StoreDeps = {
  /** The store details the vendor saved (Settings → Store details); null for an unknown bot. */
  storeOf(botId: string): Promise<StoreDetails | null>;
};

/** The name customers know the shop by: the store name the vendor set, else the bot's name. */
export function storeNameOf(store: StoreDetails | null, shop: Pick<ShopBot, 'name'>): string {
  return store?.storeName || shop.name;
}

/** The contacts a customer may use, as the store details hold them (empty when none). */
export function contactsOf(store: StoreDetails | null) {
  return {
    supportEmail: store ? store.supportEmail || store.businessEmail : '',
    phoneNumber: store?.phoneNumber ?? '',
    website: store?.website ?? '',
    address: store?.address ?? '',
    workingHours: store?.workingHours ?? '',
  };
}

/** The store's contacts, one a line, in the shop's language; empty when it listed none. */
export function contactLines(ctx: Pick<ShopContext, 'say'>, store: StoreDetails | null): string[] {
  const c = contactsOf(store);
  const line = (key: Parameters<ShopContext['say']>[0], value: string) =>
    value ? [ctx.say(key, { value })] : [];
  return [
    ...line('contactEmail', c.supportEmail),
    ...line('contactPhone', c.phoneNumber),
    ...line('contactWebsite', c.website),
    ...line('contactAddress', c.address),
    ...line('contactHours', c.workingHours),
  ];
}

/** The shop's "About": its name, tagline, description and contacts (/info). */
export function aboutText(ctx: ShopContext, store: StoreDetails | null): string {
  const name = storeNameOf(store, ctx.shop);
  const blocks = [
    [name, store?.storeTagline ?? ''].filter(Boolean).join('\n'),
    store?.storeDescription ?? '',
    contactLines(ctx, store).join('\n'),
  ];
  return blocks.filter(Boolean).join('\n\n');
}

/**
 * What the shop says of itself: `/info` (and `/about`) answers its "About"; the welcome's `contact_support`
 * button answers the store's support contacts (until the shop has a support inbox of its own).
 */
export function storeFeature(deps: StoreDeps) {
  const feature = new Composer<ShopContext>();

  feature.command(['info', 'about'], async (ctx) => {
    await ctx.reply(aboutText(ctx, await deps.storeOf(ctx.shop.botId)));
  });

  feature.callbackQuery('support', async (ctx) => {
    await ctx.answerCallbackQuery();
    const store = await deps.storeOf(ctx.shop.botId);
    const shop = storeNameOf(store, ctx.shop);
    const lines = contactLines(ctx, store);
    await ctx.reply(
      lines.length > 0
        ? [ctx.say('supportIntro', { shop }), ...lines].join('\n')
        : ctx.say('noContacts', { shop }),
    );
  });

  return feature;
}
