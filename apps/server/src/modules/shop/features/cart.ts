import type { Product, VariationType } from '@app/contracts/products';
import { Composer, InlineKeyboard } from 'grammy';
import { formatAmount } from '../../../lib/money';
import { maxQuantityOf, type SaleProduct } from '../../products/sale-rules';
import {
  addToCart,
  formatTotals,
  isLine,
  LINE_REF,
  lineRef,
  type PricedCart,
  priceCart,
  sessionKeyOf,
} from '../cart-model';
import type { ShopContext } from '../context';
import type { FunnelAt, FunnelStep } from '../funnel.service';
import { buttonsInPlace, changeButtonsInPlace, showInPlace } from '../in-place';
import type { SessionStore } from '../sessions.service';
import { addCheckoutButtons, checkoutNote } from './checkout';

export type CartDeps = {
  sessions: SessionStore;
  /** The products among `ids` this bot sells now, as they are priced and stocked (products module). */
  saleProducts(vendorId: string, botId: string, ids: string[]): Promise<SaleProduct[]>;
  funnel: { record(step: FunnelStep, at: FunnelAt): void };
};

/** What the catalogue's product card gets from the cart: its buttons, and a word that it was shown. */
export type ProductCardHooks = {
  keyboard(ctx: ShopContext, product: Product): InlineKeyboard;
  shown(ctx: ShopContext, product: Product): void;
};

/** Telegram shows at most this many characters of a callback query's answer. */
const MAX_ANSWER_LENGTH = 200;

/**
 * The cart: add from the product card (a variation chosen there for physical products that have them),
 * change quantities (1 up to what can be had: stock, a service's places, the product's maxPerOrder), remove,
 * view with totals (bulk tiers applied). Lines live in the customer's session in the database; every total
 * is priced from the products as stored now.
 *
 * The chat does not fill up as the customer shops: adding answers with a short note at the top of the chat and
 * a View cart button on the product card itself; viewing the cart from a button, and each change made in
 * it, shows the cart in the message tapped. Only /cart (and /start cart) sends the cart as a new message.
 */
