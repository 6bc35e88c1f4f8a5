import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { productBots, products } from '../../db/schema/index';
import type { Conn } from '../../db/types';

/**
 * How many live (not archived) products each bot given sells: those sold through every bot, plus those linked
 * to the bot alone. Two queries whatever the number of bots; every bot given is in the map.
 */
export async function productCounts(
  db: Conn,
  vendorId: string,
  botIds: string[],
): Promise<Map<string, number>> {
  if (botIds.length === 0) return new Map();
  const [linked, [everyBot]] = await Promise.all([
    db
      .select({ botId: productBots.botId, count: sql<number>`count(*)::int` })
      .from(productBots)
      .innerJoin(
        products,
        and(eq(products.vendorId, productBots.vendorId), eq(products.id, productBots.productId)),
      )
      .where(
        and(
          eq(productBots.vendorId, vendorId),
          inArray(productBots.botId, botIds),
          eq(products.allBots, false),
          ne(products.status, 'archived'),
        ),
      )
      .groupBy(productBots.botId),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(
        and(eq(products.vendorId, vendorId), eq(products.allBots, true), ne(products.status, 'archived')),
      ),
  ]);
  const all = Number(everyBot?.count ?? 0);
  const byBot = new Map(linked.map((r) => [r.botId, Number(r.count)]));
  return new Map(botIds.map((id) => [id, all + (byBot.get(id) ?? 0)]));
}
