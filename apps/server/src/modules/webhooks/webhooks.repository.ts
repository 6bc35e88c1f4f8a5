import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { webhookDeliveries, webhooks } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

export async function insertWebhook(db: Conn, row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [inserted] = await db.insert(webhooks).values(row).returning();
  return inserted as WebhookRow;
}

export function listWebhooks(db: Conn, vendorId: string, botId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.vendorId, vendorId), eq(webhooks.botId, botId)))
    .orderBy(asc(webhooks.createdAt));
}

export async function findWebhook(
  db: Conn,
  vendorId: string,
  botId: string,
  webhookId: string,
): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.vendorId, vendorId), eq(webhooks.botId, botId), eq(webhooks.id, webhookId)));
  return row ?? null;
}

export async function findWebhookById(
  db: Conn,
  vendorId: string,
  webhookId: string,
): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.vendorId, vendorId), eq(webhooks.id, webhookId)));
  return row ?? null;
}

export async function updateWebhook(
  db: Conn,
  vendorId: string,
  webhookId: string,
  set: Partial<typeof webhooks.$inferInsert>,
): Promise<WebhookRow | null> {
  const [row] = await db
    .update(webhooks)
    .set(set)
    .where(and(eq(webhooks.vendorId, vendorId), eq(webhooks.id, webhookId)))
    .returning();
  return row ?? null;
}

export async function deleteWebhook(db: Conn, vendorId: string, webhookId: string): Promise<void> {
  await db.delete(webhooks).where(and(eq(webhooks.vendorId, vendorId), eq(webhooks.id, webhookId)));
}

/** The enabled webhooks of a bot that listen for an event. */
/**
 * The enabled webhooks listening to `event`: the bot's, or with `botId` null (an event about no one bot: a
 * product sold through every bot, a customer of the vendor) every bot's of the vendor.
 */
export function subscribersOf(
  db: Conn,
  vendorId: string,
  botId: string | null,
  event: string,
): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.vendorId, vendorId),
        botId === null ? undefined : eq(webhooks.botId, botId),
        eq(webhooks.enabled, true),
        sql`${webhooks.events} ? ${event}`,
      ),
    );
}

/** Queues deliveries; a webhook gets an event once (a dispatch run repeated after a crash adds nothing). */
export async function insertDeliveries(db: Conn, rows: NewDelivery[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning();
}

/** Takes the webhook's delivery lease until `until`; false when another run holds it. */
export async function takeLease(db: Conn, vendorId: string, webhookId: string, now: Date, until: Date) {
  const rows = await db
    .update(webhooks)
    .set({ leaseUntil: until })
    .where(
      and(
        eq(webhooks.vendorId, vendorId),
        eq(webhooks.id, webhookId),
        sql`(${webhooks.leaseUntil} is null or ${webhooks.leaseUntil} <= ${now.toISOString()})`,
      ),
    )
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

export async function releaseLease(db: Conn, vendorId: string, webhookId: string): Promise<void> {
  await db
    .update(webhooks)
    .set({ leaseUntil: null })
    .where(and(eq(webhooks.vendorId, vendorId), eq(webhooks.id, webhookId)));
}

/** The webhook's oldest pending delivery: the next one to go, in the events' order. */
export async function headOfQueue(
  db: Conn,
  vendorId: string,
  webhookId: string,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.vendorId, vendorId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.status, 'pending'),
      ),
    )
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  return row ?? null;
}

export async function updateDelivery(
  db: Conn,
  vendorId: string,
  deliveryId: string,
  set: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set(set)
    .where(and(eq(webhookDeliveries.vendorId, vendorId), eq(webhookDeliveries.id, deliveryId)));
}

export async function findDelivery(
  db: Conn,
  vendorId: string,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.vendorId, vendorId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    );
  return row ?? null;
}

/** A bot's latest deliveries (all its webhooks), or one webhook's, newest first. */
export function recentDeliveries(
  db: Conn,
  vendorId: string,
  where: { botId: string; webhookId?: string },
  limit: number,
): Promise<DeliveryRow[]> {
  const conditions = [eq(webhookDeliveries.vendorId, vendorId), eq(webhookDeliveries.botId, where.botId)];
  if (where.webhookId) conditions.push(eq(webhookDeliveries.webhookId, where.webhookId));
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit);
}

/** Webhooks with a pending delivery due by `now`: the safety net's work (each gets a delivery job). */
export function webhooksWithDueDeliveries(db: Conn, now: Date, limit: number) {
  return db
    .selectDistinct({ vendorId: webhookDeliveries.vendorId, webhookId: webhookDeliveries.webhookId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .limit(limit);
}

/** Deletes the log older than `before` (kept 30 days). */
export async function deleteDeliveriesBefore(db: Conn, before: Date): Promise<void> {
  await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, before));
}

export function webhooksByIds(db: Conn, vendorId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as WebhookRow[]);
  return db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.vendorId, vendorId), inArray(webhooks.id, ids)));
}
