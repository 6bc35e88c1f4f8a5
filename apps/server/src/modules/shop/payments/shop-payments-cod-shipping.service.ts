import type { ShippingQuote, ShippingRegion } from '@app/contracts/settings';
import { setOrderShipping } from '../../orders/order-payment.service';
import { orderNeedsShipping } from '../../orders/orders.service';
import { railsFor } from './rails';
import type { PayableSummary, ShopPaymentsDeps, ShopRef, Unpayable } from './shop-payments.types';
import {
  customerActor,
  nowOf,
  orderOf,
  payability,
  providersOf,
  summaryOf,
} from './shop-payments-orders.service';

// Shipping for cash on delivery. Telegram Payments asks the address and sends a shipping_query; cash on
// delivery has no invoice, so the bot asks the customer's zone and method in the chat itself, and the chosen
// method's price (free at the threshold) goes on the order exactly as a paid shipping option does.

/**
 * The cash-on-delivery order, whether it ships at all (goods that require no shipping: no zone, method or
 * address to ask), and the zones the bot ships to (none: the bot has no shipping methods).
 */
export async function codShippingZones(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
): Promise<{ order: PayableSummary; ships: boolean; regions: ShippingRegion[] } | Unpayable> {
  const order = await orderOf(deps, shop, orderId);
  const refused = payability(deps, order, shop, payerId);
  if (refused || !order) return refused ?? 'unknown';
  const providers = await providersOf(deps, shop.botId);
  if (!railsFor(order.productType, order.currency, providers).includes('cash_on_delivery')) return 'unknown';
  const ships = await orderNeedsShipping(deps.db, order.vendorId, order.id);
  return {
    order: await summaryOf(deps, order),
    ships,
    regions: ships ? await deps.settings.shippingRegionsOf(shop.botId) : [],
  };
}

/** The methods a cash-on-delivery order may ship by to `region` (null: elsewhere), priced now; null: none. */
export async function codShippingQuote(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
  region: ShippingRegion | null,
): Promise<{ order: PayableSummary; quote: ShippingQuote | null } | Unpayable> {
  const order = await orderOf(deps, shop, orderId);
  const refused = payability(deps, order, shop, payerId);
  if (refused || !order) return refused ?? 'unknown';
  const quote = region ? await deps.settings.quoteShipping(shop.botId, region, order.itemsMinor) : null;
  return {
    order: await summaryOf(deps, order),
    quote: quote && quote.options.length > 0 ? quote : null,
  };
}

/**
 * Puts the chosen method on the order (its price now, for the zone chosen): the total becomes the lines plus
 * shipping. 'unavailable' when the method no longer ships there.
 */
export async function chooseCodShipping(
  deps: ShopPaymentsDeps,
  shop: ShopRef,
  orderId: string,
  payerId: number,
  region: ShippingRegion,
  methodId: string,
): Promise<{ order: PayableSummary; method: string } | Unpayable | 'unavailable'> {
  const before = await orderOf(deps, shop, orderId);
  if (!before) return 'unknown';
  const quote = await deps.settings.quoteShipping(shop.botId, region, before.itemsMinor);
  const option = quote?.options.find((o) => o.methodId === methodId);
  if (!option) return 'unavailable';
  const at = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const order = await orderOf(deps, shop, orderId, true, tx);
    const refused = payability(deps, order, shop, payerId);
    if (refused || !order) return refused ?? 'unknown';
    const shipped = await setOrderShipping(
      tx,
      order,
      { method: option.name, methodId: option.methodId, priceMinor: option.priceMinor, address: null },
      customerActor(order),
      at,
    );
    return { order: await summaryOf(deps, shipped, tx), method: option.name };
  });
}
