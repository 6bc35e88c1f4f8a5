import type { PaymentProviderId, ShippingRegion } from '@app/contracts/settings';
import type { PayableOrder } from '../../orders/order-payment.service';
import { orderNeedsShipping } from '../../orders/orders.service';
import { railsFor } from './rails';
import { regionOfCountry } from './shipping-region';
import type {
  InvoiceSpec,
  PayableSummary,
  PreCheckoutInput,
  PreCheckoutVerdict,
  ShippingAddress,
  ShopPaymentsDeps,
  ShopRef,
  Unpayable,
} from './shop-payments.types';
import { orderOf, payability, providersOf, starsOf, summaryOf } from './shop-payments-orders.service';

// Before the money: which rails an order may be paid by, the invoice Telegram shows, the shipping options it
// asks for, and the yes or no to its pre-checkout query.

const PAYLOAD = /^order:([0-9a-f-]{36}):([a-z_]{1,20})$/;

/** The invoice payload: names the order and the rail (Telegram gives it back in every payment update). */
export const invoicePayload = (orderId: string, provider: PaymentProviderId) =>
  `order:${orderId}:${provider}`;

/** The order and rail an invoice payload names; null for anything this shop did not send. */
export function parsePayload(payload: string): { orderId: string; provider: PaymentProviderId } | null {
  const m = PAYLOAD.exec(payload);
  return m?.[1] && m[2] ? { orderId: m[1], provider: m[2] as PaymentProviderId } : null;
}

/** The shipping option Telegram's address and option id name, priced for the order now. */
export async function shippingQuote(
  deps: ShopPaymentsDeps,
  order: PayableOrder,
  address: ShippingAddress | undefined,
) {
  const region: ShippingRegion | null = address ? regionOfCountry(address.country_code) : null;
  if (!region) return null;
  return deps.settings.quoteShipping(order.botId, region, order.itemsMinor);
}

/** The order and the rails it may be paid by now (Telegram's rules, the bot's providers). */
export async function paymentRailsOf(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
): Promise<{ order: PayableSummary; rails: PaymentProviderId[] } | Unpayable> {
  const order = await orderOf(deps, shop, orderId);
  const refused = payability(deps, order, shop, payerId);
  if (refused || !order) return refused ?? 'unknown';
  const rails = railsFor(order.productType, order.currency, await providersOf(deps, shop.botId));
  return { order: await summaryOf(deps, order), rails };
}

/** What to send as the invoice of an order on a Telegram rail (Stars or a provider token). */
export async function invoiceFor(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  provider: PaymentProviderId,
  payerId: number,
): Promise<InvoiceSpec | Unpayable> {
  const order = await orderOf(deps, shop, orderId);
  const refused = payability(deps, order, shop, payerId);
  if (refused || !order) return refused ?? 'unknown';
  const providers = await providersOf(deps, shop.botId);
  if (!railsFor(order.productType, order.currency, providers).includes(provider)) return 'unknown';
  const summary = await summaryOf(deps, order);
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
    // Goods that require no shipping (the product's requiresShipping off): no address, no shipping options.
    needShipping:
      (order.productType === 'physical' || order.productType === 'mixed') &&
      (await orderNeedsShipping(deps.db, order.vendorId, order.id)),
  };
}

/** The options to answer a shipping_query with (the bot's shipping settings for the address's zone). */
export async function shippingOptionsFor(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  payload: string,
  address: ShippingAddress,
): Promise<{
  currency: string;
  options: { id: string; name: string; description: string; priceMinor: number }[];
} | null> {
  const parsed = parsePayload(payload);
  const order = parsed ? await orderOf(deps, shop, parsed.orderId) : null;
  if (!order || payability(deps, order, shop, null)) return null;
  const quote = await shippingQuote(deps, order, address);
  if (!quote || quote.options.length === 0) return null;
  return {
    currency: quote.currency,
    options: quote.options.map((o) => ({
      id: o.methodId,
      name: o.name,
      description: o.description,
      priceMinor: o.priceMinor,
    })),
  };
}

/**
 * Telegram asks whether to take the money (answer within 10 s): only for this shop's order, by its
 * customer, still pending and unpaid, its reservation not expired, and for exactly the amount and currency
 * asked (Stars at the rate; else the lines plus the chosen shipping option's price now).
 */
export async function answerPreCheckout(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  q: PreCheckoutInput,
): Promise<PreCheckoutVerdict> {
  const parsed = parsePayload(q.invoice_payload);
  const order = parsed ? await orderOf(deps, shop, parsed.orderId) : null;
  const refused = payability(deps, order, shop, q.from.id);
  if (refused || !order || !parsed) return refused ?? 'unknown';
  if (parsed.provider === 'stars') {
    return q.currency === 'XTR' && q.total_amount === starsOf(deps, order) ? 'ok' : 'amount';
  }
  if (q.currency !== order.currency) return 'amount';
  if (order.productType !== 'physical' && order.productType !== 'mixed') {
    return q.total_amount === order.totalMinor ? 'ok' : 'amount';
  }
  const quote = await shippingQuote(deps, order, q.order_info?.shipping_address);
  const option = quote?.options.find((o) => o.methodId === q.shipping_option_id);
  if (!option) return 'amount';
  return q.total_amount === order.itemsMinor + option.priceMinor ? 'ok' : 'amount';
}
