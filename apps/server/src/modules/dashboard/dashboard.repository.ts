import { type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/types';
import type { BotScope } from '../../lib/actor';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

function scopeWhere(scope: BotScope, col: string): SQL {
  if (scope === 'all') return sql``;
  if (scope.length === 0) return sql` and false`;
  return sql` and ${sql.raw(col)} in (${sql.join(
    scope.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

export type DashboardBotRow = {
  id: string;
  username: string;
  name: string;
  isActive: boolean;
  orders: number;
  revenue: number;
};

/** The caller's live bots with all-time orders and USD revenue from the daily rollup; running first, then by revenue. */
export async function botsWithSales(db: Conn, vendorId: string, scope: BotScope): Promise<DashboardBotRow[]> {
  const res = await db.execute(sql`
    select b.id, b.username, b.name, b.is_active as "isActive",
      coalesce(s.orders, 0)::int8 as orders, coalesce(s.revenue, 0)::int8 as revenue
    from bots b
    left join (
      select bot_id, sum(orders) as orders, sum(revenue_usd_minor) as revenue
      from bot_daily_stats where vendor_id = ${vendorId}${scopeWhere(scope, 'bot_id')}
      group by bot_id
    ) s on s.bot_id = b.id
    where b.vendor_id = ${vendorId} and b.deleted_at is null${scopeWhere(scope, 'b.id')}
    order by b.is_active desc, revenue desc, b.created_at desc, b.id`);
  return rowsOf<DashboardBotRow>(res).map((r) => ({
    ...r,
    orders: Number(r.orders),
    revenue: Number(r.revenue),
  }));
}

export type SubscriptionRow = {
  id: string | null;
  botId: string;
  botName: string;
  plan: string | null;
  status: string | null;
  billingPeriod: string | null;
  feeBps: number | null;
  endsAt: Date | null;
};

/** Each live bot of the caller with its current (newest) subscription, if it has one. */
export async function currentSubscriptions(
  db: Conn,
  vendorId: string,
  scope: BotScope,
): Promise<SubscriptionRow[]> {
  const res = await db.execute(sql`
    select s.id, b.id as "botId", b.name as "botName", s.plan, s.status, s.billing_period as "billingPeriod",
      s.fee_bps as "feeBps", s.ends_at as "endsAt"
    from bots b
    left join lateral (
      select * from bot_subscriptions x where x.vendor_id = b.vendor_id and x.bot_id = b.id
      order by x.created_at desc, x.starts_at desc, x.id desc limit 1
    ) s on true
    where b.vendor_id = ${vendorId} and b.deleted_at is null${scopeWhere(scope, 'b.id')}
    order by b.created_at, b.id`);
  return rowsOf<SubscriptionRow>(res).map((r) => ({ ...r, endsAt: r.endsAt ? new Date(r.endsAt) : null }));
}
