import type { OrderProductType, ProductType } from '@app/contracts/catalogue';
import { PLANS, type Plan } from '@app/contracts/plans';
import { cancellationNoticeHours, type ServiceSlot } from '@app/contracts/products';
import type { Db, Tx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { eventRecordedSince, recordEvent, SYSTEM_ACTOR } from '../events/record-event';
import {
  liveOrdersSince,
  lockBotOrders,
  type NewOrderItem,
  noteCodesReserved,
  placeOrder,
  taxedTotal,
} from '../orders/orders.service';
import { claimCodes } from '../products/product-codes.service';
import { bookSlot, holdProducts, productsForSale, seriesForSale } from '../products/products-sale.service';
import {
  isSellableChoice,
  lineNameOf,
  maxQuantityOf,
  type SaleProduct,
  stockBounded,
  unitPriceOf,
} from '../products/sale-rules';

/** How long a shop order holds its stock, codes and slot while the customer pays. */
export const RESERVATION_MS = 15 * 60_000;

export type ShopCheckoutLine = { productId: string; variationId: string | null; quantity: number };

export type ShopOrderInput = {
  vendorId: string;
  botId: string;
  customerId: string;
  /** The bot's plan now (its monthly order limit applies). */
  plan: Plan;
  /** What is checked out: one order holds one kind of product (Telegram's payment rails differ per kind). */
  kind: ProductType;
  lines: ShopCheckoutLine[];
  /** A service's chosen slot (its start). */
  slotStart?: Date | null;
  at: Date;
};

export type PlacedShopOrder = {
  id: string;
  number: number;
  productType: OrderProductType;
  /** What the customer pays: the lines, and their tax where it is added. */
  totalMinor: number;
  /** The tax the order carries (0: none); `taxAdded`: on top of the prices, else included in them. */
  taxMinor: number;
  taxAdded: boolean;
  currency: string;
  reservedUntil: Date;
};

const monthStartOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

/** The bot's monthly order limit under its plan (null: unlimited). */
export const orderLimitOf = (plan: Plan): number | null => PLANS[plan].maxOrdersPerMonth;

function soldOut(product: SaleProduct): AppError {
  return new AppError(product.sellsCodes ? 'CODES_UNAVAILABLE' : 'STOCK_UNAVAILABLE', {
    productId: product.id,
    productName: product.name,
  });
}

/**
 * A shop checkout, in the caller's transaction: one order of the customer's lines of one kind, placed through
 * placeOrder (pending, unpaid, priced from the database with bulk tiers, never from the client) and reserved
 * until RESERVATION_MS from now: physical stock taken by a guarded update, a code pool's codes claimed into
 * the order (SKIP LOCKED), a service's slot booked. The loser of a race for the last unit, code or place gets
 * STOCK_UNAVAILABLE, CODES_UNAVAILABLE or SLOT_UNAVAILABLE (details name the product) and the transaction
 * rolls back: no order remains. Over the plan's monthly orders: ORDER_LIMIT_REACHED (details.limit).
 */
export async function placeShopOrder(tx: Tx, input: ShopOrderInput): Promise<PlacedShopOrder> {
  if (input.lines.length === 0) throw new AppError('CART_EMPTY');
  await checkOrderLimit(tx, input);
  // Held before anything is read or counted: what is read next is what the order takes.
  await holdProducts(
    tx,
    input.vendorId,
    input.lines.map((l) => l.productId),
  );

  const products = new Map(
    (
      await productsForSale(
        tx,
        input.vendorId,
        input.botId,
        input.lines.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const items: NewOrderItem[] = [];
  for (const line of input.lines) {
    const product = products.get(line.productId);
    if (!product || product.productType !== input.kind || !isSellableChoice(product, line.variationId)) {
      throw new AppError('PRODUCT_NOT_FOUND', { productId: line.productId });
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      throw new AppError('QUANTITY_INVALID');
    }
    const max = maxQuantityOf(product, line.variationId);
    if (line.quantity > max) {
      if (product.service) throw new AppError('SLOT_UNAVAILABLE', { productId: product.id });
      if (stockBounded(product) && max < (product.maxPerOrder ?? Number.POSITIVE_INFINITY)) {
        throw soldOut(product);
      }
      throw new AppError('ORDER_QUANTITY_LIMIT', { productId: product.id, productName: product.name, max });
    }
    items.push({
      productId: product.id,
      variationId: line.variationId,
      name: lineNameOf(product, line.variationId),
      productType: product.productType,
      unitPriceMinor: unitPriceOf(product, line.variationId, line.quantity),
      quantity: line.quantity,
      taxRate: product.taxRate,
      taxInclusive: product.taxInclusive,
    });
  }
  const service = input.kind === 'service' ? serviceLine(input, products) : null;
  // A recurring service books its series: the order charges each occurrence (units = places × occurrences).
  const series = service
    ? await seriesForSale(tx, {
        vendorId: input.vendorId,
        botId: input.botId,
        productId: service.product.id,
        start: service.start,
        quantity: (input.lines[0] as ShopCheckoutLine).quantity,
        at: input.at,
      })
    : [];
  if (service && series.length === 0)
    throw new AppError('SLOT_UNAVAILABLE', { productId: service.product.id });
  // Units: places × occurrences, each at the price of one occurrence.
  const priced = service ? items.map((i) => ({ ...i, quantity: i.quantity * series.length })) : items;
  const currencies = new Set(input.lines.map((l) => products.get(l.productId)?.currency));
  if (currencies.size > 1) throw new AppError('ORDER_CURRENCY_MIXED');
  const currency = [...currencies][0] ?? 'USD';

  const reservedUntil = new Date(input.at.getTime() + RESERVATION_MS);
  const placed = await placeOrder(tx, {
    vendorId: input.vendorId,
    botId: input.botId,
    customerId: input.customerId,
    items: priced,
    currency,
    createdAt: input.at,
    reservedUntil,
    guardStock: true,
    ...(service
      ? {
          serviceInfo: serviceInfoOf(service.product.service, service.start, series),
        }
      : {}),
  }).catch((err: unknown) => {
    // The guarded stock update refused: name the product that sold out.
    const productId =
      err instanceof AppError ? (err.details as { productId?: string })?.productId : undefined;
    const product = productId ? products.get(productId) : undefined;
    if (err instanceof AppError && err.code === 'STOCK_UNAVAILABLE' && product) throw soldOut(product);
    throw err;
  });
  // Physical stock was taken (guarded) by placeOrder; what remains is held here, in the same transaction.
  let codes = 0;
  for (const line of input.lines) {
    const product = products.get(line.productId);
    if (!product?.sellsCodes) continue;
    try {
      codes += (await claimCodes(tx, input.vendorId, product.id, line.quantity, placed.id, input.at)).length;
    } catch (err) {
      if (err instanceof AppError && err.code === 'CODES_UNAVAILABLE') throw soldOut(product);
      throw err;
    }
  }
  if (codes > 0) await noteCodesReserved(tx, input.vendorId, placed.id, codes);
  if (service) {
    const line = input.lines[0] as ShopCheckoutLine;
    const booked = await bookSlot(tx, {
      vendorId: input.vendorId,
      productId: service.product.id,
      start: service.start,
      quantity: line.quantity,
      orderId: placed.id,
      customerId: input.customerId,
      at: input.at,
    });
    // The products are held: the series booked is the one priced.
    if (booked.length !== series.length)
      throw new AppError('SLOT_UNAVAILABLE', { productId: line.productId });
  }
  return {
    id: placed.id,
    number: placed.number,
    productType: input.kind,
    // As placeOrder priced it: the lines, with the tax added where the price does not include it.
    ...taxOf(priced),
    currency,
    reservedUntil,
  };
}

/** The order's total to pay and the tax it carries (included in the prices or added). */
function taxOf(items: NewOrderItem[]) {
  const { totalMinor, taxMinor, addedMinor } = taxedTotal(items);
  return { totalMinor, taxMinor, taxAdded: addedMinor > 0 };
}

/** A service order books one service at one slot. */
function serviceLine(input: ShopOrderInput, products: Map<string, SaleProduct>) {
  const [line, ...others] = input.lines;
  const product = line ? products.get(line.productId) : undefined;
  if (!line || others.length > 0 || !product?.service || !input.slotStart) {
    throw new AppError('SERVICE_BOOKED_ALONE');
  }
  return { product, start: input.slotStart };
}

/**
 * Refuses an order past the plan's monthly limit (non-cancelled orders placed through the bot this UTC
 * month). The bot's placements are serialised meanwhile, so two checkouts never both take the last one.
 */
async function checkOrderLimit(tx: Tx, input: ShopOrderInput): Promise<void> {
  const limit = orderLimitOf(input.plan);
  if (limit === null) return;
  await lockBotOrders(tx, input.botId);
  const placed = await liveOrdersSince(tx, input.vendorId, input.botId, monthStartOf(input.at));
  if (placed >= limit) throw new AppError('ORDER_LIMIT_REACHED', { limit, plan: input.plan });
}

/**
 * Records bot.order_limit_reached for the vendor (the notifications consumer tells them), once a month per
 * bot however many checkouts are refused: call after a checkout was refused with ORDER_LIMIT_REACHED.
 */
export async function noteOrderLimitReached(
  db: Db,
  n: { vendorId: string; botId: string; botUsername: string; plan: Plan; at: Date },
): Promise<void> {
  const limit = orderLimitOf(n.plan);
  if (limit === null) return;
  await db.transaction(async (tx) => {
    await lockBotOrders(tx, n.botId);
    const since = new Date(`${monthStartOf(n.at)}T00:00:00Z`);
    const subject = { kind: 'bot' as const, id: n.botId };
    const type = 'bot.order_limit_reached' as const;
    if (await eventRecordedSince(tx, { vendorId: n.vendorId, type, subject, since })) return;
    await recordEvent(tx, {
      vendorId: n.vendorId,
      botId: n.botId,
      type,
      actor: SYSTEM_ACTOR,
      subject,
      payload: { botUsername: n.botUsername, plan: n.plan, limit, month: monthStartOf(n.at).slice(0, 7) },
      at: n.at,
    });
  });
}

/**
 * What a service order keeps of the service as sold (a later edit of the product does not change a booking):
 * when, how long, where (the meeting link or the address), whether the customer's address is needed, whether the
 * booking waits for the vendor's confirmation, and the cancellation policy with the notice it asks.
 */
function serviceInfoOf(s: SaleProduct['service'], start: Date, series: ServiceSlot[]) {
  return {
    scheduledDate: start.toISOString(),
    // A recurring service's series, every occurrence booked (the first is scheduledDate).
    occurrences: series.length > 1 ? series.map((slot) => slot.start) : null,
    duration: s?.duration ?? null,
    durationType: s?.durationUnit ?? null,
    location: s?.location ?? 'online',
    address: s && s.location !== 'online' ? (s.address ?? null) : null,
    meetingLink: s && s.location !== 'onsite' ? (s.meetingLink ?? null) : null,
    requiresAddress: s?.requiresAddress ?? false,
    autoConfirm: s?.autoConfirm ?? true,
    cancellationPolicy: s?.cancellationPolicy ?? null,
    // Who gives the service (the vendor's "provider"): the confirmation names them.
    provider: s?.provider ?? null,
    noticeHours: cancellationNoticeHours(s?.cancellationPolicy),
  };
}
