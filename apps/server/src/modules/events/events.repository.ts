import { and, asc, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { events } from '../../db/schema/index';
import type { BotScope } from '../../lib/actor';

type Conn = Db | Tx;
export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export async function insertEvent(conn: Conn, values: NewEvent): Promise<EventRow> {
  const [row] = await conn.insert(events).values(values).returning();
  if (!row) throw new Error('insert into events returned nothing');
  return row;
}

/** Whether an event of `type` about the subject was recorded at or after `since` (events_subject_idx). */
export async function existsSince(
  conn: Conn,
  q: {
    vendorId: string;
    type: EventRow['type'];
    subjectKind: EventRow['subjectKind'];
    subjectId: string;
    since: Date;
  },
): Promise<boolean> {
  const [row] = await conn
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.vendorId, q.vendorId),
        eq(events.subjectKind, q.subjectKind),
        eq(events.subjectId, q.subjectId),
        gte(events.createdAt, q.since),
        eq(events.type, q.type),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The oldest undispatched events, locked for this transaction. SKIP LOCKED: several dispatchers (server
 * processes) share the backlog without waiting for each other or taking the same event twice.
 */
export async function claimPending(tx: Tx, limit: number, maxAttempts: number): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(and(isNull(events.dispatchedAt), lt(events.dispatchAttempts, maxAttempts)))
    .orderBy(asc(events.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDispatched(tx: Tx, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(events).set({ dispatchedAt: at, dispatchError: null }).where(inArray(events.id, ids));
}

export async function markFailed(conn: Conn, id: string, error: string): Promise<void> {
  await conn
    .update(events)
    .set({ dispatchAttempts: sql`${events.dispatchAttempts} + 1`, dispatchError: error.slice(0, 1000) })
    .where(eq(events.id, id));
}

export type AuditFilter = {
  botIds: BotScope;
  botId?: string;
  actorId?: string;
  subjectKind?: EventRow['subjectKind'];
  subjectId?: string;
  before?: Date;
  /** A staff member's log: only what this kind of actor did, of these types, in [since, until). */
  actorKind?: EventRow['actorKind'];
  types?: readonly EventRow['type'][];
  since?: Date;
  until?: Date;
  /** The last entry of the previous page: entries after it in the newest-first order. */
  after?: { at: Date; id: string };
  limit: number;
};

/** The audit trail, newest first: a vendor's events, narrowed by bot, actor or subject. */
export async function listEvents(db: Db, vendorId: string, f: AuditFilter): Promise<EventRow[]> {
  const where: SQL[] = [eq(events.vendorId, vendorId)];
  if (f.botIds !== 'all') {
    if (f.botIds.length === 0) return [];
    where.push(inArray(events.botId, f.botIds));
  }
  if (f.botId) where.push(eq(events.botId, f.botId));
  if (f.actorId) where.push(eq(events.actorId, f.actorId));
  if (f.subjectKind) where.push(eq(events.subjectKind, f.subjectKind));
  if (f.subjectId) where.push(eq(events.subjectId, f.subjectId));
  if (f.before) where.push(lt(events.createdAt, f.before));
  if (f.actorKind) where.push(eq(events.actorKind, f.actorKind));
  if (f.types) {
    if (f.types.length === 0) return [];
    where.push(inArray(events.type, [...f.types]));
  }
  if (f.since) where.push(gte(events.createdAt, f.since));
  if (f.until) where.push(lt(events.createdAt, f.until));
  if (f.after) {
    where.push(
      sql`(${events.createdAt}, ${events.id}) < (${f.after.at.toISOString()}::timestamptz, ${f.after.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(f.limit);
}

/**
 * The orders one actor acted on since `since`: when they first did, and when the order was created (its
 * `order.created` event; null for an order older than the trail).
 */
export async function firstActionsOnOrders(
  db: Db,
  vendorId: string,
  actor: { kind: EventRow['actorKind']; id: string },
  since: Date | null,
): Promise<{ orderId: string; firstActionAt: Date; createdAt: Date | null; completed: boolean }[]> {
  const where: SQL[] = [
    eq(events.vendorId, vendorId),
    eq(events.actorKind, actor.kind),
    eq(events.actorId, actor.id),
    eq(events.subjectKind, 'order'),
  ];
  if (since) where.push(gte(events.createdAt, since));
  const rows = await db
    .select({
      orderId: events.subjectId,
      firstActionAt: sql<string>`min(${events.createdAt})`,
      completed: sql<boolean>`bool_or(${events.type} = 'order.completed')`,
      // Written out: inside a select list drizzle leaves columns unqualified, and this one must name the outer row.
      createdAt: sql<string | null>`(select min(c.created_at) from events c
        where c.vendor_id = ${vendorId} and c.subject_kind = 'order'
          and c.subject_id = "events"."subject_id" and c.type = 'order.created')`,
    })
    .from(events)
    .where(and(...where))
    .groupBy(events.subjectId);
  return rows.map((r) => ({
    orderId: r.orderId,
    firstActionAt: new Date(r.firstActionAt),
    createdAt: r.createdAt === null ? null : new Date(r.createdAt),
    completed: Boolean(r.completed),
  }));
}

/** How many events of these types the vendor recorded since `since`, within the bots given. */
export async function countEvents(
  db: Db,
  vendorId: string,
  f: { types: readonly EventRow['type'][]; botIds: BotScope; since: Date | null },
): Promise<number> {
  const where: SQL[] = [eq(events.vendorId, vendorId), inArray(events.type, [...f.types])];
  if (f.botIds !== 'all') {
    if (f.botIds.length === 0) return 0;
    where.push(inArray(events.botId, [...f.botIds]));
  }
  if (f.since) where.push(gte(events.createdAt, f.since));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(and(...where));
  return Number(row?.n ?? 0);
}
