import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { activityLog } from '../../db/schema/index';
import type { BotScope } from '../../lib/actor';

type Conn = Db | Tx;
export type ActivityRow = typeof activityLog.$inferSelect;

/** Inserts a feed row; a row for the same event already there is left as it is (the consumer is idempotent). */
export async function insertActivity(conn: Conn, row: typeof activityLog.$inferInsert): Promise<void> {
  await conn.insert(activityLog).values(row).onConflictDoNothing();
}

/** The newest rows of a vendor's feed, optionally only some bots' (the caller's scope or one bot). */
export async function listActivity(
  db: Db,
  vendorId: string,
  filter: { botIds: BotScope; limit: number },
): Promise<ActivityRow[]> {
  const where: SQL[] = [eq(activityLog.vendorId, vendorId)];
  if (filter.botIds !== 'all') {
    if (filter.botIds.length === 0) return [];
    where.push(inArray(activityLog.botId, filter.botIds));
  }
  return db
    .select()
    .from(activityLog)
    .where(and(...where))
    .orderBy(desc(activityLog.occurredAt), desc(activityLog.eventId))
    .limit(filter.limit);
}
