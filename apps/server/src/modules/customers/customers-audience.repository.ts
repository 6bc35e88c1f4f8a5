import type { CampaignSegment } from '@app/contracts/campaigns';
import { sql } from 'drizzle-orm';
import type { Conn } from '../../db/types';
import { segmentSql } from './customers-admin.repository';

// Who a campaign may reach, and the marks that take a customer out of every later one (modules/campaigns).

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export type AudienceFilter = {
  vendorId: string;
  botId: string;
  segment: CampaignSegment;
  /** Lower-case LIKE pattern over name and @username. */
  pattern?: string;
  now: Date;
};

export type AudienceMember = { customerId: string; telegramId: number };

function audienceWhere(f: AudienceFilter) {
  const segment =
    f.segment === 'all' ? sql`` : sql`and ${segmentSql('c', 'c.created_at', f.now)} = ${f.segment}`;
  const search =
    f.pattern === undefined
      ? sql``
      : sql`and lower(c.first_name || ' ' || coalesce(c.last_name, '') || ' @' || coalesce(c.username, '')) like ${f.pattern}`;
  // Customers who blocked the bot or pressed "Stop promotions" are never in an audience.
  return sql`cb.vendor_id = ${f.vendorId} and cb.bot_id = ${f.botId}
    and cb.blocked_at is null and cb.promotions_opted_out_at is null ${segment} ${search}`;
}

/** The bot's customers a campaign reaches now, in a stable order. */
export async function audienceOf(db: Conn, f: AudienceFilter): Promise<AudienceMember[]> {
  const res = await db.execute(sql`
    select c.id as "customerId", c.telegram_id::int8 as "telegramId"
    from customer_bots cb join customers c on c.vendor_id = cb.vendor_id and c.id = cb.customer_id
    where ${audienceWhere(f)}
    order by c.id`);
  return rowsOf<AudienceMember>(res).map((r) => ({
    customerId: r.customerId,
    telegramId: Number(r.telegramId),
  }));
}

/** How many customers the audience holds now. */
export async function audienceSize(db: Conn, f: AudienceFilter): Promise<number> {
  const res = await db.execute(sql`
    select count(*)::int as n
    from customer_bots cb join customers c on c.vendor_id = cb.vendor_id and c.id = cb.customer_id
    where ${audienceWhere(f)}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** The customer pressed "Stop promotions" in this bot's chat: kept (the first time) until they are erased. */
export async function optOutOfPromotions(
  db: Conn,
  vendorId: string,
  botId: string,
  telegramId: number,
  at: Date,
): Promise<boolean> {
  const res = await db.execute(sql`
    update customer_bots cb set promotions_opted_out_at = coalesce(cb.promotions_opted_out_at, ${at.toISOString()}::timestamptz)
    from customers c
    where c.vendor_id = cb.vendor_id and c.id = cb.customer_id
      and cb.vendor_id = ${vendorId} and cb.bot_id = ${botId} and c.telegram_id = ${telegramId}
    returning cb.customer_id`);
  return rowsOf(res).length > 0;
}
