import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { OrderProductType } from '@app/contracts/catalogue';
import type { OrderDetail } from '@app/contracts/orders';
import { starsFor } from '@app/contracts/payments';
import type { PaymentProviderId, ShippingRegion } from '@app/contracts/settings';
import type { Db, Tx } from '../../../db/types';
import { type Actor, inBotScope } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import type { CryptoProvider, ProviderStatus } from '../../../lib/nowpayments';
import { verifyIpn } from '../../../lib/nowpayments';
import { type BotApi, TelegramApiError, TelegramUnreachableError } from '../../../lib/telegram/bot-api';
import type { BotsService } from '../../bots/bots.service';
import { type EventActor, recordEvent, SYSTEM_ACTOR } from '../../events/record-event';
import {
  advanceOrder,
  confirmCashOnDelivery,
  findPayableOrder,
  markOrderPaid,
  type PayableOrder,
  recordDelivery,
  refundOrderFigures,
  setOrderShipping,
} from '../../orders/order-payment.service';
import { eventActorOf, type OrdersService, orderItems } from '../../orders/orders.service';
import { codesForOrder, digitalDeliveryOf } from '../../products/product-delivery.service';
import type { SettingsService } from '../../settings/settings.service';
import { railsFor } from './rails';
import { regionOfCountry } from './shipping-region';
import * as repo from './shop-payments.repository';

export type ShopPaymentsLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type ShopPaymentsDeps = {
  db: Db;
  botApi: BotApi;
  bots: Pick<BotsService, 'shopOf'>;
  settings: Pick<SettingsService['runtime'], 'getPaymentProviders' | 'quoteShipping'>;
  orders: Pick<OrdersService, 'get'>;
  publicUrl: string;
  /** Telegram Stars per US dollar (STARS_PER_USD): digital goods are priced in Stars from their USD value. */
  starsPerUsd: number;
  /** The key that signs download links (derived from APP_SECRET). */
  downloadKey: Uint8Array;
  /** A crypto provider client acting with the vendor's own API key. */
  cryptoProviderFor(apiKey: string): CryptoProvider;
  /** One of the vendor's uploaded files (the media module's), to stream to a buyer. */
  openFile(
    vendorId: string,
    mediaId: string,
  ): Promise<{ name: string; mimeType: string; size: number; stream: Readable }>;
  now?: () => Date;
  log?: ShopPaymentsLog;
};

/** The shop a runtime call is made for. */
export type ShopRef = { vendorId: string; botId: string };

/** A placed order as payment shows it to the customer. */
export type PayableSummary = {
  id: string;
  number: number;
  productType: OrderProductType;
  totalMinor: number;
  currency: string;
  /** The Stars price of a digital order (at the configured rate), else null. */
  stars: number | null;
  itemNames: string[];
};

/** Why an order cannot be paid now. */
export type Unpayable = 'unknown' | 'not_yours' | 'paid' | 'expired';

/** What sendInvoice needs for one order and rail; the words around it are the runtime's. */
export type InvoiceSpec = {
  order: PayableSummary;
  payload: string;
  currency: string;
  amount: number;
  /** '' for Stars. Never logged, never answered. */
  providerToken: string;
  /** Physical goods: Telegram asks the address and the shop answers shipping options. */
  needShipping: boolean;
};

export type ShippingAddress = {
  country_code: string;
  state?: string;
  city?: string;
  street_line1?: string;
  street_line2?: string;
  post_code?: string;
};
export type OrderInfo = { name?: string; phone_number?: string; shipping_address?: ShippingAddress };

export type PreCheckoutInput = {
  from: { id: number };
  currency: string;
  total_amount: number;
  invoice_payload: string;
  shipping_option_id?: string;
  order_info?: OrderInfo;
};

export type PreCheckoutVerdict = 'ok' | Unpayable | 'amount';

export type SuccessfulPaymentInput = {
  currency: string;
  total_amount: number;
  invoice_payload: string;
  telegram_payment_charge_id: string;
  provider_payment_charge_id?: string;
  shipping_option_id?: string;
  order_info?: OrderInfo;
};

