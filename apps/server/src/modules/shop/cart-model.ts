import type { Language } from '@app/contracts/common';
import { formatAmount } from '../../lib/money';
import {
  isSellableChoice,
  lineNameOf,
  maxQuantityOf,
  type SaleProduct,
  unitPriceOf,
} from '../products/sale-rules';
import type { ShopContext } from './context';
import type { CartLine, SessionKey, SessionStore } from './sessions.service';

// The cart as the customer sees it, priced from the products as they are in the database now (never from
// anything a button carried): shared by the cart and checkout features.

/** A cart holds at most this many lines (different products or variations). */
const MAX_LINES = 20;

export type Added = { quantity: number } | { refused: 'sold_out' } | { refused: 'limit'; max: number };

/**
 * Puts `count` more of a product (or of one of its variations) in the customer's cart, with the session
 * locked: never past what can be had (stock, a service's places, maxPerOrder) nor past MAX_LINES lines. Answers
 * the line's new quantity, or why not. The chat's Add to cart (one at a time) and the shop's Mini App (the
 * quantity its product view picked) both add this way.
 */
export async function addToCart(
  sessions: SessionStore,
  key: SessionKey,
  product: SaleProduct,
  variationId: string | null,
  count = 1,
): Promise<Added> {
  const max = maxQuantityOf(product, variationId);
  return sessions.update<Added>(key, async (session) => {
    const existing = session.cart.find((l) => l.productId === product.id && l.variation === variationId);
    const quantity = (existing?.quantity ?? 0) + count;
    if (max === 0) return { changes: {}, result: { refused: 'sold_out' } };
    if (quantity > max || (!existing && session.cart.length >= MAX_LINES)) {
      return { changes: {}, result: { refused: 'limit', max } };
    }
    const cart: CartLine[] = existing
      ? session.cart.map((l) => (l === existing ? { ...l, quantity } : l))
      : [...session.cart, { productId: product.id, variation: variationId, quantity }];
    return { changes: { cart }, result: { quantity } };
  });
}

export type PricedLine = {
  line: CartLine;
  product: SaleProduct;
  name: string;
  unitMinor: number;
  totalMinor: number;
  /** A bulk tier set the unit price. */
  bulk: boolean;
};

export type PricedCart = {
  lines: PricedLine[];
  /** The cart to keep: lines whose product is gone or sold out dropped, quantities cut to what can be had. */
  cart: CartLine[];
  /** Whether `cart` differs from the stored one (so it is written back and the customer told). */
  changed: boolean;
  /** Lines dropped because their product is no longer sold here. */
  gone: number;
  /** Lines dropped because none is left. */
  soldOut: string[];
  /** Lines cut to fewer units: their name and the units left. */
  reduced: Array<{ name: string; count: number }>;
  /** Totals per currency (one currency in practice). */
  totals: Map<string, number>;
};

export function priceCart(cart: CartLine[], products: SaleProduct[]): PricedCart {
  const byId = new Map(products.map((p) => [p.id, p]));
  const out: PricedCart = {
    lines: [],
    cart: [],
    changed: false,
    gone: 0,
    soldOut: [],
    reduced: [],
    totals: new Map(),
  };
  for (const line of cart) {
    const product = byId.get(line.productId);
    if (!product || !isSellableChoice(product, line.variation)) {
      out.gone += 1;
      out.changed = true;
      continue;
    }
    const name = lineNameOf(product, line.variation);
    const max = maxQuantityOf(product, line.variation);
    if (max === 0) {
      out.soldOut.push(name);
      out.changed = true;
      continue;
    }
    let quantity = line.quantity;
    if (quantity > max) {
      quantity = max;
      out.reduced.push({ name, count: max });
      out.changed = true;
    }
    const kept = { ...line, quantity };
    const unitMinor = unitPriceOf(product, line.variation, quantity);
    const listUnit = unitPriceOf(product, line.variation, 1);
    const totalMinor = unitMinor * quantity;
    out.cart.push(kept);
    out.lines.push({ line: kept, product, name, unitMinor, totalMinor, bulk: unitMinor !== listUnit });
    out.totals.set(product.currency, (out.totals.get(product.currency) ?? 0) + totalMinor);
  }
  return out;
}

export function formatTotals(language: Language, totals: Map<string, number>): string {
  return [...totals].map(([currency, minor]) => formatAmount(language, minor, currency)).join(' + ');
}

/** A slot's start as the customer reads it, in the service's time zone. */
export function formatSlot(language: Language, iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/**
 * How a button names a cart line within Telegram's 64 bytes of callback data: the product id, and the first
 * 8 characters of the variation value's id when there is one (`<uuid>` or `<uuid>:<8 hex>`).
 */
export function lineRef(productId: string, variationId: string | null): string {
  return variationId ? `${productId}:${variationId.slice(0, 8)}` : productId;
}

/** The pattern of a line reference in callback data: the product id, then the variation prefix if any. */
export const LINE_REF = '([0-9a-f-]{36})(?::([0-9a-f]{8}))?';

/** Whether a cart line is the one a button named. */
export const isLine = (line: CartLine, productId: string, variationPrefix: string | undefined) =>
  line.productId === productId &&
  (variationPrefix === undefined ? line.variation === null : line.variation?.slice(0, 8) === variationPrefix);

/** The session of the customer an update comes from (null for updates without a user). */
export function sessionKeyOf(ctx: ShopContext): SessionKey | null {
  if (!ctx.from) return null;
  return { vendorId: ctx.shop.vendorId, botId: ctx.shop.botId, telegramUserId: ctx.from.id };
}
