import { confirmCashOnDelivery, setOrderShipping } from '../../orders/order-payment.service';
import { orderNeedsShipping } from '../../orders/orders.service';
import { railsFor } from './rails';
import * as repo from './shop-payments.repository';
import type {
  PayableSummary,
  ReceiveResult,
  ShippingAddress,
  ShopPaymentsDeps,
  ShopRef,
  SuccessfulPaymentInput,
  Unpayable,
} from './shop-payments.types';
import { parsePayload, shippingQuote } from './shop-payments-invoices.service';
import {
  customerActor,
  nowOf,
  orderOf,
  payability,
  payOrder,
  providersOf,
  summaryOf,
} from './shop-payments-orders.service';

// The money (or its promise) arrives: Telegram's successful_payment, or cash on delivery chosen in the chat.

/** The address on one line, as the back-office shows it. */
const oneLine = (a: ShippingAddress | undefined) =>
  a
    ? [a.street_line1, a.street_line2, a.city, a.state, a.post_code, a.country_code]
        .map((s) => s?.trim())
        .filter(Boolean)
        .join(', ')
    : null;

/**
 * A successful_payment: records the charge once (its id is unique), then, in the same transaction, puts the
 * chosen shipping on the order, pays it by a conditional update, records payment.received and moves it.
 * A charge seen before changes nothing.
 */
export async function receivePayment(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  payerId: number,
  sp: SuccessfulPaymentInput,
): Promise<ReceiveResult> {
  const parsed = parsePayload(sp.invoice_payload);
  const at = nowOf(deps);
  // The shipping option's name, read before the transaction (the settings are another module's reads).
  const address = sp.order_info?.shipping_address;
  const before =
    parsed && (sp.shipping_option_id || address) ? await orderOf(deps, shop, parsed.orderId) : null;
  const quote = before ? await shippingQuote(deps, before, address) : null;
  return deps.db.transaction(async (tx) => {
    const order = parsed ? await orderOf(deps, shop, parsed.orderId, true, tx) : null;
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
    return { outcome: 'paid' as const, order: await summaryOf(deps, paid, tx) };
  });
}

/**
 * Cash on delivery: the address the customer wrote goes on the order, which stays unpaid (paid on
 * delivery) and keeps its stock. `address` null is only for goods that require no shipping. 'unknown' when
 * the order cannot take it (any more), or has goods to ship and no address.
 */
export async function chooseCashOnDelivery(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
  address: string | null,
): Promise<PayableSummary | Unpayable> {
  const at = nowOf(deps);
  const providers = await providersOf(deps, shop.botId);
  return deps.db.transaction(async (tx) => {
    const order = await orderOf(deps, shop, orderId, true, tx);
    const refused = payability(deps, order, shop, payerId);
    if (refused || !order) return refused ?? 'unknown';
    if (!railsFor(order.productType, order.currency, providers).includes('cash_on_delivery'))
      return 'unknown';
    if (address === null && (await orderNeedsShipping(tx, order.vendorId, order.id))) return 'unknown';
    await confirmCashOnDelivery(tx, order, address, customerActor(order), at);
    return summaryOf(deps, order, tx);
  });
}