export function cartFeature(deps: CartDeps) {
  const composer = new Composer<ShopContext>();

  composer.callbackQuery(new RegExp(`^ca:${LINE_REF}$`), (ctx) => add(ctx, ctx.match[1] ?? '', ctx.match[2]));
  composer.callbackQuery('cart', async (ctx) => {
    await ctx.answerCallbackQuery();
    await showCart(ctx);
  });
  composer.command('cart', (ctx) => showCart(ctx));
  // The shop's Mini App sends the customer here to check out (a t.me link with ?start=cart).
  composer.command('start', (ctx, next) => (ctx.match === 'cart' ? showCart(ctx) : next()));
  composer.callbackQuery(new RegExp(`^c([+\\-x]):${LINE_REF}$`), (ctx) =>
    change(ctx, ctx.match[1] as '+' | '-' | 'x', ctx.match[2] ?? '', ctx.match[3]),
  );

  // Size × colour: the customer picks the first type's value (`vc:<product>:<i>`), then the second's among the
  // combinations in stock; `vc:<product>` goes back to the first step.
  composer.callbackQuery(/^vc:([0-9a-f-]{36})(?::(\d{1,3}))?$/, async (ctx) => {
    const [product] = await deps.saleProducts(ctx.shop.vendorId, ctx.shop.botId, [ctx.match[1] ?? '']);
    const choice = product ? combinationChoice(product) : null;
    if (!product || !choice) {
      await ctx.answerCallbackQuery({ text: ctx.say('productGone') });
      return;
    }
    const index = ctx.match[2] === undefined ? null : Number(ctx.match[2]);
    const first = index === null ? undefined : choice.firsts[index];
    const keyboard =
      first === undefined ? firstStep(ctx, product.id, choice) : secondStep(ctx, product, choice, first);
    const secondType = typeWord(ctx, choice.types[1]);
    await ctx.answerCallbackQuery(
      first === undefined ? {} : { text: ctx.say('chooseNext', { type: secondType }) },
    );
    await changeButtonsInPlace(ctx, keyboard.inline_keyboard);
  });

  const productCard: ProductCardHooks = {
    keyboard(ctx, product) {
      const keyboard = new InlineKeyboard();
      const variations = (product.physical?.variations ?? []).flatMap((v) => v.values);
      const counted = product.trackInventory && !product.allowBackorder;
      const types = product.physical?.variations ?? [];
      const combinations = product.physical?.combinations ?? [];
      if (product.productType === 'physical' && types.length === 2 && combinations.length > 0) {
        const choice = {
          types: [types[0]?.type, types[1]?.type] as const,
          combos: combinations.flatMap((c) =>
            c.id && (!counted || c.stock > 0) ? [{ id: c.id, values: c.values, stock: c.stock }] : [],
          ),
          firsts: firstValuesOf(combinations),
        };
        return firstStep(ctx, product.id, choice);
      }
      if (product.productType === 'physical' && variations.length > 0) {
        let inRow = 0;
        for (const value of variations) {
          if (!value.id || (counted && value.stock <= 0)) continue;
          const price = formatAmount(
            ctx.shop.language,
            product.price + value.priceAdjustment,
            product.currency,
          );
          keyboard.text(
            ctx.say('addVariation', { value: value.value, price }),
            `ca:${lineRef(product.id, value.id)}`,
          );
          inRow += 1;
          if (inRow % 2 === 0) keyboard.row();
        }
        if (inRow % 2 !== 0) keyboard.row();
        return keyboard;
      }
      const soldOut = product.stockStatus === 'out_of_stock' && !product.allowBackorder;
      if (!soldOut) keyboard.text(ctx.say('addToCart'), `ca:${product.id}`).row();
      return keyboard;
    },
    shown(ctx, product) {
      deps.funnel.record('view', { ...ctx.shop, productId: product.id });
    },
  };

  async function add(ctx: ShopContext, productId: string, variationPrefix: string | undefined) {
    const key = sessionKeyOf(ctx);
    if (!key) return;
    const { shop } = ctx;
    const [product] = await deps.saleProducts(shop.vendorId, shop.botId, [productId]);
    const variation =
      variationPrefix === undefined
        ? null
        : (product?.variations.filter((v) => v.id.startsWith(variationPrefix)) ?? []);
    // A prefix that names no value, or two, is a button from an older card: the product as it is now decides.
    if (!product || (variation !== null && variation.length !== 1)) {
      await ctx.answerCallbackQuery();
      await ctx.reply(ctx.say('productGone'), {
        reply_markup: new InlineKeyboard().text(ctx.say('backToCatalogue'), 'catalogue'),
      });
      return;
    }
    const variationId = variation?.[0]?.id ?? null;
    const outcome = await addToCart(deps.sessions, key, product, variationId);
    if ('refused' in outcome) {
      const refused =
        outcome.refused === 'sold_out'
          ? ctx.say('soldOutShort')
          : ctx.say('maxReached', { count: String(outcome.max) });
      await ctx.answerCallbackQuery({ text: refused });
      return;
    }
    deps.funnel.record('cart', { ...shop, productId });
    const name = variationId ? `${product.name} (${variation?.[0]?.value})` : product.name;
    const added = ctx.say('added', { name, quantity: String(outcome.quantity) });
    await ctx.answerCallbackQuery({ text: shortened(added, MAX_ANSWER_LENGTH) });
    // The card keeps its buttons and gains the way to the cart (once).
    const rows = buttonsInPlace(ctx);
    const leadsToCart = rows.some((row) =>
      row.some((b) => 'callback_data' in b && b.callback_data === 'cart'),
    );
    const viewCart = { text: ctx.say('viewCart'), callback_data: 'cart' };
    const shown =
      leadsToCart || (await changeButtonsInPlace(ctx, [...rows.slice(0, -1), [viewCart], ...rows.slice(-1)]));
    // A card that can no longer be changed: the note at the top fades, so the way to the cart comes as a message.
    if (!shown) {
      await ctx.reply(added, {
        reply_markup: new InlineKeyboard()
          .text(ctx.say('viewCart'), 'cart')
          .text(ctx.say('backToCatalogue'), 'catalogue'),
      });
    }
  }

  async function change(
    ctx: ShopContext,
    op: '+' | '-' | 'x',
    productId: string,
    prefix: string | undefined,
  ) {
    const key = sessionKeyOf(ctx);
    if (!key) return;
    const { shop } = ctx;
    const [product] = await deps.saleProducts(shop.vendorId, shop.botId, [productId]);
    const refused = await deps.sessions.update(key, async (session) => {
      const line = session.cart.find((l) => isLine(l, productId, prefix));
      if (!line) return { changes: {}, result: null };
      if (op === 'x' || !product) {
        return { changes: { cart: session.cart.filter((l) => l !== line) }, result: null };
      }
      const quantity = line.quantity + (op === '+' ? 1 : -1);
      // Below one is what the remove button is for; the minus button stops at one.
      if (quantity < 1) return { changes: {}, result: null };
      const max = maxQuantityOf(product, line.variation);
      if (quantity > max) {
        return { changes: {}, result: ctx.say('maxReached', { count: String(max) }) };
      }
      const cart = session.cart.map((l) => (l === line ? { ...l, quantity } : l));
      return { changes: { cart }, result: null };
    });
    if (refused) {
      await ctx.answerCallbackQuery({ text: refused });
      return;
    }
    await ctx.answerCallbackQuery();
    await showCart(ctx);
  }

  async function showCart(ctx: ShopContext) {
    const key = sessionKeyOf(ctx);
    if (!key) return;
    const priced = await currentCart(ctx);
    const notes = notesOf(ctx, priced);
    // Reached from a button (View cart, a change in the cart), the cart shows in the message tapped.
    const show = (text: string, keyboard: InlineKeyboard) =>
      ctx.callbackQuery ? showInPlace(ctx, text, keyboard) : ctx.reply(text, { reply_markup: keyboard });
    if (priced.lines.length === 0) {
      const keyboard = new InlineKeyboard().text(ctx.say('browseCatalogue'), 'catalogue');
      await show([...notes, ctx.say('cartEmpty')].join('\n\n'), keyboard);
      return;
    }
    const { language } = ctx.shop;
    const lines = priced.lines.map((l) => {
      const params = {
        name: l.name,
        quantity: String(l.line.quantity),
        total: formatAmount(language, l.totalMinor, l.product.currency),
        unit: formatAmount(language, l.unitMinor, l.product.currency),
      };
      return ctx.say(l.bulk ? 'cartLineBulk' : 'cartLine', params);
    });
    const text = [
      ...notes,
      ctx.say('cartTitle'),
      lines.join('\n'),
      ctx.say('cartTotal', { total: formatTotals(language, priced.totals) }),
      ...[checkoutNote(ctx, priced)].filter((note) => note !== null),
    ].join('\n\n');
    const keyboard = new InlineKeyboard();
    for (const l of priced.lines) {
      const ref = lineRef(l.product.id, l.line.variation);
      keyboard
        .text('➖', `c-:${ref}`)
        .text('➕', `c+:${ref}`)
        .text(ctx.say('removeLine', { name: l.name }), `cx:${ref}`)
        .row();
    }
    addCheckoutButtons(ctx, keyboard, priced);
    keyboard.text(ctx.say('backToCatalogue'), 'catalogue');
    await show(text, keyboard);
  }

  /** The cart priced now; what can no longer be had as stored is put right in the session first. */
  async function currentCart(ctx: ShopContext): Promise<PricedCart> {
    const key = sessionKeyOf(ctx);
    if (!key) return priceCart([], []);
    const session = await deps.sessions.read(key);
    const ids = session.cart.map((l) => l.productId);
    const priced = priceCart(session.cart, await deps.saleProducts(key.vendorId, key.botId, ids));
    if (priced.changed) await deps.sessions.write(key, { cart: priced.cart });
    return priced;
  }

  return { composer, productCard };
}