export type ReceiveResult =
  | { outcome: 'paid'; order: PayableSummary }
  /** This charge was credited before: nothing happens again. */
  | { outcome: 'duplicate' }
  /** Recorded, but the order could not take it (paid already, cancelled, or not this shop's). */
  | { outcome: 'unapplied'; orderNumber: number | null };

export type DeliveredLine = {
  name: string;
  codes: string[];
  download: { link: string; maxDownloads: number; expiresAt: Date } | null;
  /** Nothing could be delivered for this line (an empty pool, no file): the vendor has to. */
  missing: boolean;
};
export type Delivery = { orderNumber: number; lines: DeliveredLine[] };

export type DownloadTarget =
  | { kind: 'redirect'; url: string }
  | { kind: 'file'; name: string; mimeType: string; size: number; stream: Readable };

const PAYLOAD = /^order:([0-9a-f-]{36}):([a-z_]{1,20})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invoice payload: names the order and the rail (Telegram gives it back in every payment update). */
export const invoicePayload = (orderId: string, provider: PaymentProviderId) =>
  `order:${orderId}:${provider}`;

function parsePayload(payload: string): { orderId: string; provider: PaymentProviderId } | null {
  const m = PAYLOAD.exec(payload);
  return m?.[1] && m[2] ? { orderId: m[1], provider: m[2] as PaymentProviderId } : null;
}

const oneLine = (a: ShippingAddress | undefined) =>
  a
    ? [a.street_line1, a.street_line2, a.city, a.state, a.post_code, a.country_code]
        .map((s) => s?.trim())
        .filter(Boolean)
        .join(', ')
    : null;

const customerActor = (o: PayableOrder): EventActor => ({
  kind: 'customer',
  id: o.customerId,
  name: o.customerName,
});

/** NOWPayments' statuses that end a payment without money: it failed. */
const FAILED_STATUSES: readonly ProviderStatus[] = ['failed', 'expired'];

/**
 * Shop payments: what a customer pays a vendor's shop bot for an order (Stars, the bot's Telegram Payments
 * providers, crypto, cash on delivery), delivering what was paid for, and refunds. A Telegram charge is
 * credited once (unique charge id, and a conditional update of the order); every change records its event.
 */
