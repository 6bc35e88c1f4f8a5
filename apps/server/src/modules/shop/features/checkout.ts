import type { ProductType } from '@app/contracts/catalogue';
import { DAY_MS } from '@app/contracts/common';
import type { Plan } from '@app/contracts/plans';
import { BOOKING_WINDOW_DAYS, type ServiceSlot } from '@app/contracts/products';
import type { StoreDetails } from '@app/contracts/settings';
import { Composer, InlineKeyboard } from 'grammy';
import type { Tx } from '../../../db/types';
import { AppError } from '../../../lib/app-error';
import { dayOf } from '../../../lib/days';
import { formatAmount } from '../../../lib/money';
import { lineTax } from '../../orders/orders.service';
import { type SaleProduct, unitPriceOf } from '../../products/sale-rules';
import { formatSlot, type PricedCart, priceCart, sessionKeyOf } from '../cart-model';
import type { PlacedShopOrder, ShopOrderInput } from '../checkout.service';
import type { ShopContext } from '../context';
import type { FunnelAt, FunnelStep } from '../funnel.service';
import { showInPlace } from '../in-place';
import type { CartLine, SessionKey, SessionStore } from '../sessions.service';
import type { PaymentFeature } from './payment';
import { contactLines } from './store';

export type CheckoutDeps = {
  sessions: SessionStore;
  /**
   * The bot's policy of that kind ('' when not written): the refund policy goes with the order placed, and the
   * shipping policy with an order of goods that ship, before its address is asked.
   */
  policyOf(vendorId: string, botId: string, kind: 'refunds' | 'shipping'): Promise<string>;
  /** The store details: its contacts go with the order placed, for the customer's questions. */
  storeOf(botId: string): Promise<StoreDetails | null>;
  saleProducts(vendorId: string, botId: string, ids: string[]): Promise<SaleProduct[]>;
  funnel: { record(step: FunnelStep, at: FunnelAt): void };
  /** The bot's plan now (its monthly order limit). */
  planOf(vendorId: string, botId: string): Promise<Plan>;
  /** A service's open slots on the days given, or null when the bot does not sell it as a service. */
  slotsOf(
    vendorId: string,
    botId: string,
    productId: string,
    range: { from: string; to: string },
    at: Date,
  ): Promise<{ timezone: string; slots: ServiceSlot[] } | null>;
  /**
   * The slots a booking at `start` would take now: the slot alone, or a recurring service's series (the
   * occurrences with room); empty when the slot cannot be had.
   */
  seriesOf(b: {
    vendorId: string;
    botId: string;
    productId: string;
    start: Date;
    quantity: number;
    at: Date;
  }): Promise<ServiceSlot[]>;
  /** The shop's checkout (checkout.service.ts), run inside the session's transaction. */
  placeShopOrder(tx: Tx, input: ShopOrderInput): Promise<PlacedShopOrder>;
  /** Records, once a month, that the plan's order limit turned a customer away (the vendor is told). */
  noteOrderLimitReached(n: {
    vendorId: string;
    botId: string;
    botUsername: string;
    plan: Plan;
    at: Date;
  }): Promise<void>;
  now(): Date;
};

/** How far ahead a service's slots are offered (the booking window), and how many at once. */
const SLOT_DAYS = BOOKING_WINDOW_DAYS;
const SLOTS_PER_PAGE = 8;

const KIND_CODE = { physical: 'p', digital: 'd', service: 's' } as const;
const EVERY = { daily: 'everyDaily', weekly: 'everyWeekly', monthly: 'everyMonthly' } as const;

/**
 * The cart's checkout buttons. One order holds one kind of product, because Telegram's rules pay for them
 * differently (digital goods in Stars only; goods and services through the bot's providers or on delivery):
 * a cart mixing kinds gets one button per kind, and says so. A service is booked alone, at a slot of its own,
 * so each service line has its own button.
 */
