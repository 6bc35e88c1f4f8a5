import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { customerBots, customers } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type Member = { customerId: string; joinedAt: Date; firstName: string; lastName: string | null };
export type CustomerName = { firstName: string; lastName: string | null };

/** How many customers each bot given has; bots without any are absent. One grouped query. */
export async function memberCounts(
  db: Conn,
  vendorId: string,
  botIds: string[],
): Promise<Map<string, number>> {
  if (botIds.length === 0) return new Map();
  const rows = await db
    .select({ botId: customerBots.botId, count: sql<number>`count(*)::int` })
    .from(customerBots)
    .where(and(eq(customerBots.vendorId, vendorId), inArray(customerBots.botId, botIds)))
    .groupBy(customerBots.botId);
  return new Map(rows.map((r) => [r.botId, Number(r.count)]));
}

/** The customers who joined the bot last, newest first. */
export async function recentMembers(
  db: Conn,
  vendorId: string,
  botId: string,
  limit: number,
): Promise<Member[]> {
  return db
    .select({
      customerId: customerBots.customerId,
      joinedAt: customerBots.joinedAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customerBots)
    .innerJoin(
      customers,
      and(eq(customers.vendorId, customerBots.vendorId), eq(customers.id, customerBots.customerId)),
    )
    .where(and(eq(customerBots.vendorId, vendorId), eq(customerBots.botId, botId)))
    .orderBy(desc(customerBots.joinedAt))
    .limit(limit);
}

/** The names of the vendor's customers given. */
export async function customerNames(
  db: Conn,
  vendorId: string,
  ids: string[],
): Promise<Map<string, CustomerName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.vendorId, vendorId), inArray(customers.id, ids)));
  return new Map(rows.map((r) => [r.id, { firstName: r.firstName, lastName: r.lastName }]));
}
