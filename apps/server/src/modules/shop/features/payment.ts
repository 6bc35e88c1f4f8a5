import type { OrderProductType } from '@app/contracts/catalogue';
import {
  PAYMENT_PROVIDERS,
  type PaymentProviderId,
  SHIPPING_REGIONS,
  type ShippingRegion,
} from '@app/contracts/settings';
import { Composer, InlineKeyboard } from 'grammy';
import { formatAmount } from '../../../lib/money';
import type { ShopContext } from '../context';
import type { ShopPaymentsRuntime } from '../payments/shop-payments.service';
import type {
  Delivery,
  PayableSummary,
  PreCheckoutVerdict,
  ShopRef,
  Unpayable,
} from '../payments/shop-payments.types';
import type { Refunded } from '../payments/shop-payments-refunds.service';
import type { SessionKey, SessionStore } from '../sessions.service';
import type { ShopTextKey } from '../texts';
import { supportButton } from './support';

/** An order the checkout has placed (pending, unpaid, its stock reserved), handed over to be paid. */
export type PlacedOrder = {
  id: string;
  number: number;
  productType: OrderProductType;
  totalMinor: number;
  currency: string;
};

/** What a paid customer is owed, to send again by the `shop.deliver` job when Telegram failed the first time. */
export type OwedDelivery = {
  vendorId: string;
  botId: string;
  orderId: string;
  orderNumber: number;
  productType: OrderProductType;
  /** The customer's private chat with the bot. */
  chatId: number;
};

/** Where the delivery's messages go: the update's chat (ctx.reply), or a chat by id (bot.api, from the job). */
export type DeliveryChannel = {
  say: ShopContext['say'];
  language: string;
  send(text: string, extra?: { reply_markup?: InlineKeyboard }): Promise<unknown>;
};

export type PaymentDeps = {
  /** The shop payments' runtime side (payments/): orders, rails, invoices, payments, delivery. */
  shopPayments: ShopPaymentsRuntime;
  /** The customer's conversation (sessions.service.ts): the cash-on-delivery step lives there. */
  sessions: SessionStore;
  /**
   * Queues the durable `shop.deliver` job (retried for about two hours, across restarts) for a delivery
   * Telegram failed. Without it (tests without a job queue) the failure is the update's, as before.
   */
  enqueueDelivery?: (owed: OwedDelivery) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
};

export type PaymentFeature = {
  /** Answers Telegram's payment updates (shipping_query, pre_checkout_query, successful_payment). */
  composer: Composer<ShopContext>;
  /** Offers the customer the ways to pay for a placed order that Telegram's rules allow for its type. */
  offer(ctx: ShopContext, order: Pick<PlacedOrder, 'id'>): Promise<void>;
  /** Whether the customer can still pay for this order (theirs, unpaid, not cancelled, still reserved). */
  payable(ctx: ShopContext, orderId: string): Promise<boolean>;
  /**
   * Sends what a paid order owes its customer (a digital order's codes and links, then its completion; a
   * service's or physical order's confirmation) through `channel`. Throws when Telegram fails; safe to repeat
   * (the same codes and links, none issued anew).
   */
  deliverOwed(channel: DeliveryChannel, owed: OwedDelivery): Promise<void>;
};

const RAIL_LABEL: Record<PaymentProviderId, ShopTextKey> = {
  stars: 'payStars',
  card: 'payCard',
  wallet: 'payWallet',
  regional: 'payRegional',
  crypto: 'payCrypto',
  cash_on_delivery: 'payCash',
};

const REFUSAL: Record<Unpayable | 'amount', ShopTextKey> = {
  unknown: 'payRefusedUnknown',
  not_yours: 'payRefusedNotYours',
  paid: 'payRefusedPaid',
  expired: 'payRefusedExpired',
  amount: 'payRefusedAmount',
};

const REGION_LABEL: Record<ShippingRegion, ShopTextKey> = {
  US: 'regionUS',
  CA: 'regionCA',
  MX: 'regionMX',
  EU: 'regionEU',
  UK: 'regionUK',
  AU: 'regionAU',
  ASIA: 'regionASIA',
  LOCAL: 'regionLOCAL',
};
const REGION = `(${SHIPPING_REGIONS.join('|')}|none)`;

