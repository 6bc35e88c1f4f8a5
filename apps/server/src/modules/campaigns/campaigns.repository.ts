import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { abandonedCartSettings, campaignRecipients, campaigns } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientState = (typeof campaignRecipients.$inferSelect)['state'];
export type ClaimedRecipient = { customerId: string; telegramId: number; attempts: number };

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function insertCampaign(db: Conn, row: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  const [inserted] = await db.insert(campaigns).values(row).returning();
  return inserted as CampaignRow;
}

export function listCampaigns(db: Conn, vendorId: string, botIds: 'all' | readonly string[], limit = 50) {
  const scope = botIds === 'all' ? undefined : inArray(campaigns.botId, [...botIds]);
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.vendorId, vendorId), scope))
    .orderBy(desc(campaigns.createdAt))
    .limit(limit);
}

export async function findCampaign(db: Conn, vendorId: string, id: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.vendorId, vendorId), eq(campaigns.id, id)))
    .limit(1);
  return row ?? null;
}

/** Moves a campaign from one status to another; false when it was not in `from` any more (raced). */
export async function moveCampaign(
  db: Conn,
  vendorId: string,
  id: string,
  from: CampaignRow['status'][],
  set: Partial<Pick<CampaignRow, 'status' | 'startedAt' | 'finishedAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(campaigns)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(campaigns.vendorId, vendorId), eq(campaigns.id, id), inArray(campaigns.status, from)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function campaignStatus(db: Conn, vendorId: string, id: string) {
  const [row] = await db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.vendorId, vendorId), eq(campaigns.id, id)));
  return row?.status;
}

/** Adds the recipients (once each: a second run of the same step adds nothing). */
export async function insertRecipients(
  db: Conn,
  vendorId: string,
  campaignId: string,
  members: { customerId: string; telegramId: number }[],
): Promise<void> {
  for (let i = 0; i < members.length; i += 1000) {
    const chunk = members.slice(i, i + 1000);
    await db
      .insert(campaignRecipients)
      .values(
        chunk.map((m) => ({ vendorId, campaignId, customerId: m.customerId, telegramId: m.telegramId })),
      )
      .onConflictDoNothing();
  }
}

/** Counts of recipients per state, for the given campaigns. */
export async function countStates(db: Conn, vendorId: string, campaignIds: string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .select({
      campaignId: campaignRecipients.campaignId,
      state: campaignRecipients.state,
      n: sql<number>`count(*)::int`,
    })
    .from(campaignRecipients)
    .where(
      and(eq(campaignRecipients.vendorId, vendorId), inArray(campaignRecipients.campaignId, campaignIds)),
    )
    .groupBy(campaignRecipients.campaignId, campaignRecipients.state);
}

/** The next pending recipients after `after` (a customer id; '' from the start), in order. Claims nothing. */
export async function peekPending(
  db: Conn,
  vendorId: string,
  campaignId: string,
  after: string,
  limit: number,
): Promise<ClaimedRecipient[]> {
  const res = await db.execute(sql`
    select customer_id as "customerId", telegram_id::int8 as "telegramId", attempts
    from campaign_recipients
    where vendor_id = ${vendorId} and campaign_id = ${campaignId} and state = 'pending'
      and customer_id > ${after === '' ? '00000000-0000-0000-0000-000000000000' : after}::uuid
    order by customer_id limit ${limit}`);
  return rowsOf<ClaimedRecipient>(res).map((r) => ({
    customerId: r.customerId,
    telegramId: Number(r.telegramId),
    attempts: Number(r.attempts),
  }));
}

/**
 * Marks one pending recipient `sending`, committed before its call to Telegram: false when it is not pending any
 * more (another run took it). A row is never pending again once its call may have gone out.
 */
export async function claimOne(
  db: Conn,
  vendorId: string,
  campaignId: string,
  customerId: string,
): Promise<boolean> {
  const rows = await db
    .update(campaignRecipients)
    .set({ state: 'sending' })
    .where(
      and(
        eq(campaignRecipients.vendorId, vendorId),
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.customerId, customerId),
        eq(campaignRecipients.state, 'pending'),
      ),
    )
    .returning({ id: campaignRecipients.customerId });
  return rows.length > 0;
}

/** Records how one message went. */
export async function settleRecipient(
  db: Conn,
  vendorId: string,
  campaignId: string,
  customerId: string,
  set: { state: RecipientState; error?: string | null; sentAt?: Date | null; attempts?: number },
): Promise<void> {
  await db
    .update(campaignRecipients)
    .set(set)
    .where(
      and(
        eq(campaignRecipients.vendorId, vendorId),
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.customerId, customerId),
      ),
    );
}

/**
 * Rows left `sending` by a run that stopped without settling them (a crash): whether their message went out is
 * unknown, so they are never sent again. Call only when no other run of the campaign is going.
 */
export async function abandonInFlight(db: Conn, vendorId: string, campaignId: string): Promise<number> {
  const rows = await db
    .update(campaignRecipients)
    .set({ state: 'unknown', error: 'interrupted' })
    .where(
      and(
        eq(campaignRecipients.vendorId, vendorId),
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.state, 'sending'),
      ),
    )
    .returning({ id: campaignRecipients.customerId });
  return rows.length;
}

export async function hasPending(db: Conn, vendorId: string, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: campaignRecipients.customerId })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.vendorId, vendorId),
        eq(campaignRecipients.campaignId, campaignId),
        inArray(campaignRecipients.state, ['pending', 'sending']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findAbandonedCartSettings(db: Conn, vendorId: string, botId: string) {
  const [row] = await db
    .select({ enabled: abandonedCartSettings.enabled, hours: abandonedCartSettings.hours })
    .from(abandonedCartSettings)
    .where(and(eq(abandonedCartSettings.vendorId, vendorId), eq(abandonedCartSettings.botId, botId)));
  return row ?? null;
}

export async function saveAbandonedCartSettings(
  db: Conn,
  vendorId: string,
  botId: string,
  s: { enabled: boolean; hours: number },
): Promise<void> {
  await db
    .insert(abandonedCartSettings)
    .values({ vendorId, botId, ...s })
    .onConflictDoUpdate({
      target: [abandonedCartSettings.vendorId, abandonedCartSettings.botId],
      set: { ...s, updatedAt: new Date() },
    });
}

/** Every bot whose abandoned-cart reminder is on, with its delay. */
export function abandonedCartBots(db: Conn) {
  return db
    .select({
      vendorId: abandonedCartSettings.vendorId,
      botId: abandonedCartSettings.botId,
      hours: abandonedCartSettings.hours,
    })
    .from(abandonedCartSettings)
    .where(eq(abandonedCartSettings.enabled, true));
}