export function addCheckoutButtons(ctx: ShopContext, keyboard: InlineKeyboard, priced: PricedCart): void {
  const kinds = new Set(priced.lines.map((l) => l.product.productType));
  const mixed = kinds.size > 1 || priced.lines.filter((l) => l.product.productType === 'service').length > 1;
  if (kinds.has('physical')) {
    keyboard.text(ctx.say(mixed ? 'checkoutGoods' : 'checkout'), `co:${KIND_CODE.physical}`).row();
  }
  if (kinds.has('digital')) {
    keyboard.text(ctx.say(mixed ? 'checkoutDigital' : 'checkout'), `co:${KIND_CODE.digital}`).row();
  }
  for (const l of priced.lines) {
    if (l.product.productType !== 'service') continue;
    keyboard.text(ctx.say('bookService', { name: l.name }), `co:s:${l.product.id}`).row();
  }
}

/** The cart's word on checking out when it mixes kinds of product (each is checked out on its own). */
export function checkoutNote(ctx: ShopContext, priced: PricedCart): string | null {
  const kinds = new Set(priced.lines.map((l) => l.product.productType));
  return kinds.size > 1 ? ctx.say('kindsApart') : null;
}

/**
 * Checkout: from the cart's buttons to a placed, reserved order handed to payment. Goods and digital items
 * are placed at once (the shipping address comes with the payment); a service first asks for a slot among its
 * open ones, then for confirmation. The funnel counts a checkout started at the first tap.
 */