export function createShopPaymentsService(deps: ShopPaymentsDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  const starsOf = (o: PayableOrder) =>
    o.productType === 'digital' ? starsFor(o.totalUsdMinor, deps.starsPerUsd) : null;

  // `conn`: inside a transaction, its handle (PGlite has one connection: reading through `db` there waits forever).
  async function summaryOf(o: PayableOrder, conn: Db | Tx = db): Promise<PayableSummary> {
    const items = await orderItems(conn, o.vendorId, o.id);
    return {
      id: o.id,
      number: o.number,
      productType: o.productType,
      totalMinor: o.totalMinor,
      currency: o.currency,
      stars: starsOf(o),
      itemNames: items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)),
    };
  }

  /** The shop's order when it may be paid now by this customer; otherwise why not. */
  function payability(o: PayableOrder | null, shop: ShopRef, payerId: number | null): Unpayable | null {
    if (!o || o.botId !== shop.botId) return 'unknown';
    if (payerId !== null && o.customerTelegramId !== payerId) return 'not_yours';
    if (o.paymentStatus !== 'pending' || o.status === 'cancelled')
      return o.status === 'cancelled' ? 'expired' : 'paid';
    if (o.reservedUntil && o.reservedUntil.getTime() <= now().getTime()) return 'expired';
    return null;
  }

  const orderOf = (shop: ShopRef, orderId: string, forUpdate = false, conn: Db | Tx = db) =>
    UUID.test(orderId) ? findPayableOrder(conn, shop.vendorId, orderId, forUpdate) : Promise.resolve(null);

  const providersOf = async (botId: string) => (await deps.settings.getPaymentProviders(botId)) ?? [];

  // --- Download links ---

  const sign = (id: string) =>
    createHmac('sha256', deps.downloadKey).update(`download:${id}`).digest('base64url');
  const downloadLink = (id: string) => `${deps.publicUrl}/api/v1/downloads/${id}.${sign(id)}`;

  function downloadIdOf(token: string): string | null {
    const [id, sig] = token.split('.');
    if (!id || !sig || !UUID.test(id)) return null;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  /** Pays the order (once) and moves it as its type says; records payment.received. In the caller's tx. */
  async function payOrder(
    tx: Tx,
    order: PayableOrder,
    rail: PaymentProviderId,
    at: Date,
    stars: number | null,
  ): Promise<PayableOrder | null> {
    if (!(await markOrderPaid(tx, order, rail, at))) return null;
    const actor = customerActor(order);
    await recordEvent(tx, {
      vendorId: order.vendorId,
      botId: order.botId,
      type: 'payment.received',
      actor,
      subject: { kind: 'order', id: order.id },
      payload: {
        orderId: order.id,
        orderNumber: order.number,
        amountMinor: order.totalMinor,
        currency: order.currency,
        amountUsdMinor: order.totalUsdMinor,
        rail,
        starsAmount: stars,
      },
      at,
    });
    // ARCHITECTURE.md "Order statuses": digital goods are being delivered, a service is scheduled (its
    // booking was taken at checkout), physical goods wait for the vendor.
    const paid = { ...order, paymentStatus: 'paid' as const };
    if (order.productType === 'digital') return advanceOrder(tx, paid, 'processing', SYSTEM_ACTOR, at);
    if (order.productType === 'service') return advanceOrder(tx, paid, 'scheduled', SYSTEM_ACTOR, at);
    return paid;
  }

  /** The shipping option Telegram's address and option id name, priced for the order now. */
  async function shippingQuote(order: PayableOrder, address: ShippingAddress | undefined) {
    const region: ShippingRegion | null = address ? regionOfCountry(address.country_code) : null;
    if (!region) return null;
    return deps.settings.quoteShipping(order.botId, region, order.itemsMinor);
  }

  const runtime = {
    /** The order and the rails it may be paid by now (Telegram's rules, the bot's providers). */
    async railsOf(
      shop: ShopRef,
      orderId: string,
      payerId: number,
    ): Promise<{ order: PayableSummary; rails: PaymentProviderId[] } | Unpayable> {
      const order = await orderOf(shop, orderId);
      const refused = payability(order, shop, payerId);
      if (refused || !order) return refused ?? 'unknown';
      const rails = railsFor(order.productType, order.currency, await providersOf(shop.botId));
      return { order: await summaryOf(order), rails };
    },

    /** What to send as the invoice of an order on a Telegram rail (Stars or a provider token). */
    async invoiceFor(
      shop: ShopRef,
      orderId: string,
      provider: PaymentProviderId,
      payerId: number,
    ): Promise<InvoiceSpec | Unpayable> {
      const order = await orderOf(shop, orderId);
      const refused = payability(order, shop, payerId);
      if (refused || !order) return refused ?? 'unknown';
      const providers = await providersOf(shop.botId);
      if (!railsFor(order.productType, order.currency, providers).includes(provider)) return 'unknown';
      const summary = await summaryOf(order);
      const payload = invoicePayload(order.id, provider);
      if (provider === 'stars') {
        return {
          order: summary,
          payload,
          currency: 'XTR',
          amount: summary.stars ?? 0,
          providerToken: '',
          needShipping: false,
        };
      }
      const token = providers.find((p) => p.id === provider)?.secrets.providerToken;
      if (!token) return 'unknown';
      return {
        order: summary,
        payload,
        currency: order.currency,
        // The lines' sum: Telegram adds the shipping option the customer picks.
        amount: order.productType === 'service' ? order.totalMinor : order.itemsMinor,
        providerToken: token,
        needShipping: order.productType === 'physical' || order.productType === 'mixed',
      };
    },

    /** The options to answer a shipping_query with (the bot's shipping settings for the address's zone). */
    async shippingOptions(
      shop: ShopRef,
      payload: string,
      address: ShippingAddress,
    ): Promise<{ currency: string; options: { id: string; name: string; priceMinor: number }[] } | null> {
      const parsed = parsePayload(payload);
      const order = parsed ? await orderOf(shop, parsed.orderId) : null;
      if (!order || payability(order, shop, null)) return null;
      const quote = await shippingQuote(order, address);
      if (!quote || quote.options.length === 0) return null;
      return {
        currency: quote.currency,
        options: quote.options.map((o) => ({ id: o.methodId, name: o.name, priceMinor: o.priceMinor })),
      };
    },

    /**
     * Telegram asks whether to take the money (answer within 10 s): only for this shop's order, by its
     * customer, still pending and unpaid, its reservation not expired, and for exactly the amount and currency
     * asked (Stars at the rate; else the lines plus the chosen shipping option's price now).
     */
    async preCheckout(shop: ShopRef, q: PreCheckoutInput): Promise<PreCheckoutVerdict> {
      const parsed = parsePayload(q.invoice_payload);
      const order = parsed ? await orderOf(shop, parsed.orderId) : null;
      const refused = payability(order, shop, q.from.id);
      if (refused || !order || !parsed) return refused ?? 'unknown';
      if (parsed.provider === 'stars') {
        return q.currency === 'XTR' && q.total_amount === starsOf(order) ? 'ok' : 'amount';
      }
      if (q.currency !== order.currency) return 'amount';
      if (order.productType !== 'physical' && order.productType !== 'mixed') {
        return q.total_amount === order.totalMinor ? 'ok' : 'amount';
      }
      const quote = await shippingQuote(order, q.order_info?.shipping_address);
      const option = quote?.options.find((o) => o.methodId === q.shipping_option_id);
      if (!option) return 'amount';
      return q.total_amount === order.itemsMinor + option.priceMinor ? 'ok' : 'amount';
    },

    /**
     * A successful_payment: records the charge once (its id is unique), then, in the same transaction, puts the
     * chosen shipping on the order, pays it by a conditional update, records payment.received and moves it.
     * A charge seen before changes nothing.
     */
    async receive(shop: ShopRef, payerId: number, sp: SuccessfulPaymentInput): Promise<ReceiveResult> {
      const parsed = parsePayload(sp.invoice_payload);
      const at = now();
      // The shipping option's name, read before the transaction (the settings are another module's reads).
      const address = sp.order_info?.shipping_address;
      const before =
        parsed && (sp.shipping_option_id || address) ? await orderOf(shop, parsed.orderId) : null;
      const quote = before ? await shippingQuote(before, address) : null;
      return db.transaction(async (tx) => {
        const order = parsed ? await orderOf(shop, parsed.orderId, true, tx) : null;
        if (!order || !parsed || order.botId !== shop.botId) {
          deps.log?.warn({ botId: shop.botId }, 'a shop payment names no order of this bot');
          return { outcome: 'unapplied' as const, orderNumber: null };
        }
        const charge = await repo.insertCharge(tx, {
          vendorId: order.vendorId,
          orderId: order.id,
          botId: order.botId,
          provider: parsed.provider,
          status: 'paid',
          amount: sp.total_amount,
          currency: sp.currency,
          telegramChargeId: sp.telegram_payment_charge_id,
          providerChargeId: sp.provider_payment_charge_id || null,
          payerTelegramId: payerId,
          paidAt: at,
        });
        if (!charge) return { outcome: 'duplicate' as const };
        let current = order;
        if (sp.shipping_option_id || address) {
          const option = quote?.options.find((o) => o.methodId === sp.shipping_option_id);
          current = await setOrderShipping(
            tx,
            order,
            {
              method: option?.name ?? null,
              methodId: sp.shipping_option_id ?? null,
              // What Telegram charged beyond the lines is the shipping the customer paid.
              priceMinor: Math.max(sp.total_amount - order.itemsMinor, 0),
              address: oneLine(address),
            },
            customerActor(order),
            at,
          );
        }
        const stars = parsed.provider === 'stars' ? sp.total_amount : null;
        const paid = await payOrder(tx, current, parsed.provider, at, stars);
        if (!paid) {
          deps.log?.warn(
            { orderId: order.id, chargeId: sp.telegram_payment_charge_id },
            'a shop payment arrived for an order that no longer takes one',
          );
          return { outcome: 'unapplied' as const, orderNumber: order.number };
        }
        return { outcome: 'paid' as const, order: await summaryOf(paid, tx) };
      });
    },

    /**
     * What a paid digital order delivers, line by line: its codes (those checkout claimed, topped up to the
     * quantity only when it claimed fewer; a repeated delivery finds the same ones) and its download link (one
     * per line, kept across re-sends with its count and expiry). Records the delivery on the order.
     */
    async prepareDelivery(shop: ShopRef, orderId: string): Promise<Delivery | null> {
      const at = now();
      return db.transaction(async (tx) => {
        const order = await orderOf(shop, orderId, true, tx);
        if (!order || order.botId !== shop.botId || order.paymentStatus !== 'paid') return null;
        const lines: DeliveredLine[] = [];
        let codesIssued = 0;
        let firstLink: string | null = null;
        for (const item of await orderItems(tx, order.vendorId, order.id)) {
          if (item.productType !== 'digital' || !item.productId) continue;
          const productId = item.productId;
          const delivery = await digitalDeliveryOf(tx, order.vendorId, productId);
          if (!delivery) {
            lines.push({ name: item.name, codes: [], download: null, missing: true });
          } else if (delivery.kind === 'codes') {
            // A savepoint: an empty pool leaves this line missing without undoing the others.
            const codes = await tx
              .transaction((sp) => codesForOrder(sp, order.vendorId, productId, order.id, item.quantity))
              .catch((err: unknown) => {
                if (err instanceof AppError && err.code === 'CODES_UNAVAILABLE') return null;
                throw err;
              });
            codesIssued += codes?.length ?? 0;
            lines.push({ name: item.name, codes: codes ?? [], download: null, missing: codes === null });
          } else if (delivery.fileMediaId || delivery.downloadUrl) {
            const row = await repo.ensureDownload(tx, {
              vendorId: order.vendorId,
              orderId: order.id,
              orderItemId: item.id,
              productId,
              mediaId: delivery.fileMediaId,
              url: delivery.fileMediaId ? null : delivery.downloadUrl,
              maxDownloads: delivery.maxDownloads,
              expiresAt: new Date(at.getTime() + delivery.downloadExpiryDays * 86_400_000),
            });
            const link = downloadLink(row.id);
            firstLink ??= link;
            const download = { link, maxDownloads: row.maxDownloads, expiresAt: row.expiresAt };
            lines.push({ name: item.name, codes: [], download, missing: false });
          } else {
            lines.push({ name: item.name, codes: [], download: null, missing: true });
          }
        }
        await recordDelivery(tx, order, { codesIssued, deliveredAt: at, downloadLink: firstLink });
        return { orderNumber: order.number, lines };
      });
    },

    /** The delivery reached the customer: a digital order completes. */
    async completeDelivery(shop: ShopRef, orderId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await orderOf(shop, orderId, true, tx);
        if (!order || order.botId !== shop.botId || order.paymentStatus !== 'paid') return;
        await advanceOrder(tx, order, 'completed', SYSTEM_ACTOR, now());
      });
    },

    /**
     * A crypto payment page for the order (the bot's crypto provider, the vendor's own keys): a pending payment
     * names the order, the provider's IPN completes it. Null when the provider cannot be used or refused.
     */
    async cryptoLink(
      shop: ShopRef,
      orderId: string,
      payerId: number,
    ): Promise<{ url: string; order: PayableSummary } | Unpayable | null> {
      const order = await orderOf(shop, orderId);
      const refused = payability(order, shop, payerId);
      if (refused || !order) return refused ?? 'unknown';
      const providers = await providersOf(shop.botId);
      const crypto = providers.find((p) => p.kind === 'crypto');
      const apiKey = crypto?.secrets.apiKey;
      if (!apiKey || !railsFor(order.productType, order.currency, providers).includes('crypto')) return null;
      const payment = await repo.insertPayment(db, {
        vendorId: order.vendorId,
        orderId: order.id,
        botId: order.botId,
        provider: 'crypto',
        amount: order.totalMinor,
        currency: order.currency,
        payerTelegramId: payerId,
      });
      try {
        const invoice = await deps.cryptoProviderFor(apiKey).createInvoice({
          price_amount: order.totalMinor / 100,
          price_currency: order.currency.toLowerCase(),
          ipn_callback_url: `${deps.publicUrl}/api/v1/shop-payments/ipn`,
          order_id: payment.id,
          order_description: `#${order.number}`,
        });
        await repo.updatePayment(db, order.vendorId, payment.id, {
          providerInvoiceId: String(invoice.id),
          invoiceUrl: invoice.invoice_url,
        });
        return { url: invoice.invoice_url, order: await summaryOf(order) };
      } catch (err) {
        deps.log?.warn({ orderId: order.id, err: String(err) }, 'the crypto provider refused an invoice');
        await repo.updatePayment(db, order.vendorId, payment.id, { status: 'failed' });
        return null;
      }
    },

    /**
     * Cash on delivery: the address the customer wrote goes on the order, which stays unpaid (paid on
     * delivery) and keeps its stock. Null when the order cannot take it (any more).
     */
    async cashOnDelivery(
      shop: ShopRef,
      orderId: string,
      payerId: number,
      address: string,
    ): Promise<PayableSummary | Unpayable> {
      const at = now();
      const providers = await providersOf(shop.botId);
      return db.transaction(async (tx) => {
        const order = await orderOf(shop, orderId, true, tx);
        const refused = payability(order, shop, payerId);
        if (refused || !order) return refused ?? 'unknown';
        if (!railsFor(order.productType, order.currency, providers).includes('cash_on_delivery'))
          return 'unknown';
        await confirmCashOnDelivery(tx, order, address, customerActor(order), at);
        return summaryOf(order, tx);
      });
    },
  };

  return {
    runtime,

    /**
     * A verified IPN of the crypto provider for a shop payment (`x-nowpayments-sig` checked with the IPN
     * secret of the bot the payment belongs to; anything else is refused as a bad signature). `finished`
     * pays the order once; `failed` and `expired` fail the payment; a repeated IPN changes nothing.
     */
    async receiveIpn(body: Record<string, unknown>, signature: string | undefined): Promise<void> {
      const id = typeof body.order_id === 'string' && UUID.test(body.order_id) ? body.order_id : null;
      const payment = id ? await repo.findPaymentById(db, id) : undefined;
      const secret =
        payment?.provider === 'crypto'
          ? (await providersOf(payment.botId)).find((p) => p.kind === 'crypto')?.secrets.ipnSecret
          : undefined;
      if (!payment || !secret || !verifyIpn(body, signature, secret))
        throw new AppError('IPN_SIGNATURE_INVALID');
      const invoiceId = body.invoice_id === undefined ? null : String(body.invoice_id);
      if (invoiceId && payment.providerInvoiceId && invoiceId !== payment.providerInvoiceId) return;
      const status = body.payment_status as ProviderStatus;
      const at = now();
      await db.transaction(async (tx) => {
        const locked = await repo.lockPaymentById(tx, payment.id);
        if (locked?.status !== 'pending') return;
        const providerPaymentId = body.payment_id === undefined ? null : String(body.payment_id);
        if (status === 'finished') {
          await repo.movePayment(tx, locked.vendorId, locked.id, 'pending', {
            status: 'paid',
            paidAt: at,
            providerPaymentId,
          });
          const order = await findPayableOrder(tx, locked.vendorId, locked.orderId, true);
          if (!order || !(await payOrder(tx, order, 'crypto', at, null))) {
            deps.log?.warn(
              { paymentId: locked.id },
              'a crypto payment finished for an order that no longer takes one',
            );
          }
        } else if (FAILED_STATUSES.includes(status)) {
          await repo.movePayment(tx, locked.vendorId, locked.id, 'pending', {
            status: 'failed',
            providerPaymentId,
          });
          const order = await findPayableOrder(tx, locked.vendorId, locked.orderId);
          if (order) {
            await recordEvent(tx, {
              vendorId: order.vendorId,
              botId: order.botId,
              type: 'payment.failed',
              actor: SYSTEM_ACTOR,
              subject: { kind: 'order', id: order.id },
              payload: {
                orderId: order.id,
                orderNumber: order.number,
                amountMinor: order.totalMinor,
                currency: order.currency,
                rail: 'crypto',
                reason: status,
              },
              at,
            });
          }
        } else if (providerPaymentId && providerPaymentId !== locked.providerPaymentId) {
          await repo.updatePayment(tx, locked.vendorId, locked.id, { providerPaymentId });
        }
      });
    },

    /**
     * Refunds a paid order (the back-office's Refund). A Stars payment goes back through Telegram first
     * (`refundStarPayment` from the vendor's bot; a charge Telegram says is refunded already counts as done);
     * other rails are refunded by the vendor at their provider, and this records it. Then, in one transaction:
     * the payment and the order's payment status become refunded, the order is cancelled with its rollups,
     * what the customer did not receive goes back to stock, and refund.created is recorded.
     */
    async refund(actor: Actor, orderId: string): Promise<OrderDetail> {
      const order = UUID.test(orderId) ? await findPayableOrder(db, actor.vendorId, orderId) : null;
      if (!order || !inBotScope(actor.botIds, order.botId)) throw new AppError('ORDER_NOT_FOUND');
      if (order.paymentStatus !== 'paid') throw new AppError('ORDER_NOT_REFUNDABLE');
      const payment = await repo.paidPaymentOf(db, actor.vendorId, order.id);
      if (payment?.provider === 'stars' && payment.telegramChargeId && payment.payerTelegramId) {
        await refundStars(order.botId, payment.payerTelegramId, payment.telegramChargeId);
      }
      const at = now();
      await db.transaction(async (tx) => {
        const locked = await findPayableOrder(tx, actor.vendorId, order.id, true);
        // A refund that ran meanwhile has done it all.
        if (locked?.paymentStatus !== 'paid') return;
        const who = await eventActorOf(tx, actor);
        await refundOrderFigures(tx, locked, who, at);
        if (payment) {
          await repo.movePayment(tx, payment.vendorId, payment.id, 'paid', {
            status: 'refunded',
            refundedAt: at,
          });
        }
        await recordEvent(tx, {
          vendorId: locked.vendorId,
          botId: locked.botId,
          type: 'refund.created',
          actor: who,
          subject: { kind: 'order', id: locked.id },
          payload: {
            orderId: locked.id,
            orderNumber: locked.number,
            amountMinor: locked.totalMinor,
            currency: locked.currency,
            amountUsdMinor: locked.totalUsdMinor,
            rail: payment?.provider ?? null,
            starsAmount: payment?.provider === 'stars' ? payment.amount : null,
            customerTelegramId: locked.customerTelegramId,
          },
          at,
        });
      });
      return deps.orders.get(actor, order.id);
    },

    /**
     * A buyer opens a download link: the signature must be ours, the link not expired and under its
     * download limit (each opening counts one). An uploaded file streams; an outside address is redirected to.
     */
    async openDownload(token: string): Promise<DownloadTarget> {
      const id = downloadIdOf(token);
      const at = now();
      const taken = id ? await repo.takeDownload(db, id, at) : undefined;
      if (!taken) {
        const row = id ? await repo.findDownloadById(db, id) : undefined;
        if (!row) throw new AppError('DOWNLOAD_NOT_FOUND');
        throw new AppError(row.expiresAt <= at ? 'DOWNLOAD_EXPIRED' : 'DOWNLOAD_LIMIT_REACHED');
      }
      if (taken.mediaId) {
        try {
          return { kind: 'file', ...(await deps.openFile(taken.vendorId, taken.mediaId)) };
        } catch (err) {
          if (err instanceof AppError && err.code === 'MEDIA_NOT_FOUND')
            throw new AppError('DOWNLOAD_NOT_FOUND');
          throw err;
        }
      }
      if (taken.url) return { kind: 'redirect', url: taken.url };
      throw new AppError('DOWNLOAD_NOT_FOUND');
    },
  };

  async function refundStars(botId: string, userId: number, chargeId: string): Promise<void> {
    const shop = await deps.bots.shopOf(botId);
    if (!shop) throw new AppError('BOT_NOT_FOUND');
    try {
      await deps.botApi.call(shop.token, 'refundStarPayment', {
        user_id: userId,
        telegram_payment_charge_id: chargeId,
      });
    } catch (err) {
      // Refunded before (a retry after a failure on our side): the Stars are back, record it.
      if (err instanceof TelegramApiError && err.description.includes('CHARGE_ALREADY_REFUNDED')) return;
      if (err instanceof TelegramUnreachableError) throw new AppError('TELEGRAM_UNAVAILABLE');
      if (err instanceof TelegramApiError) {
        throw new AppError('TELEGRAM_ERROR', `Telegram refused the refund: ${err.description}`);
      }
      throw err;
    }
  }
}

export type ShopPaymentsService = ReturnType<typeof createShopPaymentsService>;
export type ShopPaymentsRuntime = ShopPaymentsService['runtime'];