/** `text` cut to `max` UTF-16 units (as Telegram counts), never through the middle of an emoji. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/** What changed in the cart since the customer last saw it, in their words. */
function notesOf(ctx: ShopContext, priced: PricedCart): string[] {
  return [
    ...(priced.gone > 0 ? [ctx.say('cartItemGone')] : []),
    ...priced.soldOut.map((name) => ctx.say('soldOut', { name })),
    ...priced.reduced.map((r) => ctx.say('cartLineReduced', { name: r.name, count: String(r.count) })),
  ];
}

type Choice = {
  types: readonly [VariationType | undefined, VariationType | undefined];
  /** The combinations that can be had (in stock, or not counted). */
  combos: { id: string; values: readonly string[]; stock: number }[];
  /** Every first-type value that has a combination, in the combinations' order (the callbacks' indexes). */
  firsts: string[];
};

const firstValuesOf = (combos: { values: readonly string[] }[]) => [
  ...new Set(combos.map((c) => c.values[0] ?? '')),
];

const TYPE_WORD = {
  size: 'variationSize',
  color: 'variationColor',
  material: 'variationMaterial',
  style: 'variationStyle',
  model: 'variationModel',
  weight: 'variationWeight',
} as const satisfies Record<VariationType, string>;

const typeWord = (ctx: ShopContext, type: VariationType | undefined) => ctx.say(TYPE_WORD[type ?? 'size']);

