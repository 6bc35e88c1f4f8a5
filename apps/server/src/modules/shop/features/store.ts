import type { BotCategory } from '@app/contracts/bots';
import { PolicyId } from '@app/contracts/policies';
import type { StoreDetails } from '@app/contracts/settings';
import { Composer, InlineKeyboard } from 'grammy';
import type { ShopBot } from '../../bots/bot-runtime.service';
import type { ShopContext } from '../context';
import { showInPlace } from '../in-place';

export type StoreDeps = {
  /** The store details the vendor saved (Settings → Store details); null for an unknown bot. */
  storeOf(botId: string): Promise<StoreDetails | null>;
  /** The bot's policy of that kind (Settings → Policies: its own, else the vendor's); '' when not written. */
  policyOf(vendorId: string, botId: string, kind: PolicyId): Promise<string>;
  /** Every policy the bot answers, written ones only, in order. */
  policiesOf(vendorId: string, botId: string): Promise<{ id: PolicyId; text: string }[]>;
  /** The vendor's FAQs, oldest first. */
  faqsOf(vendorId: string, botId: string): Promise<{ id: string; question: string; answer: string }[]>;
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

/** Each policy's name in the shop's language: the buttons of /info and the heading of the policy they open. */
const POLICY_LABEL = {
  terms: 'policyTerms',
  privacy: 'policyPrivacy',
  shipping: 'policyShipping',
  refunds: 'policyRefunds',
} as const satisfies Record<PolicyId, Parameters<ShopContext['say']>[0]>;

/** The shop's "About": its name, tagline, description and contacts (/info). */
// The store's category under its name, so a customer knows what kind of shop it is ("general" says nothing).
const CATEGORY_LABEL = {
  general: null,
  fashion: 'categoryFashion',
  electronics: 'categoryElectronics',
  groceries: 'categoryGroceries',
  health: 'categoryHealth',
  home: 'categoryHome',
  sports: 'categorySports',
  books: 'categoryBooks',
} as const satisfies Record<BotCategory, string | null>;

export function aboutText(ctx: ShopContext, store: StoreDetails | null): string {
  const name = storeNameOf(store, ctx.shop);
  const category = CATEGORY_LABEL[ctx.shop.category];
  const blocks = [
    [name, category ? ctx.say(category) : '', store?.storeTagline ?? ''].filter(Boolean).join('\n'),
    store?.storeDescription ?? '',
    contactLines(ctx, store).join('\n'),
  ];
  return blocks.filter(Boolean).join('\n\n');
}

/**
 * What the shop says of itself: `/info` (and `/about`) answers its "About" (with its contacts) and a button for
 * each policy it wrote; `/terms` its terms (Telegram asks bots that take payments to answer it), `/privacy` its
 * privacy policy (Telegram asks every bot to answer it); `/faq` its FAQs, a question a button.
 */
export function storeFeature(deps: StoreDeps) {
  const feature = new Composer<ShopContext>();

  feature.command(['info', 'about'], async (ctx) => {
    const { vendorId, botId } = ctx.shop;
    const [store, policies] = await Promise.all([deps.storeOf(botId), deps.policiesOf(vendorId, botId)]);
    const written = policies.map((p) => p.id);
    const about = aboutText(ctx, store);
    if (written.length === 0) {
      await ctx.reply(about);
      return;
    }
    const keyboard = InlineKeyboard.from(
      written.map((id) => [InlineKeyboard.text(ctx.say(POLICY_LABEL[id]), `policy:${id}`)]),
    );
    await ctx.reply(`${about}\n\n${ctx.say('policiesIntro')}`, { reply_markup: keyboard });
  });

  feature.callbackQuery(/^policy:(terms|privacy|shipping|refunds)$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const id = PolicyId.parse(ctx.match[1]);
    const policy = await deps.policyOf(ctx.shop.vendorId, ctx.shop.botId, id);
    if (policy) await ctx.reply(`${ctx.say(POLICY_LABEL[id])}\n\n${policy}`);
  });

  // A policy not written yet is said so, naming the store, rather than left unanswered.
  const answerPolicy =
    (id: 'terms' | 'privacy', none: 'noTerms' | 'noPrivacy') => async (ctx: ShopContext) => {
      const policy = await deps.policyOf(ctx.shop.vendorId, ctx.shop.botId, id);
      const shop = storeNameOf(await deps.storeOf(ctx.shop.botId), ctx.shop);
      await ctx.reply(policy || ctx.say(none, { shop }));
    };
  feature.command('terms', answerPolicy('terms', 'noTerms'));
  feature.command('privacy', answerPolicy('privacy', 'noPrivacy'));

  feature.command('faq', (ctx) => showFaqs(ctx));
  feature.callbackQuery('faq', async (ctx) => {
    await ctx.answerCallbackQuery();
    await showFaqs(ctx);
  });
  feature.callbackQuery(/^faq:([0-9a-f-]{36})$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const faq = (await deps.faqsOf(ctx.shop.vendorId, ctx.shop.botId)).find((f) => f.id === ctx.match[1]);
    if (!faq) return showFaqs(ctx);
    await showInPlace(
      ctx,
      `${faq.question}\n\n${faq.answer}`,
      new InlineKeyboard().text(ctx.say('backToFaq'), 'faq'),
    );
  });

  async function showFaqs(ctx: ShopContext) {
    const faqs = await deps.faqsOf(ctx.shop.vendorId, ctx.shop.botId);
    if (faqs.length === 0) {
      const shop = storeNameOf(await deps.storeOf(ctx.shop.botId), ctx.shop);
      await ctx.reply(ctx.say('noFaqs', { shop }));
      return;
    }
    const keyboard = new InlineKeyboard();
    // Telegram shows a button's text on one line: a long question is cut, its full text is in the answer.
    for (const faq of faqs) keyboard.text(faq.question.slice(0, 60), `faq:${faq.id}`).row();
    await showInPlace(ctx, ctx.say('faqTitle'), keyboard);
  }

  return feature;
}
