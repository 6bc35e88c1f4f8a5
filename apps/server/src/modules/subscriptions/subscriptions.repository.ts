import { DAY_MS } from '@app/contracts/common';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { botSubscriptions } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type SubscriptionRow = typeof botSubscriptions.$inferSelect;
export type ExpiredSubscription = {
  vendorId: string;
  botId: string;
  subscriptionId: string;
  plan: string;
  botUsername: string | null;
};

/** The current (newest) subscription row of each bot given; bots without one are absent from the map. */
export async function currentSubscriptions(
  db: Conn,
  vendorId: string,
  botIds: string[],
): Promise<Map<string, SubscriptionRow>> {
  if (botIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([botSubscriptions.botId])
    .from(botSubscriptions)
    .where(and(eq(botSubscriptions.vendorId, vendorId), inArray(botSubscriptions.botId, botIds)))
    .orderBy(
      botSubscriptions.botId,
      desc(botSubscriptions.createdAt),
      desc(botSubscriptions.startsAt),
      desc(botSubscriptions.id),
    );
  return new Map(rows.map((r) => [r.botId, r]));
}

/**
 * The period that was in force for a bot at `at`: of the rows written by then, the newest whose period covers
 * that moment (a renewal written earlier but starting later does not; a period expired since still does).
 */
export async function periodAt(
  db: Conn,
  vendorId: string,
  botId: string,
  at: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(botSubscriptions)
    .where(
      and(
        eq(botSubscriptions.vendorId, vendorId),
        eq(botSubscriptions.botId, botId),
        lte(botSubscriptions.createdAt, at),
        lte(botSubscriptions.startsAt, at),
        gt(botSubscriptions.endsAt, at),
      ),
    )
    .orderBy(desc(botSubscriptions.createdAt), desc(botSubscriptions.startsAt), desc(botSubscriptions.id))
    .limit(1);
  return row;
}

export async function insertSubscription(db: Conn, values: typeof botSubscriptions.$inferInsert) {
  await db.insert(botSubscriptions).values(values);
}

/**
 * Marks as expired every current (newest per bot) subscription in trial or active whose end has passed, in one
 * statement. SKIP LOCKED lets several server processes run this at once without waiting on each other or
 * expiring a row twice.
 */
export async function expireDueSubscriptions(db: Conn, now: Date): Promise<ExpiredSubscription[]> {
  const result = await db.execute(sql`
    with due as (
      select s.vendor_id, s.id
      from bot_subscriptions s
      where s.status in ('trial', 'active')
        and s.ends_at <= ${now.toISOString()}
        and not exists (
          select 1 from bot_subscriptions newer
          where newer.vendor_id = s.vendor_id and newer.bot_id = s.bot_id
            and (newer.created_at, newer.starts_at, newer.id) > (s.created_at, s.starts_at, s.id)
        )
      for update of s skip locked
    )
    update bot_subscriptions t set status = 'expired'
    from due
    where t.vendor_id = due.vendor_id and t.id = due.id
    returning t.vendor_id as "vendorId", t.bot_id as "botId", t.id as "subscriptionId", t.plan as "plan",
      -- The name the activity feed shows (bots belong to the same vendor's shard: vendor_id leads the key).
      (select b.username from bots b where b.vendor_id = t.vendor_id and b.id = t.bot_id) as "botUsername"
  `);
  return (result as unknown as { rows: ExpiredSubscription[] }).rows;
}

/** The bot's current (newest) subscription row, locked for the caller's transaction. */
export async function lockCurrentSubscription(
  tx: Conn,
  vendorId: string,
  botId: string,
): Promise<SubscriptionRow | undefined> {
  // One paid period at a time per bot: two payments completing together must not both start from the same end.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscription:${vendorId}:${botId}`}))`);
  const [row] = await tx
    .select()
    .from(botSubscriptions)
    .where(and(eq(botSubscriptions.vendorId, vendorId), eq(botSubscriptions.botId, botId)))
    .orderBy(desc(botSubscriptions.createdAt), desc(botSubscriptions.startsAt), desc(botSubscriptions.id))
    .limit(1);
  return row;
}

export async function insertSubscriptionReturning(db: Conn, values: typeof botSubscriptions.$inferInsert) {
  const [row] = await db.insert(botSubscriptions).values(values).returning();
  if (!row) throw new Error('insert answered nothing');
  return row;
}

export async function markCancelled(db: Conn, vendorId: string, id: string, at: Date) {
  await db
    .update(botSubscriptions)
    .set({ cancelledAt: at })
    .where(and(eq(botSubscriptions.vendorId, vendorId), eq(botSubscriptions.id, id)));
}

export type DueReminder = {
  vendorId: string;
  botId: string;
  subscriptionId: string;
  plan: string;
  status: 'trial' | 'active';
  endsAt: string;
  botUsername: string | null;
  ownerTelegramId: number | null;
};

/**
 * Marks `days` as reminded on every current live period ending within that many days and not yet reminded at
 * that (or a closer) threshold; answers them. One statement with SKIP LOCKED, like expiry.
 */
export async function takeDueReminders(db: Conn, now: Date, days: number): Promise<DueReminder[]> {
  const until = new Date(now.getTime() + days * DAY_MS);
  const result = await db.execute(sql`
    with due as (
      select s.vendor_id, s.id
      from bot_subscriptions s
      where s.status in ('trial', 'active')
        and s.ends_at > ${now.toISOString()} and s.ends_at <= ${until.toISOString()}
        and (s.reminded_days is null or s.reminded_days > ${days})
        and not exists (
          select 1 from bot_subscriptions newer
          where newer.vendor_id = s.vendor_id and newer.bot_id = s.bot_id
            and (newer.created_at, newer.starts_at, newer.id) > (s.created_at, s.starts_at, s.id)
        )
      for update of s skip locked
    )
    update bot_subscriptions t set reminded_days = ${days}
    from due
    where t.vendor_id = due.vendor_id and t.id = due.id
    returning t.vendor_id as "vendorId", t.bot_id as "botId", t.id as "subscriptionId", t.plan as "plan",
      t.status as "status", t.ends_at as "endsAt",
      (select b.username from bots b where b.vendor_id = t.vendor_id and b.id = t.bot_id) as "botUsername",
      (select i.telegram_id from telegram_identities i
        where i.vendor_id = t.vendor_id and i.role = 'VENDOR' limit 1) as "ownerTelegramId"
  `);
  return (result as unknown as { rows: DueReminder[] }).rows.map((r) => ({
    ...r,
    endsAt: new Date(r.endsAt).toISOString(),
    ownerTelegramId: r.ownerTelegramId === null ? null : Number(r.ownerTelegramId),
  }));
}

/** A bot's current paid period, due for renewal by the vendor's default method (modules/billing). */
export type DueRenewal = {
  vendorId: string;
  botId: string;
  subscriptionId: string;
  plan: Exclude<SubscriptionRow['plan'], 'FREE'>;
  period: SubscriptionRow['billingPeriod'];
  status: SubscriptionRow['status'];
  endsAt: Date;
  botUsername: string | null;
};

/**
 * Every bot's current (newest) paid period, not cancelled, ending between `since` and `until` (running or expired
 * since: a renewal's retries run past the end), of a bot not deleted. A trial is not renewed (it pays nothing:
 * `amount_minor` 0), nor a period the vendor cancelled.
 */
export async function paidPeriodsEnding(db: Conn, since: Date, until: Date): Promise<DueRenewal[]> {
  const result = await db.execute(sql`
    select s.vendor_id as "vendorId", s.bot_id as "botId", s.id as "subscriptionId", s.plan as "plan",
      s.billing_period as "period", s.status as "status", s.ends_at as "endsAt", b.username as "botUsername"
    from bot_subscriptions s
    join bots b on b.vendor_id = s.vendor_id and b.id = s.bot_id and b.deleted_at is null
    where s.status in ('active', 'expired')
      and s.plan <> 'FREE' and s.amount_minor > 0 and s.cancelled_at is null
      and s.ends_at > ${since.toISOString()} and s.ends_at <= ${until.toISOString()}
      and not exists (
        select 1 from bot_subscriptions newer
        where newer.vendor_id = s.vendor_id and newer.bot_id = s.bot_id
          and (newer.created_at, newer.starts_at, newer.id) > (s.created_at, s.starts_at, s.id)
      )
    order by s.ends_at, s.id
  `);
  return (result as unknown as { rows: DueRenewal[] }).rows.map((r) => ({
    ...r,
    endsAt: new Date(r.endsAt),
  }));
}
