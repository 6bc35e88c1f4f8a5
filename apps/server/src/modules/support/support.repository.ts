import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { supportCannedReplies, supportConversations, supportMessages } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type CannedRow = typeof supportCannedReplies.$inferSelect;

const c = supportConversations;
const m = supportMessages;

/** The bots a caller sees: every one, or these (an empty list sees nothing). */
export type BotFilter = 'all' | readonly string[];

function inBots(bots: BotFilter): SQL | undefined {
  if (bots === 'all') return undefined;
  return bots.length === 0 ? sql`false` : inArray(c.botId, [...bots]);
}

export type InboxFilter = {
  vendorId: string;
  bots: BotFilter;
  tab: 'open' | 'mine' | 'waiting' | 'closed';
  me: number;
  search?: string | undefined;
  botId?: string | undefined;
  limit: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function tabWhere(tab: InboxFilter['tab'], me: number): SQL | undefined {
  switch (tab) {
    case 'open':
      return eq(c.status, 'open');
    case 'mine':
      return and(eq(c.status, 'open'), eq(c.assignedTo, me));
    case 'waiting':
      return and(eq(c.status, 'open'), eq(c.waiting, true));
    case 'closed':
      return eq(c.status, 'closed');
  }
}

export function listConversations(db: Conn, f: InboxFilter): Promise<ConversationRow[]> {
  const needle = f.search?.replace(/^@/, '').replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const search = needle
    ? or(
        ilike(c.customerName, `%${needle}%`),
        ilike(c.customerUsername, `%${needle}%`),
        ...(UUID.test(needle) ? [eq(c.orderId, needle)] : []),
      )
    : undefined;
  return db
    .select()
    .from(c)
    .where(
      and(
        eq(c.vendorId, f.vendorId),
        inBots(f.bots),
        f.botId ? eq(c.botId, f.botId) : undefined,
        tabWhere(f.tab, f.me),
        search,
      ),
    )
    .orderBy(desc(c.lastMessageAt))
    .limit(f.limit);
}

export async function inboxCounts(db: Conn, vendorId: string, bots: BotFilter, me: number) {
  const [row] = await db
    .select({
      open: count(),
      mine: sql<number>`count(*) filter (where ${c.assignedTo} = ${me})`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${c.waiting})`.mapWith(Number),
      unread: sql<number>`coalesce(sum(${c.unread}), 0)`.mapWith(Number),
    })
    .from(c)
    .where(and(eq(c.vendorId, vendorId), eq(c.status, 'open'), inBots(bots)));
  return row ?? { open: 0, mine: 0, waiting: 0, unread: 0 };
}

export async function findConversation(
  db: Conn,
  vendorId: string,
  id: string,
  forUpdate = false,
): Promise<ConversationRow | undefined> {
  const q = db
    .select()
    .from(c)
    .where(and(eq(c.vendorId, vendorId), eq(c.id, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findOpenConversation(
  db: Conn,
  vendorId: string,
  botId: string,
  chatId: number,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.vendorId, vendorId), eq(c.botId, botId), eq(c.chatId, chatId), eq(c.status, 'open')))
    .limit(1)
    .for('update');
  return row;
}

/** Opens a conversation, or answers undefined when one is already open for the chat (another process won). */
export async function insertConversation(
  db: Conn,
  row: typeof c.$inferInsert,
): Promise<ConversationRow | undefined> {
  const [created] = await db.insert(c).values(row).onConflictDoNothing().returning();
  return created;
}

export async function updateConversation(
  db: Conn,
  vendorId: string,
  id: string,
  set: Partial<typeof c.$inferInsert>,
): Promise<ConversationRow> {
  const [row] = await db
    .update(c)
    .set(set)
    .where(and(eq(c.vendorId, vendorId), eq(c.id, id)))
    .returning();
  if (!row) throw new Error('conversation update found no row');
  return row;
}

/** A customer's new message: unread and waiting go up, the preview moves on. */
export async function noteCustomerMessage(db: Conn, vendorId: string, id: string, preview: string, at: Date) {
  await db
    .update(c)
    .set({ unread: sql`${c.unread} + 1`, waiting: true, lastMessageAt: at, lastMessageText: preview })
    .where(and(eq(c.vendorId, vendorId), eq(c.id, id)));
}

export async function insertMessage(db: Conn, row: typeof m.$inferInsert): Promise<MessageRow> {
  const [created] = await db.insert(m).values(row).returning();
  if (!created) throw new Error('message insert returned nothing');
  return created;
}

export async function setDelivery(
  db: Conn,
  vendorId: string,
  id: string,
  delivery: MessageRow['delivery'],
  error: string | null,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(m)
    .set({ delivery, error })
    .where(and(eq(m.vendorId, vendorId), eq(m.id, id)))
    .returning();
  return row;
}

export function listMessages(db: Conn, vendorId: string, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(m)
    .where(and(eq(m.vendorId, vendorId), eq(m.conversationId, conversationId)))
    .orderBy(asc(m.createdAt), asc(m.id))
    .limit(1000);
}

export async function findMessage(db: Conn, vendorId: string, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(m)
    .where(and(eq(m.vendorId, vendorId), eq(m.id, id)))
    .limit(1);
  return row;
}

/** Sets the rating once: undefined when it was already rated (or is not that chat's, or not closed). */
export async function rateOnce(
  db: Conn,
  q: { vendorId: string; id: string; botId: string; chatId: number; rating: number; at: Date },
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(c)
    .set({ rating: q.rating, ratedAt: q.at })
    .where(
      and(
        eq(c.vendorId, q.vendorId),
        eq(c.id, q.id),
        eq(c.botId, q.botId),
        eq(c.chatId, q.chatId),
        eq(c.status, 'closed'),
        isNull(c.rating),
      ),
    )
    .returning();
  return row;
}

/** Conversations past their first-answer wait, opened after `since`, not yet alerted: the owner's alert. */
export function unansweredSince(db: Conn, before: Date, after: Date): Promise<ConversationRow[]> {
  return db
    .select()
    .from(c)
    .where(
      and(
        eq(c.status, 'open'),
        isNull(c.firstResponseAt),
        isNull(c.ownerAlertedAt),
        sql`${c.createdAt} <= ${before}`,
        sql`${c.createdAt} > ${after}`,
      ),
    )
    .limit(500);
}

/** Marks the owner told of a conversation still open, unanswered and not told yet; undefined otherwise. */
export async function markOwnerAlerted(
  db: Conn,
  vendorId: string,
  id: string,
  at: Date,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(c)
    .set({ ownerAlertedAt: at })
    .where(
      and(
        eq(c.vendorId, vendorId),
        eq(c.id, id),
        eq(c.status, 'open'),
        isNull(c.firstResponseAt),
        isNull(c.ownerAlertedAt),
      ),
    )
    .returning();
  return row;
}

/** Per person: handled (closed), first responses (count, mean ms), ratings, today's, open assigned. */
export async function staffFigures(db: Conn, vendorId: string, bots: BotFilter, dayStart: Date) {
  const scope = and(eq(c.vendorId, vendorId), inBots(bots));
  const handled = await db
    .select({
      who: c.closedBy,
      n: count(),
      ratings: sql<number>`count(${c.rating})`.mapWith(Number),
      ratingSum: sql<number>`coalesce(sum(${c.rating}), 0)`.mapWith(Number),
      today: sql<number>`count(*) filter (where ${c.closedAt} >= ${dayStart})`.mapWith(Number),
    })
    .from(c)
    .where(and(scope, eq(c.status, 'closed'), isNotNull(c.closedBy)))
    .groupBy(c.closedBy);
  const answered = await db
    .select({
      who: c.firstResponder,
      n: count(),
      totalMs:
        sql<number>`coalesce(sum(extract(epoch from (${c.firstResponseAt} - ${c.createdAt})) * 1000), 0)`.mapWith(
          Number,
        ),
      today: sql<number>`count(*) filter (where ${c.firstResponseAt} >= ${dayStart})`.mapWith(Number),
    })
    .from(c)
    .where(and(scope, isNotNull(c.firstResponder)))
    .groupBy(c.firstResponder);
  const assigned = await db
    .select({ who: c.assignedTo, n: count() })
    .from(c)
    .where(and(scope, eq(c.status, 'open'), isNotNull(c.assignedTo)))
    .groupBy(c.assignedTo);
  const [opened] = await db
    .select({ n: count() })
    .from(c)
    .where(and(scope, sql`${c.createdAt} >= ${dayStart}`));
  return { handled, answered, assigned, openedToday: opened?.n ?? 0 };
}

export function listCanned(
  db: Conn,
  vendorId: string,
  bots: BotFilter,
  botId?: string,
): Promise<CannedRow[]> {
  const cr = supportCannedReplies;
  return db
    .select()
    .from(cr)
    .where(
      and(
        eq(cr.vendorId, vendorId),
        bots === 'all' ? undefined : bots.length === 0 ? sql`false` : inArray(cr.botId, [...bots]),
        botId ? eq(cr.botId, botId) : undefined,
      ),
    )
    .orderBy(asc(cr.createdAt))
    .limit(500);
}

export async function countCanned(db: Conn, vendorId: string, botId: string): Promise<number> {
  const cr = supportCannedReplies;
  const [row] = await db
    .select({ n: count() })
    .from(cr)
    .where(and(eq(cr.vendorId, vendorId), eq(cr.botId, botId)));
  return row?.n ?? 0;
}

export async function insertCanned(db: Conn, row: typeof supportCannedReplies.$inferInsert) {
  const [created] = await db.insert(supportCannedReplies).values(row).returning();
  if (!created) throw new Error('canned reply insert returned nothing');
  return created;
}

export async function findCanned(db: Conn, vendorId: string, id: string): Promise<CannedRow | undefined> {
  const cr = supportCannedReplies;
  const [row] = await db
    .select()
    .from(cr)
    .where(and(eq(cr.vendorId, vendorId), eq(cr.id, id)))
    .limit(1);
  return row;
}

export async function deleteCanned(db: Conn, vendorId: string, id: string) {
  const cr = supportCannedReplies;
  await db.delete(cr).where(and(eq(cr.vendorId, vendorId), eq(cr.id, id)));
}

/**
 * A customer's conversations, erased (the right to erasure): their name becomes `name`, their username goes, and
 * what they wrote (texts, files) is emptied. Staff replies stay. Answers the conversations' ids.
 */
export async function eraseCustomerConversations(
  db: Conn,
  vendorId: string,
  customerId: string,
  name: string,
): Promise<string[]> {
  const rows = await db
    .update(c)
    .set({ customerName: name, customerUsername: null, lastMessageText: '' })
    .where(and(eq(c.vendorId, vendorId), eq(c.customerId, customerId)))
    .returning({ id: c.id });
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await db
      .update(m)
      .set({ text: '', mediaFileId: null, mediaName: null, authorName: name })
      .where(and(eq(m.vendorId, vendorId), inArray(m.conversationId, ids), eq(m.direction, 'in')));
  }
  return ids;
}