// Telegram gives a pre_checkout_query 10 s; past 8 s the shop answers no rather than let it time out.
const PRE_CHECKOUT_BUDGET_MS = 8_000;
const UUID = '([0-9a-f-]{36})';
const PROVIDER = '(stars|card|wallet|regional|crypto|cash_on_delivery)';
const MIN_ADDRESS_LENGTH = 10;
const MAX_MESSAGE_LENGTH = 4000;

/** A moment in the customer's language, in UTC, saying so: "Mar 3, 2027, 7:00 AM UTC". */
const utcDateTime = (language: string, d: Date) =>
  `${new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(d)} UTC`;

/** A file size in the customer's language: 1.5 MB. */
function formatSize(language: string, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[i],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * What a delivered line's buyer is told beside it: the file (name, format, size), the event (name, date,
 * venue), until when its codes are valid, a key's activations and support period.
 */
/** What the customer is told a product key is for (the vendor's key type). */
const KEY_TYPE_TEXT = {
  software: 'deliveryKeySoftware',
  game: 'deliveryKeyGame',
  gift_card: 'deliveryKeyGiftCard',
  coupon: 'deliveryKeyCoupon',
} as const;

function termsOf(
  ctx: DeliveryChannel,
  line: Delivery['lines'][number],
  date: (d: Date | string, withTime?: boolean) => string,
): string[] {
  const t = line.terms;
  if (!t) return [];
  const out: string[] = [];
  const file = [
    t.fileName,
    t.fileFormat?.toUpperCase(),
    t.fileSize ? formatSize(ctx.language, t.fileSize) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  if (file) out.push(ctx.say('deliveryFile', { name: line.name, file }));
  const event = [t.eventName, t.eventDate ? date(t.eventDate, true) : null, t.venue]
    .filter(Boolean)
    .join(' · ');
  if (event) out.push(ctx.say('deliveryTicket', { event }));
  if (line.validUntil)
    out.push(ctx.say('deliveryValidUntil', { name: line.name, date: date(line.validUntil) }));
  if (t.keyType) out.push(ctx.say(KEY_TYPE_TEXT[t.keyType]));
  if (t.activationLimit !== null) {
    out.push(ctx.say('deliveryActivations', { count: String(t.activationLimit) }));
  }
  if (t.supportPeriodDays !== null) {
    out.push(ctx.say('deliverySupport', { days: String(t.supportPeriodDays) }));
  }
  if (t.licenseType) out.push(ctx.say('deliveryLicense', { license: t.licenseType }));
  if (t.compatibility.length > 0) {
    out.push(ctx.say('deliveryCompatibility', { platforms: t.compatibility.join(', ') }));
  }
  if (t.trialDays !== null) out.push(ctx.say('deliveryTrial', { days: String(t.trialDays) }));
  return out;
}

/** Lines joined by blank lines into as few texts as fit `max` characters each (a longer line is cut). */
function chunk(lines: string[], max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const line of lines.map((l) => l.slice(0, max))) {
    if (current && current.length + 2 + line.length > max) {
      out.push(current);
      current = line;
    } else current = current ? `${current}\n\n${line}` : line;
  }
  if (current) out.push(current);
  return out;
}

const shopRef = (ctx: ShopContext): ShopRef => ({ vendorId: ctx.shop.vendorId, botId: ctx.shop.botId });
const sessionKey = (ctx: ShopContext, userId: number): SessionKey => ({
  vendorId: ctx.shop.vendorId,
  botId: ctx.shop.botId,
  telegramUserId: userId,
});

/**
 * Payment: Telegram's rules decide the rails (digital goods for Stars only; physical goods and services
 * through the bot's Telegram Payments providers, crypto, or cash on delivery for physical goods), the
 * invoices, and what happens once Telegram says the money is in: a digital order is delivered in the chat, a
 * service is scheduled, physical goods wait for the vendor. Amounts always come from the stored order.
 */
