import type { CustomerSegment } from '@app/contracts/catalogue';
import { DAY_MS } from '@app/contracts/common';
import { SEGMENT_RULES } from '@app/contracts/customers';
import { type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/types';
import type { BotScope } from '../../lib/actor';

// The customers screens' queries. A customer's segment is a pure function of their kept figures (order count,
// USD spent, first and last order, joining) and of now: `segmentSql` below, the one place the README's rules
// are written in SQL. The figures move with every order (order-rollups.ts), so segments follow at once.

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The segment of a row with order_count, total_spent_minor, first_order_at, last_order_at and `joined`. */
export function segmentSql(alias: string, joinedCol: string, now: Date): SQL {
  const inactiveFrom = new Date(now.getTime() - SEGMENT_RULES.inactiveAfterDays * DAY_MS).toISOString();
  const newFrom = new Date(now.getTime() - SEGMENT_RULES.newWithinDays * DAY_MS).toISOString();
  const a = alias;
  return sql.raw(`(case
    when coalesce(${a}.last_order_at, ${joinedCol}) < '${inactiveFrom}'::timestamptz then 'Inactive'
    when ${a}.total_spent_minor >= ${SEGMENT_RULES.vipSpendMinor} or ${a}.order_count >= ${SEGMENT_RULES.vipOrders} then 'VIP'
    when coalesce(${a}.first_order_at, ${joinedCol}) >= '${newFrom}'::timestamptz then 'New'
    else 'Regular' end)`);
}

/** The where-condition of a segment, written so the planner can use the columns' indexes. */
function segmentWhere(segment: CustomerSegment, a: string, joinedCol: string, now: Date): SQL {
  return sql`${segmentSql(a, joinedCol, now)} = ${segment}`;
}

const scopeList = (scope: readonly string[]) =>
  sql.join(
    scope.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export type CustomerFilter = {
  vendorId: string;
  scope: BotScope;
  botId?: string;
  segment?: CustomerSegment;
  active?: boolean;
  /** Lower-case LIKE pattern over name and @username, or email. */
  pattern?: string;
  telegramId?: number;
  now: Date;
};

function whereOf(f: CustomerFilter): SQL {
  const conds: SQL[] = [sql`c.vendor_id = ${f.vendorId}`];
  const member = (bots: SQL) =>
    sql`exists (select 1 from customer_bots cb where cb.vendor_id = c.vendor_id and cb.customer_id = c.id and cb.bot_id in (${bots}))`;
  if (f.scope !== 'all') conds.push(f.scope.length === 0 ? sql`false` : member(scopeList(f.scope)));
  if (f.botId) conds.push(member(sql`${f.botId}::uuid`));
  if (f.segment) conds.push(segmentWhere(f.segment, 'c', 'c.created_at', f.now));
  if (f.active !== undefined) {
    const from = new Date(f.now.getTime() - SEGMENT_RULES.inactiveAfterDays * DAY_MS).toISOString();
    conds.push(
      f.active
        ? sql`coalesce(c.last_order_at, c.created_at) >= ${from}::timestamptz`
        : sql`coalesce(c.last_order_at, c.created_at) < ${from}::timestamptz`,
    );
  }
  if (f.pattern !== undefined || f.telegramId !== undefined) {
    const alts: SQL[] = [];
    if (f.pattern !== undefined) {
      alts.push(
        sql`lower(c.first_name || ' ' || coalesce(c.last_name, '') || ' @' || coalesce(c.username, '')) like ${f.pattern}`,
      );
      alts.push(sql`lower(c.email) like ${f.pattern}`);
    }
    if (f.telegramId !== undefined) alts.push(sql`c.telegram_id = ${f.telegramId}`);
    conds.push(sql`(${sql.join(alts, sql` or `)})`);
  }
  return sql.join(conds, sql` and `);
}

export type CustomerRow = {
  id: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
  telegramId: number;
  email: string | null;
  phone: string | null;
  tags: string[];
  notes: string | null;
  orderCount: number;
  totalSpentMinor: number;
  firstOrderAt: Date | null;
  lastOrderAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  segment: CustomerSegment;
  botId: string | null;
  botUsername: string | null;
  botName: string | null;
};

const dateOrNull = (v: unknown) => (v ? new Date(v as string) : null);

function normalize(r: CustomerRow): CustomerRow {
  return {
    ...r,
    telegramId: Number(r.telegramId),
    orderCount: Number(r.orderCount),
    totalSpentMinor: Number(r.totalSpentMinor),
    firstOrderAt: dateOrNull(r.firstOrderAt),
    lastOrderAt: dateOrNull(r.lastOrderAt),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  };
}

/**
 * The bot a customer (alias c) joined first, among `scoped` memberships, as fb: their few memberships read
 * through the primary key, then that one bot by its key (a join with bots inside would read every bot of the
 * vendor for each customer).
 */
const firstBotJoin = (scoped: SQL) => sql`
    left join lateral (
      select cb.bot_id from customer_bots cb
      where cb.vendor_id = c.vendor_id and cb.customer_id = c.id ${scoped}
      order by cb.joined_at, cb.bot_id limit 1
    ) first_bot on true
    left join bots fb on fb.vendor_id = c.vendor_id and fb.id = first_bot.bot_id`;

/**
 * One page, most recent buyers first (customers_vendor_recent_idx), and in the same round trip how many customers
 * match, counted up to `cap` + 1 (null when the page is empty: nothing to carry the count).
 */
export async function listCustomers(db: Conn, f: CustomerFilter, offset: number, limit: number, cap: number) {
  const scoped =
    f.scope === 'all'
      ? sql``
      : f.scope.length === 0
        ? sql`and false`
        : sql`and cb.bot_id in (${scopeList(f.scope)})`;
  const page = await db.execute(sql`
    select c.id, c.first_name as "firstName", c.last_name as "lastName", c.username, c.telegram_id::int8 as "telegramId",
      c.email, c.phone, c.tags, c.notes, c.order_count as "orderCount", c.total_spent_minor::int8 as "totalSpentMinor",
      c.first_order_at as "firstOrderAt", c.last_order_at as "lastOrderAt", c.created_at as "createdAt",
      c.updated_at as "updatedAt", ${segmentSql('c', 'c.created_at', f.now)} as segment,
      fb.id as "botId", fb.username as "botUsername", fb.name as "botName",
      (select count(*) from (select 1 from customers c where ${whereOf(f)} limit ${cap + 1}) x)::int as matching
    from (
      select * from customers c where ${whereOf(f)}
      order by c.last_order_at desc nulls last, c.id
      limit ${limit} offset ${offset}
    ) c
    ${firstBotJoin(scoped)}
    order by c.last_order_at desc nulls last, c.id`);
  const rows = rowsOf<CustomerRow & { matching: number }>(page);
  return { rows: rows.map(normalize), matching: rows[0] ? Number(rows[0].matching) : null };
}

export async function countCustomersCapped(db: Conn, f: CustomerFilter, cap: number): Promise<number> {
  const res = await db.execute(sql`
    select count(*)::int as n from (select 1 from customers c where ${whereOf(f)} limit ${cap + 1}) x`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

export async function estimateCustomers(db: Conn, f: CustomerFilter): Promise<number> {
  const res = await db.execute(sql`explain (format json) select 1 from customers c where ${whereOf(f)}`);
  const row = rowsOf<Record<string, unknown>>(res)[0];
  const plan = row ? (Object.values(row)[0] as unknown) : null;
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Math.round((parsed as { Plan?: { 'Plan Rows'?: number } }[] | null)?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

export async function findCustomer(
  db: Conn,
  vendorId: string,
  customerId: string,
  scope: BotScope,
  now: Date,
) {
  const scoped =
    scope === 'all'
      ? sql``
      : scope.length === 0
        ? sql`and false`
        : sql`and cb.bot_id in (${scopeList(scope)})`;
  const res = await db.execute(sql`
    select c.id, c.first_name as "firstName", c.last_name as "lastName", c.username, c.telegram_id::int8 as "telegramId",
      c.email, c.phone, c.tags, c.notes, c.order_count as "orderCount", c.total_spent_minor::int8 as "totalSpentMinor",
      c.first_order_at as "firstOrderAt", c.last_order_at as "lastOrderAt", c.created_at as "createdAt",
      c.updated_at as "updatedAt", ${segmentSql('c', 'c.created_at', now)} as segment,
      fb.id as "botId", fb.username as "botUsername", fb.name as "botName"
    from customers c
    ${firstBotJoin(scoped)}
    where c.vendor_id = ${vendorId} and c.id = ${customerId}`);
  const row = rowsOf<CustomerRow>(res)[0];
  return row ? normalize(row) : null;
}

export type MembershipRow = {
  botId: string;
  botName: string;
  botUsername: string;
  joinedAt: Date;
  orderCount: number;
  totalSpentMinor: number;
  lastOrderAt: Date | null;
};

export async function memberships(db: Conn, vendorId: string, customerId: string, scope: BotScope) {
  const scoped =
    scope === 'all'
      ? sql``
      : scope.length === 0
        ? sql`and false`
        : sql`and cb.bot_id in (${scopeList(scope)})`;
  const res = await db.execute(sql`
    select b.id as "botId", b.name as "botName", b.username as "botUsername", cb.joined_at as "joinedAt",
      cb.order_count as "orderCount", cb.total_spent_minor::int8 as "totalSpentMinor", cb.last_order_at as "lastOrderAt"
    from customer_bots cb join bots b on b.vendor_id = cb.vendor_id and b.id = cb.bot_id
    where cb.vendor_id = ${vendorId} and cb.customer_id = ${customerId} ${scoped}
    order by cb.joined_at, b.id`);
  return rowsOf<MembershipRow>(res).map((r) => ({
    ...r,
    joinedAt: new Date(r.joinedAt),
    orderCount: Number(r.orderCount),
    totalSpentMinor: Number(r.totalSpentMinor),
    lastOrderAt: dateOrNull(r.lastOrderAt),
  }));
}

export async function updateCustomer(
  db: Conn,
  vendorId: string,
  customerId: string,
  change: { tags?: string[]; notes?: string | null; email?: string | null; phone?: string | null; at: Date },
) {
  const sets: SQL[] = [sql`updated_at = ${change.at.toISOString()}`];
  if (change.tags !== undefined)
    sets.push(
      sql`tags = ${sql`array[${sql.join(
        change.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`}`,
    );
  if (change.notes !== undefined) sets.push(sql`notes = ${change.notes}`);
  if (change.email !== undefined) sets.push(sql`email = ${change.email}`);
  if (change.phone !== undefined) sets.push(sql`phone = ${change.phone}`);
  await db.execute(
    sql`update customers set ${sql.join(sets, sql`, `)} where vendor_id = ${vendorId} and id = ${customerId}`,
  );
}

export type StatsRow = {
  total: number;
  vip: number;
  regular: number;
  fresh: number;
  inactive: number;
  spent: number;
  orders: number;
  joinedRecent: number;
  joinedBefore: number;
  buyers: number;
  repeat: number;
};

/**
 * Segment counts and figures in one pass: over the vendor's customers (or those of the caller's bots), or over
 * one bot's members with their figures in that bot.
 */
export async function customerStats(db: Conn, vendorId: string, scope: BotScope, now: Date, botId?: string) {
  const d30 = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const d60 = new Date(now.getTime() - 60 * DAY_MS).toISOString();
  const agg = (a: string, joined: string) =>
    sql.raw(`
    count(*)::int as total,
    count(*) filter (where seg = 'VIP')::int as vip,
    count(*) filter (where seg = 'Regular')::int as regular,
    count(*) filter (where seg = 'New')::int as fresh,
    count(*) filter (where seg = 'Inactive')::int as inactive,
    coalesce(sum(${a}.total_spent_minor), 0)::int8 as spent,
    coalesce(sum(${a}.order_count), 0)::int8 as orders,
    count(*) filter (where ${joined} >= '${d30}'::timestamptz)::int as "joinedRecent",
    count(*) filter (where ${joined} >= '${d60}'::timestamptz and ${joined} < '${d30}'::timestamptz)::int as "joinedBefore",
    count(*) filter (where ${a}.order_count > 0)::int as buyers,
    count(*) filter (where ${a}.order_count > 1)::int as repeat`);
  let res: unknown;
  if (botId) {
    res = await db.execute(sql`
      select ${agg('x', 'x.joined_at')} from (
        select cb.*, ${segmentSql('cb', 'cb.joined_at', now)} as seg from customer_bots cb
        where cb.vendor_id = ${vendorId} and cb.bot_id = ${botId}
      ) x`);
  } else {
    res = await db.execute(sql`
      select ${agg('x', 'x.created_at')} from (
        select c.*, ${segmentSql('c', 'c.created_at', now)} as seg from customers c where ${whereOf({ vendorId, scope, now })}
      ) x`);
  }
  const r = rowsOf<StatsRow>(res)[0];
  const n = (v: unknown) => Number(v ?? 0);
  return {
    total: n(r?.total),
    vip: n(r?.vip),
    regular: n(r?.regular),
    fresh: n(r?.fresh),
    inactive: n(r?.inactive),
    spent: n(r?.spent),
    orders: n(r?.orders),
    joinedRecent: n(r?.joinedRecent),
    joinedBefore: n(r?.joinedBefore),
    buyers: n(r?.buyers),
    repeat: n(r?.repeat),
  };
}

/** The placeholder an erased customer's name becomes (nothing else of them is kept but the ids and figures). */
export const ERASED_NAME = 'Deleted customer';

/**
 * Erases a customer's personal data (the law's right to erasure): names, username, language, e-mail, phone,
 * notes and tags. Their orders' amounts and dates stay for bookkeeping, tied to the id alone.
 */
export async function eraseCustomer(db: Conn, vendorId: string, customerId: string, at: Date): Promise<void> {
  await db.execute(sql`
    update customers set first_name = ${ERASED_NAME}, last_name = null, username = null, language_code = null,
      email = null, phone = null, notes = null, tags = '{}'::text[], updated_at = ${at.toISOString()}
    where vendor_id = ${vendorId} and id = ${customerId}`);
}