/** A product sold by combination, as the shop offers it (null: sold by single values, or none). */
function combinationChoice(product: SaleProduct): Choice | null {
  const combos = product.variations.filter((v) => v.values?.length === 2);
  if (combos.length === 0 || combos.length !== product.variations.length) return null;
  const counted = product.trackInventory && !product.allowBackorder;
  return {
    types: product.variationTypes ?? [undefined, undefined],
    combos: combos.flatMap((c) =>
      !counted || c.stock > 0 ? [{ id: c.id, values: c.values ?? [], stock: c.stock }] : [],
    ),
    firsts: firstValuesOf(combos.map((c) => ({ values: c.values ?? [] }))),
  };
}

/** The first type's values that have a combination to be had, two a row. */
function firstStep(ctx: ShopContext, productId: string, choice: Choice): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const type = typeWord(ctx, choice.types[0]);
  let inRow = 0;
  choice.firsts.forEach((value, i) => {
    if (!choice.combos.some((c) => c.values[0] === value)) return;
    keyboard.text(ctx.say('chooseOption', { type, value }), `vc:${productId}:${i}`);
    inRow += 1;
    if (inRow % 2 === 0) keyboard.row();
  });
  if (inRow % 2 !== 0) keyboard.row();
  return keyboard;
}

/** The second type's values to be had with `first`, each with its price, and the way back. */
function secondStep(ctx: ShopContext, product: SaleProduct, choice: Choice, first: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const type = typeWord(ctx, choice.types[1]);
  for (const combo of choice.combos) {
    if (combo.values[0] !== first) continue;
    const variation = product.variations.find((v) => v.id === combo.id);
    const price = formatAmount(
      ctx.shop.language,
      product.priceMinor + (variation?.priceAdjustment ?? 0),
      product.currency,
    );
    keyboard
      .text(
        ctx.say('addVariation', {
          value: ctx.say('chooseOption', { type, value: combo.values[1] ?? '' }),
          price,
        }),
        `ca:${lineRef(product.id, combo.id)}`,
      )
      .row();
  }
  keyboard.text(ctx.say('back'), `vc:${product.id}`).row();
  return keyboard;
}