export function checkoutFeature(deps: CheckoutDeps, payment: Pick<PaymentFeature, 'offer' | 'payable'>) {
  const feature = new Composer<ShopContext>();
  const uuid = '([0-9a-f-]{36})';

  feature.callbackQuery(/^co:([pd])$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    started(ctx);
    await place(ctx, ctx.match[1] === 'p' ? 'physical' : 'digital', null);
  });
  feature.callbackQuery(new RegExp(`^co:s:${uuid}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    const key = sessionKeyOf(ctx);
    const productId = ctx.match[1] ?? '';
    if (!key) return;
    const session = await deps.sessions.read(key);
    if (!session.cart.some((l) => l.productId === productId)) {
      await ctx.reply(ctx.say('cartEmpty'));
      return;
    }
    started(ctx);
    await deps.sessions.write(key, { step: { kind: 'checkout.slot', productId } });
    await showSlots(ctx, productId, 0);
  });
  feature.callbackQuery(/^sm:(\d{1,15})$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const key = sessionKeyOf(ctx);
    const step = key ? (await deps.sessions.read(key)).step : null;
    if (!key || (step?.kind !== 'checkout.slot' && step?.kind !== 'checkout.confirm')) return stale(ctx);
    await deps.sessions.write(key, { step: { kind: 'checkout.slot', productId: step.productId } });
    await showSlots(ctx, step.productId, Number(ctx.match[1]));
  });
  feature.callbackQuery(/^sl:(\d{1,15})$/, async (ctx) => {
    await ctx.answerCallbackQuery();
    const step = await stepOf(ctx);
    if (step?.kind !== 'checkout.slot') return stale(ctx);
    await confirmSlot(ctx, step.productId, new Date(Number(ctx.match[1])));
  });
  feature.callbackQuery('sk', async (ctx) => {
    await ctx.answerCallbackQuery();
    const step = await stepOf(ctx);
    if (step?.kind !== 'checkout.confirm') return stale(ctx);
    await place(ctx, 'service', { productId: step.productId, slotStart: new Date(step.slotStart) });
  });

  function started(ctx: ShopContext) {
    deps.funnel.record('checkout', ctx.shop);
  }

  async function stepOf(ctx: ShopContext) {
    const key = sessionKeyOf(ctx);
    return key ? (await deps.sessions.read(key)).step : null;
  }

  async function stale(ctx: ShopContext) {
    await ctx.reply(ctx.say('bookingStale'), {
      reply_markup: new InlineKeyboard().text(ctx.say('viewCart'), 'cart'),
    });
  }

  /** The service's next open slots with room for the cart's quantity, starting after `afterMs`. */
  /** The service in the cart being booked, with its cart line, as stored now; null when either is gone. */
  async function bookingOf(ctx: ShopContext, productId: string) {
    const { shop } = ctx;
    const key = sessionKeyOf(ctx);
    if (!key) return null;
    const [session, [product]] = await Promise.all([
      deps.sessions.read(key),
      deps.saleProducts(shop.vendorId, shop.botId, [productId]),
    ]);
    const line = session.cart.find((l) => l.productId === productId);
    return product?.service && line ? { key, product, service: product.service, line } : null;
  }

  /** `notice`: a line above the times (why they are offered again). */
  async function showSlots(ctx: ShopContext, productId: string, afterMs: number, notice?: string) {
    const { shop } = ctx;
    if (!sessionKeyOf(ctx)) return;
    const booking = await bookingOf(ctx, productId);
    if (!booking) return stale(ctx);
    const { product, line } = booking;
    const now = deps.now();
    const day = (ms: number) => dayOf(new Date(ms));
    const open = await deps.slotsOf(
      shop.vendorId,
      shop.botId,
      productId,
      { from: day(now.getTime()), to: day(now.getTime() + (SLOT_DAYS - 1) * DAY_MS) },
      now,
    );
    const fitting = (open?.slots ?? []).filter(
      (s) => s.available >= line.quantity && Date.parse(s.start) > afterMs,
    );
    const back = new InlineKeyboard().text(ctx.say('viewCart'), 'cart');
    if (!open || fitting.length === 0) {
      await showInPlace(ctx, withNotice(notice, ctx.say('noSlots', { name: product.name })), back);
      return;
    }
    const page = fitting.slice(0, SLOTS_PER_PAGE);
    const keyboard = new InlineKeyboard();
    page.forEach((slot, i) => {
      keyboard.text(formatSlot(shop.language, slot.start, open.timezone), `sl:${Date.parse(slot.start)}`);
      if (i % 2 === 1) keyboard.row();
    });
    if (page.length % 2 === 1) keyboard.row();
    const last = page[page.length - 1];
    if (fitting.length > page.length && last) {
      keyboard.text(ctx.say('laterSlots'), `sm:${Date.parse(last.start)}`).row();
    }
    keyboard.text(ctx.say('viewCart'), 'cart');
    await showInPlace(ctx, withNotice(notice, ctx.say('chooseSlot', { name: product.name })), keyboard);
  }

  async function confirmSlot(ctx: ShopContext, productId: string, start: Date) {
    const { shop } = ctx;
    if (!sessionKeyOf(ctx)) return;
    const booking = await bookingOf(ctx, productId);
    if (!booking) return stale(ctx);
    const { key, product, service, line } = booking;
    await deps.sessions.write(key, {
      step: { kind: 'checkout.confirm', productId, slotStart: start.toISOString() },
    });
    // A recurring service books its series: each occurrence is charged.
    const series = await deps.seriesOf({
      vendorId: shop.vendorId,
      botId: shop.botId,
      productId,
      start,
      quantity: line.quantity,
      at: deps.now(),
    });
    const sessions = Math.max(series.length, 1);
    const sessionMinor = unitPriceOf(product, null, line.quantity) * line.quantity;
    const lineMinor = sessionMinor * sessions;
    const tax = lineTax(lineMinor, product.taxRate, product.taxInclusive);
    const when = (iso: string) => formatSlot(shop.language, iso, service.availability.timezone);
    const money = (minor: number) => formatAmount(shop.language, minor, product.currency);
    const confirm =
      sessions > 1
        ? ctx.say('confirmBookingSeries', {
            name: product.name,
            count: String(sessions),
            every: ctx.say(EVERY[service.recurringOptions?.frequency ?? 'weekly']),
            dates: series.map((slot) => `• ${when(slot.start)}`).join('\n'),
            total: money(lineMinor + tax.addedMinor),
            each: money(sessionMinor),
          })
        : ctx.say('confirmBooking', {
            name: product.name,
            time: when(start.toISOString()),
            total: money(lineMinor + tax.addedMinor),
          });
    await showInPlace(
      ctx,
      withTaxLine(ctx, confirm, {
        taxMinor: tax.taxMinor,
        taxAdded: tax.addedMinor > 0,
        currency: product.currency,
      }),
      new InlineKeyboard().text(ctx.say('confirm'), 'sk').row().text(ctx.say('otherTimes'), 'sm:0'),
    );
  }

  /**
   * Places the order of the cart's lines of `kind` (or the one service line, at its slot) and hands it to
   * payment. The session stays locked meanwhile and loses those lines in the same transaction, so a second
   * tap finds nothing left to check out; a refusal rolls everything back and is explained.
   */
  async function place(
    ctx: ShopContext,
    kind: ProductType,
    service: { productId: string; slotStart: Date } | null,
  ) {
    const { shop } = ctx;
    const key = sessionKeyOf(ctx);
    if (!key || !ctx.customerId) return;
    const customerId = ctx.customerId;
    const stored = await deps.sessions.read(key);
    const products = await deps.saleProducts(
      shop.vendorId,
      shop.botId,
      stored.cart.map((l) => l.productId),
    );
    const kindOf = new Map(products.map((p) => [p.id, p.productType]));
    const taken = (l: CartLine) =>
      service ? l.productId === service.productId : kindOf.get(l.productId) === kind;
    // The order Telegram failed to hand over, checked out again with the same lines: that order again (its
    // reservation and codes held), not a second one.
    const unsent = stored.step?.kind === 'checkout.unsent' ? stored.step : null;
    if (
      unsent &&
      !service &&
      sameLines(stored.cart.filter(taken), unsent.lines) &&
      (await payment.payable(ctx, unsent.orderId))
    ) {
      await deps.sessions.update(key, async (session) => ({
        changes: { cart: session.cart.filter((l) => !taken(l)), step: null },
        result: null,
      }));
      await handOff(key, unsent.orderId, unsent.lines, () => payment.offer(ctx, { id: unsent.orderId }));
      return;
    }
    const [plan, at] = [await deps.planOf(shop.vendorId, shop.botId), deps.now()];
    let order: PlacedShopOrder | null;
    let placedLines: CartLine[] = [];
    try {
      order = await deps.sessions.update(key, async (session, tx) => {
        const lines = session.cart.filter(taken);
        placedLines = lines;
        if (lines.length === 0) return { changes: {}, result: null };
        const placed = await deps.placeShopOrder(tx, {
          vendorId: shop.vendorId,
          botId: shop.botId,
          customerId,
          plan,
          kind,
          lines: lines.map((l) => ({
            productId: l.productId,
            variationId: l.variation,
            quantity: l.quantity,
          })),
          slotStart: service?.slotStart ?? null,
          at,
        });
        return { changes: { cart: session.cart.filter((l) => !taken(l)), step: null }, result: placed };
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await refused(ctx, err, plan, at);
      return;
    }
    if (!order) {
      await ctx.reply(ctx.say('cartEmpty'), {
        reply_markup: new InlineKeyboard().text(ctx.say('browseCatalogue'), 'catalogue'),
      });
      return;
    }
    const reserved = ctx.say('orderReserved', {
      number: String(order.number),
      total: formatAmount(shop.language, order.totalMinor, order.currency),
    });
    const [refunds, shipping, store] = await Promise.all([
      deps.policyOf(shop.vendorId, shop.botId, 'refunds'),
      kind === 'physical' ? deps.policyOf(shop.vendorId, shop.botId, 'shipping') : '',
      deps.storeOf(shop.botId),
    ]);
    const contacts = contactLines(ctx, store).slice(0, 2);
    const blocks = [
      withTaxLine(ctx, reserved, order),
      shipping ? ctx.say('shippingPolicy', { policy: shipping }) : '',
      refunds ? ctx.say('refundPolicy', { policy: refunds }) : '',
      contacts.length > 0 ? [ctx.say('questions'), ...contacts].join('\n') : '',
    ];
    const placed = order;
    await handOff(key, placed.id, placedLines, async () => {
      await ctx.reply(blocks.filter(Boolean).join('\n\n'));
      await payment.offer(ctx, { id: placed.id });
    });
  }

  /**
   * Hands a placed order over to payment. When Telegram fails it (the invoice never reached the chat) the
   * webhook will still answer 200: the lines go back into the cart, so /cart and Checkout offer them again, and
   * the session remembers the order, so Checkout of the same lines sends this order's invoice again (its
   * reservation holds until it expires; its "Pay" button, offer:<id>, would too).
   */
  async function handOff(key: SessionKey, orderId: string, lines: CartLine[], send: () => Promise<void>) {
    try {
      await send();
    } catch (err) {
      await deps.sessions.update(key, async (session) => ({
        changes: {
          cart: [...session.cart.filter((l) => !lines.some((b) => sameLine(b, l))), ...lines],
          step: { kind: 'checkout.unsent', orderId, lines },
        },
        result: null,
      }));
      throw err;
    }
  }

  /** The same lines, whatever their order: the same products, variations and quantities. */
  function sameLines(a: CartLine[], b: CartLine[]) {
    return (
      a.length === b.length && a.every((l) => b.some((m) => sameLine(l, m) && m.quantity === l.quantity))
    );
  }

  /** The same product and variation: one cart line. */
  function sameLine(a: CartLine, b: CartLine) {
    return a.productId === b.productId && a.variation === b.variation;
  }

  /** Tells the customer why no order was placed, and puts the cart right where that was the cause. */
  async function refused(ctx: ShopContext, err: AppError, plan: Plan, at: Date) {
    const { shop } = ctx;
    const details = (err.details ?? {}) as { productName?: string; productId?: string };
    switch (err.code) {
      case 'ORDER_LIMIT_REACHED':
        await ctx.reply(ctx.say('cannotTakeOrders'));
        await deps.noteOrderLimitReached({
          vendorId: shop.vendorId,
          botId: shop.botId,
          botUsername: shop.username,
          plan,
          at,
        });
        return;
      case 'STOCK_UNAVAILABLE':
      case 'CODES_UNAVAILABLE':
        await ctx.reply(ctx.say('soldOut', { name: details.productName ?? '' }));
        await tidyCart(ctx);
        return;
      case 'PRODUCT_NOT_FOUND':
        await ctx.reply(ctx.say('cartItemGone'));
        await tidyCart(ctx);
        return;
      case 'SLOT_UNAVAILABLE': {
        const key = sessionKeyOf(ctx);
        const step = key ? (await deps.sessions.read(key)).step : null;
        if (!key || step?.kind !== 'checkout.confirm') return stale(ctx);
        await deps.sessions.write(key, { step: { kind: 'checkout.slot', productId: step.productId } });
        // The notice heads the times offered again, in the message tapped.
        await showSlots(ctx, step.productId, 0, ctx.say('slotTaken'));
        return;
      }
      case 'VALIDATION_FAILED':
      case 'CART_EMPTY':
      case 'QUANTITY_INVALID':
      case 'ORDER_QUANTITY_LIMIT':
      case 'ORDER_CURRENCY_MIXED':
      case 'SERVICE_BOOKED_ALONE':
        await ctx.reply(ctx.say('cannotCheckout'), {
          reply_markup: new InlineKeyboard().text(ctx.say('viewCart'), 'cart'),
        });
        return;
      default:
        throw err;
    }
  }

  /** Cuts the cart to what can still be had (a line sold out goes, a line over what is left shrinks). */
  async function tidyCart(ctx: ShopContext) {
    const key = sessionKeyOf(ctx);
    if (!key) return;
    const session = await deps.sessions.read(key);
    const ids = session.cart.map((l) => l.productId);
    const priced = priceCart(session.cart, await deps.saleProducts(key.vendorId, key.botId, ids));
    if (priced.changed) await deps.sessions.write(key, { cart: priced.cart });
  }

  return feature;
}

const withNotice = (notice: string | undefined, text: string) => (notice ? `${notice}\n\n${text}` : text);

/** A total's message with the tax it carries on a line of its own (added, or included in the prices); as is without. */
function withTaxLine(
  ctx: ShopContext,
  text: string,
  t: { taxMinor: number; taxAdded: boolean; currency: string },
): string {
  if (t.taxMinor <= 0) return text;
  const tax = formatAmount(ctx.shop.language, t.taxMinor, t.currency);
  return `${text}\n${ctx.say(t.taxAdded ? 'taxAdded' : 'taxIncluded', { tax })}`;
}