export function paymentFeature(deps: PaymentDeps): PaymentFeature {
  const pay = deps.shopPayments;
  const composer = new Composer<ShopContext>();

  async function refuse(ctx: ShopContext, why: Unpayable) {
    await ctx.reply(ctx.say(REFUSAL[why]));
  }

  async function offer(ctx: ShopContext, order: { id: string }) {
    if (!ctx.from) return;
    const found = await pay.railsOf(shopRef(ctx), order.id, ctx.from.id);
    if (typeof found === 'string') return refuse(ctx, found);
    const { rails } = found;
    const [only] = rails;
    if (!only) {
      await ctx.reply(ctx.say('payNoRails'));
      return;
    }
    if (rails.length === 1) return startRail(ctx, found.order, only);
    const keyboard = InlineKeyboard.from(
      rails.map((rail) => [
        InlineKeyboard.text(railLabel(ctx, rail, found.order), `pay:${found.order.id}:${rail}`),
      ]),
    );
    await ctx.reply(
      ctx.say('payChoose', {
        number: String(found.order.number),
        total: formatAmount(ctx.shop.language, found.order.totalMinor, found.order.currency),
      }),
      { reply_markup: keyboard },
    );
  }

  function railLabel(ctx: ShopContext, rail: PaymentProviderId, order: PayableSummary) {
    return ctx.say(RAIL_LABEL[rail], { stars: String(order.stars ?? '') });
  }

  async function startRail(ctx: ShopContext, order: Pick<PayableSummary, 'id'>, rail: PaymentProviderId) {
    if (!ctx.from) return;
    const kind = PAYMENT_PROVIDERS[rail].kind;
    if (kind === 'stars' || kind === 'telegram_token') return sendInvoice(ctx, order.id, rail);
    if (kind === 'crypto') return sendCryptoLink(ctx, order.id);
    // Cash on delivery: with shipping methods set up, the zone and the method first (Telegram Payments reads
    // the zone from the address; here there is no invoice to ask it), then the address in the chat. Goods
    // that require no shipping have nowhere to go: confirmed at once, no address asked.
    const found = await pay.codZones(shopRef(ctx), order.id, ctx.from.id);
    if (typeof found === 'string') return refuse(ctx, found);
    if (!found.ships) return confirmCash(ctx, found.order.id, null);
    const number = String(found.order.number);
    if (found.regions.length === 0)
      return askAddress(ctx, found.order.id, ctx.say('codAskAddress', { number }));
    const keyboard = InlineKeyboard.from([
      ...found.regions.map((r) => [
        InlineKeyboard.text(ctx.say(REGION_LABEL[r]), `codzone:${order.id}:${r}`),
      ]),
      [InlineKeyboard.text(ctx.say('codZoneElsewhere'), `codzone:${order.id}:none`)],
    ]);
    await ctx.reply(ctx.say('codAskZone', { number }), { reply_markup: keyboard });
  }

  async function askAddress(ctx: ShopContext, orderId: string, text: string) {
    if (!ctx.from) return;
    await deps.sessions.write(sessionKey(ctx, ctx.from.id), { step: { kind: 'cod_address', orderId } });
    await ctx.reply(text);
  }

  // Cash on delivery: the zone the customer is in, then the methods that ship there (none: refused clearly).
  composer.callbackQuery(new RegExp(`^codzone:${UUID}:${REGION}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    const orderId = ctx.match[1] ?? '';
    const region = ctx.match[2] as ShippingRegion | 'none';
    // "Somewhere else" is quoted as a zone no method covers: the same clear refusal.
    const found = await pay.codQuote(shopRef(ctx), orderId, ctx.from.id, region === 'none' ? null : region);
    if (typeof found === 'string') return refuse(ctx, found);
    const { quote } = found;
    if (!quote) {
      await ctx.reply(ctx.say('codNoDelivery', { number: String(found.order.number) }));
      return;
    }
    await deps.sessions.write(sessionKey(ctx, ctx.from.id), {
      step: { kind: 'cod_shipping', orderId, region: quote.region },
    });
    const price = (minor: number) =>
      minor === 0 ? ctx.say('codShippingFree') : formatAmount(ctx.shop.language, minor, quote.currency);
    const keyboard = InlineKeyboard.from(
      quote.options.map((o) => {
        const label = ctx.say('codMethodOption', { name: o.name, price: price(o.priceMinor) });
        const days = o.estimatedDays ? ` · ${ctx.say('codMethodDays', { days: o.estimatedDays })}` : '';
        // callback_data takes 64 bytes: the order and zone wait in the session step.
        return [InlineKeyboard.text(`${label}${days}`, `codship:${o.methodId}`)];
      }),
    );
    // A button holds one short line: the methods' descriptions go in the question, one a line.
    const described = quote.options
      .filter((o) => o.description)
      .map((o) => ctx.say('codMethodDescription', { name: o.name, description: o.description }));
    const question = ctx.say('codAskMethod', { number: String(found.order.number) });
    await ctx.reply([question, ...described].join('\n\n'), { reply_markup: keyboard });
  });

  composer.callbackQuery(new RegExp(`^codship:${UUID}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    const { step } = await deps.sessions.read(sessionKey(ctx, ctx.from.id));
    if (step?.kind !== 'cod_shipping') return refuse(ctx, 'unknown');
    const methodId = ctx.match[1] ?? '';
    const shipped = await pay.codShip(shopRef(ctx), step.orderId, ctx.from.id, step.region, methodId);
    if (shipped === 'unavailable') {
      await ctx.reply(ctx.say('shippingNotAvailable'));
      return;
    }
    if (typeof shipped === 'string') return refuse(ctx, shipped);
    await askAddress(
      ctx,
      shipped.order.id,
      ctx.say('codAskAddressShipping', {
        method: shipped.method,
        number: String(shipped.order.number),
        total: formatAmount(ctx.shop.language, shipped.order.totalMinor, shipped.order.currency),
      }),
    );
  });

  async function sendInvoice(ctx: ShopContext, orderId: string, rail: PaymentProviderId) {
    if (!ctx.from) return;
    const spec = await pay.invoiceFor(shopRef(ctx), orderId, rail, ctx.from.id);
    if (typeof spec === 'string') return refuse(ctx, spec);
    const number = String(spec.order.number);
    const title = ctx.say('invoiceTitle', { number });
    // Telegram: a title of 1–32 characters, a description of 1–255.
    const description = ctx
      .say('invoiceDescription', { shop: ctx.shop.name, items: spec.order.itemNames.join(', ') })
      .slice(0, 255);
    await ctx.replyWithInvoice(
      title.slice(0, 32),
      description,
      spec.payload,
      spec.currency,
      // A Stars invoice has exactly one price line (SECURITY.md); so does ours for the others.
      [{ label: title, amount: spec.amount }],
      spec.currency === 'XTR'
        ? {}
        : {
            provider_token: spec.providerToken,
            ...(spec.needShipping ? { need_shipping_address: true, is_flexible: true } : {}),
          },
    );
  }

  async function sendCryptoLink(ctx: ShopContext, orderId: string) {
    if (!ctx.from) return;
    const link = await pay.cryptoLink(shopRef(ctx), orderId, ctx.from.id);
    if (link === null) {
      await ctx.reply(ctx.say('cryptoUnavailable'));
      return;
    }
    if (typeof link === 'string') return refuse(ctx, link);
    const { order, url } = link;
    await ctx.reply(
      ctx.say('cryptoPay', {
        number: String(order.number),
        total: formatAmount(ctx.shop.language, order.totalMinor, order.currency),
      }),
      { reply_markup: new InlineKeyboard().url(ctx.say('cryptoOpen'), url) },
    );
  }

  // "Try again" under the word that an unpaid order was cancelled (notifications): its lines go back in the
  // cart (added to what is there), which is priced and checked against stock as the customer views it.
  composer.callbackQuery(new RegExp(`^reorder:${UUID}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    const lines = await pay.reorderLines(shopRef(ctx), ctx.match[1] ?? '', ctx.from.id);
    if (!lines) return refuse(ctx, 'unknown');
    const key = sessionKey(ctx, ctx.from.id);
    const { cart } = await deps.sessions.read(key);
    const same = (a: { productId: string; variation: string | null }, b: typeof a) =>
      a.productId === b.productId && a.variation === b.variation;
    const merged = [...cart, ...lines.filter((l) => !cart.some((c) => same(c, l)))];
    await deps.sessions.write(key, { cart: merged });
    await ctx.reply(ctx.say('reorderRestored'), {
      reply_markup: new InlineKeyboard().text(ctx.say('viewCart'), 'cart'),
    });
  });

  // "Pay" on an unpaid order (the checkout's hand-off message, or the customer coming back to it).
  composer.callbackQuery(new RegExp(`^offer:${UUID}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    await offer(ctx, { id: ctx.match[1] ?? '' });
  });

  composer.callbackQuery(new RegExp(`^pay:${UUID}:${PROVIDER}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    await startRail(ctx, { id: ctx.match[1] ?? '' }, ctx.match[2] as PaymentProviderId);
  });

  // A booked service that comes to the customer: the address they were asked for.
  composer.on('message:text', async (ctx, next) => {
    if (ctx.message.text.startsWith('/')) return next();
    const key = sessionKey(ctx, ctx.from.id);
    const { step } = await deps.sessions.read(key);
    if (step?.kind !== 'service_address') return next();
    const address = ctx.message.text.trim().replace(/\s+/g, ' ').slice(0, 500);
    if (address.length < MIN_ADDRESS_LENGTH) {
      await ctx.reply(ctx.say('bookingAddressTooShort'));
      return;
    }
    const saved = await pay.giveServiceAddress(shopRef(ctx), step.orderId, ctx.from.id, address);
    await deps.sessions.write(key, { step: null });
    if (saved) await ctx.reply(ctx.say('bookingAddressSaved', { address }));
  });

  // The customer cancels their booking, within the policy's notice.
  composer.callbackQuery(new RegExp(`^bx:${UUID}$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    const result = await pay.cancelBooking(shopRef(ctx), ctx.match[1] ?? '', ctx.from.id);
    const policy = 'policy' in result && result.policy ? result.policy : '';
    const say = (...blocks: string[]) => ctx.reply(blocks.filter(Boolean).join('\n\n'));
    switch (result.outcome) {
      case 'cancelled':
        return say(
          ctx.say('bookingCancelled', { number: String(result.orderNumber) }),
          result.refunded ? refundLine(ctx, result.refunded) : '',
          policy,
        );
      case 'too_late':
        return say(
          ctx.say('bookingCancelTooLate', {
            hours: String(result.noticeHours),
            date: utcDateTime(ctx.shop.language, result.until),
          }),
          policy,
        );
      case 'not_from_chat':
        return say(ctx.say('bookingCancelNotFromChat'), policy);
      case 'refund_failed':
        return say(ctx.say('bookingRefundFailed'));
      default:
        return say(ctx.say('bookingNotCancellable'));
    }
  });

  /** The refund a cancelled booking got: Stars back on the balance, or the amount the shop returns. */
  function refundLine(ctx: ShopContext, r: Refunded) {
    if (r.starsAmount !== null) return ctx.say('bookingRefundedStars', { stars: String(r.starsAmount) });
    return ctx.say('bookingRefunded', { total: formatAmount(ctx.shop.language, r.amountMinor, r.currency) });
  }

  // Cash on delivery: the address the customer was asked for.
  composer.on('message:text', async (ctx, next) => {
    if (ctx.message.text.startsWith('/')) return next();
    const key = sessionKey(ctx, ctx.from.id);
    const { step } = await deps.sessions.read(key);
    if (step?.kind !== 'cod_address') return next();
    const address = ctx.message.text.trim().replace(/\s+/g, ' ').slice(0, 500);
    if (address.length < MIN_ADDRESS_LENGTH) {
      await ctx.reply(ctx.say('codAddressTooShort'));
      return;
    }
    await deps.sessions.write(key, { step: null });
    await confirmCash(ctx, step.orderId, address);
  });

  /** Confirms a cash-on-delivery order, to `address` (null: goods that require no shipping). */
  async function confirmCash(ctx: ShopContext, orderId: string, address: string | null) {
    if (!ctx.from) return;
    const confirmed = await pay.cashOnDelivery(shopRef(ctx), orderId, ctx.from.id, address);
    if (typeof confirmed === 'string') return refuse(ctx, confirmed);
    const words = {
      number: String(confirmed.number),
      total: formatAmount(ctx.shop.language, confirmed.totalMinor, confirmed.currency),
    };
    await ctx.reply(
      address === null
        ? ctx.say('codConfirmedNoShipping', words)
        : ctx.say('codConfirmed', { ...words, address }),
      { reply_markup: InlineKeyboard.from([[supportButton(ctx.say, orderId)]]) },
    );
  }

  composer.on('shipping_query', async (ctx) => {
    const q = ctx.shippingQuery;
    const quote = await pay.shippingOptions(shopRef(ctx), q.invoice_payload, q.shipping_address);
    if (!quote) {
      await ctx.answerShippingQuery(false, { error_message: ctx.say('shippingNotAvailable') });
      return;
    }
    await ctx.answerShippingQuery(true, {
      // Telegram's payment form shows an option's title alone: the method's description goes with its name.
      shipping_options: quote.options.map((o) => ({
        id: o.id,
        title: o.description ? `${o.name} · ${o.description}` : o.name,
        prices: [{ label: o.name, amount: o.priceMinor }],
      })),
    });
  });

  composer.on('pre_checkout_query', async (ctx) => {
    const q = ctx.preCheckoutQuery;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), PRE_CHECKOUT_BUDGET_MS);
    });
    const verdict: PreCheckoutVerdict | 'late' = await Promise.race([
      pay.preCheckout(shopRef(ctx), q),
      late,
    ]).finally(() => clearTimeout(timer));
    if (verdict === 'ok') await ctx.answerPreCheckoutQuery(true);
    else {
      const text = verdict === 'late' ? ctx.say('somethingWentWrong') : ctx.say(REFUSAL[verdict]);
      await ctx.answerPreCheckoutQuery(false, { error_message: text });
    }
  });

  composer.on('message:successful_payment', async (ctx) => {
    const result = await pay.receive(shopRef(ctx), ctx.from.id, ctx.message.successful_payment);
    // A charge credited before: Telegram delivered the update again. Nothing more is sent or issued (what the
    // first one owed is the shop.deliver job's, if its sending failed).
    if (result.outcome === 'duplicate') return;
    if (result.outcome === 'unapplied') {
      await ctx.reply(ctx.say('paymentUnapplied'));
      return;
    }
    const { order } = result;
    const owed: OwedDelivery = {
      ...shopRef(ctx),
      orderId: order.id,
      orderNumber: order.number,
      productType: order.productType,
      chatId: ctx.chat.id,
    };
    const channel: DeliveryChannel = {
      say: ctx.say,
      language: ctx.shop.language,
      send: (text, extra) => ctx.reply(text, extra ?? {}),
    };
    try {
      await deliverOwed(channel, owed);
    } catch (err) {
      // The money is in and the webhook will answer 200 (Telegram never sends this update again): what the
      // customer is owed goes to a durable job, retried with backoff for about two hours, across restarts.
      if (!deps.enqueueDelivery) throw err;
      const error = err instanceof Error ? err.message : String(err);
      deps.log?.warn(
        { orderId: order.id, botId: owed.botId, err: error },
        'delivery failed; queued to retry',
      );
      await deps.enqueueDelivery(owed);
      await pay.noteDeliveryTrouble(shopRef(ctx), order.id, 'delayed', error);
    }
  });

  async function deliverOwed(channel: DeliveryChannel, owed: OwedDelivery) {
    const shop = { vendorId: owed.vendorId, botId: owed.botId };
    if (owed.productType === 'digital') {
      const delivery = await pay.prepareDelivery(shop, owed.orderId);
      if (!delivery) return;
      await sendDelivery(channel, delivery, owed.orderId);
      // A line the vendor has to send (missing) or release (held) keeps the order processing.
      if (delivery.lines.every((line) => !line.missing && !line.held)) {
        await pay.completeDelivery(shop, owed.orderId);
      }
      return;
    }
    if (owed.productType === 'service') return sendBooking(channel, owed);
    await channel.send(channel.say('paymentReceived', { number: String(owed.orderNumber) }), {
      reply_markup: InlineKeyboard.from([[supportButton(channel.say, owed.orderId)]]),
    });
  }

  /**
   * A paid booking's confirmation: confirmed, or requested while the vendor confirms it; where it takes place
   * (the meeting link, the address, or both for hybrid); the customer's address asked when the service needs it
   * (their next message is it); and a Cancel button while the policy's notice allows.
   */
  async function sendBooking(ctx: DeliveryChannel, owed: OwedDelivery) {
    const shop = { vendorId: owed.vendorId, botId: owed.botId };
    const booking = await pay.bookingOf(shop, owed.orderId);
    const number = String(owed.orderNumber);
    const support = supportButton(ctx.say, owed.orderId);
    if (!booking) {
      await ctx.send(ctx.say('paymentReceivedService', { number }), {
        reply_markup: InlineKeyboard.from([[support]]),
      });
      return;
    }
    const lines = [ctx.say(booking.requested ? 'bookingRequested' : 'paymentReceivedService', { number })];
    if (booking.occurrences.length > 1) {
      const dates = booking.occurrences.map((d) => `• ${utcDateTime(ctx.language, d)}`).join('\n');
      lines.push(ctx.say('bookingSeries', { count: String(booking.occurrences.length), dates }));
    }
    if (booking.provider) lines.push(ctx.say('bookingProvider', { provider: booking.provider }));
    if (booking.meetingLink) lines.push(ctx.say('bookingMeetingLink', { link: booking.meetingLink }));
    if (booking.address) lines.push(ctx.say('bookingAddress', { address: booking.address }));
    const cancellable = booking.canCancel;
    if (booking.cancelUntil && cancellable) {
      lines.push(ctx.say('bookingCancelUntil', { date: utcDateTime(ctx.language, booking.cancelUntil) }));
    }
    if (booking.needsAddress) {
      lines.push(ctx.say('bookingAskAddress'));
      await deps.sessions.write(
        { vendorId: owed.vendorId, botId: owed.botId, telegramUserId: owed.chatId },
        { step: { kind: 'service_address', orderId: owed.orderId } },
      );
    }
    const keyboard = cancellable
      ? new InlineKeyboard().text(ctx.say('bookingCancel'), `bx:${owed.orderId}`).row().add(support)
      : InlineKeyboard.from([[support]]);
    await ctx.send(lines.join('\n\n'), { reply_markup: keyboard });
  }

  async function sendDelivery(ctx: DeliveryChannel, delivery: Delivery, orderId: string) {
    const lines = [ctx.say('deliveryIntro', { number: String(delivery.orderNumber) })];
    const buttons: ReturnType<typeof InlineKeyboard.url>[][] = [];
    let download: Delivery['lines'][number]['download'] = null;
    const date = (d: Date | string, withTime = false) =>
      new Intl.DateTimeFormat(
        ctx.language,
        withTime
          ? {
              year: 'numeric',
              month: 'short',
              day: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
              timeZone: 'UTC',
              timeZoneName: 'short',
            }
          : { dateStyle: 'medium' },
      ).format(new Date(d));
    for (const line of delivery.lines) {
      if (line.missing) lines.push(ctx.say('deliveryMissing', { name: line.name }));
      else if (line.held) lines.push(ctx.say('deliveryHeld', { name: line.name }));
      else {
        for (const code of line.codes) lines.push(ctx.say('deliveryCode', { name: line.name, code }));
        lines.push(...termsOf(ctx, line, date));
      }
      if (line.download) {
        buttons.push([
          InlineKeyboard.url(ctx.say('deliveryDownload', { name: line.name }), line.download.link),
        ]);
        download ??= line.download;
      }
    }
    // The last message also offers "Contact support" about the order.
    const keyboard = InlineKeyboard.from([...buttons, [supportButton(ctx.say, orderId)]]);
    if (download) {
      lines.push(
        ctx.say('deliveryDownloadNote', {
          max: String(download.maxDownloads),
          date: date(download.expiresAt),
        }),
      );
    }
    // Many codes make a long text: Telegram takes 4,096 characters a message. The buttons go with the last.
    const messages = chunk(lines, MAX_MESSAGE_LENGTH);
    for (const [i, text] of messages.entries()) {
      const last = i === messages.length - 1;
      await ctx.send(text, last ? { reply_markup: keyboard } : {});
    }
  }

  async function payable(ctx: ShopContext, orderId: string) {
    if (!ctx.from) return false;
    return typeof (await pay.railsOf(shopRef(ctx), orderId, ctx.from.id)) !== 'string';
  }

  return { composer, offer, payable, deliverOwed };
}
