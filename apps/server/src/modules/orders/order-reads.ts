import type { Db } from '../../db/types';
import type { BotScope } from '../../lib/actor';
import * as repo from './order-reads.repository';

/**
 * What other modules may read of orders and the daily sales rollup (the bots pages and Home today). The orders
 * domain itself (list, detail, status moves) grows here.
 */
export function createOrderReads(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The vendor's sales: all time, and two consecutive windows of days (YYYY-MM-DD bounds). */
    vendorSales: (vendorId: string, scope: BotScope, currentFrom: string, previousFrom: string) =>
      repo.vendorSales(db, vendorId, scope, currentFrom, previousFrom),
    /** All-time orders and revenue (the bot's currency and USD) per bot; bots without sales are absent. */
    salesByBot: (vendorId: string, botIds: string[]) => repo.salesByBot(db, vendorId, botIds),
    /** The bot's rollup days from `fromDay` (YYYY-MM-DD, inclusive); days without sales are absent. */
    dailySales: (vendorId: string, botId: string, fromDay: string) =>
      repo.dailySales(db, vendorId, botId, fromDay),
    /** Distinct customers who ordered through the bot since `from`, cancelled orders aside. */
    orderingCustomerCount: (vendorId: string, botId: string, from: Date) =>
      repo.orderingCustomerCount(db, vendorId, botId, from),
    /** Distinct customers with a non-cancelled order from `from` on, and from `prevFrom` to `from` (day bounds). */
    orderingCustomersInWindows: (
      vendorId: string,
      scope: BotScope,
      botId: string | undefined,
      prevFrom: string,
      from: string,
    ) => repo.orderingCustomersInWindows(db, vendorId, scope, botId, prevFrom, from),
    /** The bot's latest orders, newest first. */
    recentOrders: (vendorId: string, botId: string, limit: number) =>
      repo.recentOrders(db, vendorId, botId, limit),
    /** Whose an order is (customer, bot) and its number, for telling the customer about it; undefined if unknown. */
    partiesOf: (vendorId: string, orderId: string) => repo.orderParties(db, vendorId, orderId),
    /** The bot's orders Stars charges paid (by charge id) or invoice payloads name (by order id): billing's Stars. */
    starOrderMatches: (vendorId: string, botId: string, chargeIds: string[], orderIds: string[]) =>
      repo.starOrderMatches(db, vendorId, botId, chargeIds, orderIds),
  };
}

export type OrderReads = ReturnType<typeof createOrderReads>;
