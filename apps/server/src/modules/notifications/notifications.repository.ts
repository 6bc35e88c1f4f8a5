import type { NotificationSettings } from '@app/contracts/account';
import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type NotificationStatus,
  notificationSettings,
  notifications,
  orders,
  pushSubscriptions,
} from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'vendorId' | 'eventId' | 'audience' | 'kind' | 'botId' | 'subjectId' | 'params'
>;

/** Queues a notification; a second one for the same event and audience is ignored. */
export async function insertNotification(db: Conn, row: NewNotification): Promise<void> {
  await db
    .insert(notifications)
    .values(row)
    .onConflictDoNothing({ target: [notifications.eventId, notifications.audience] });
}

/** Notifications waiting to be sent whose time has come (never tried, or due again), oldest first. */
export async function dueNotifications(db: Conn, now: Date, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.status, 'pending'),
        or(isNull(notifications.nextAttemptAt), lte(notifications.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(limit);
}

/** Ends a notification: sent, given up, blocked or skipped. */
export async function finishNotification(
  db: Conn,
  row: Pick<NotificationRow, 'vendorId' | 'id'>,
  outcome: {
    status: Exclude<NotificationStatus, 'pending'>;
    at: Date;
    chatId?: number | null;
    error?: string | null;
  },
): Promise<void> {
  await db
    .update(notifications)
    .set({
      status: outcome.status,
      finishedAt: outcome.at,
      attempts: sql`${notifications.attempts} + 1`,
      ...(outcome.chatId !== undefined ? { chatId: outcome.chatId } : {}),
      ...(outcome.error !== undefined ? { lastError: outcome.error } : {}),
    })
    .where(and(eq(notifications.vendorId, row.vendorId), eq(notifications.id, row.id)));
}

/** Counts a failed attempt and sets when to try again. */
export async function retryNotificationLater(
  db: Conn,
  row: Pick<NotificationRow, 'vendorId' | 'id'>,
  retry: { at: Date; chatId: number | null; error: string },
): Promise<void> {
  await db
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      nextAttemptAt: retry.at,
      chatId: retry.chatId,
      lastError: retry.error,
    })
    .where(and(eq(notifications.vendorId, row.vendorId), eq(notifications.id, row.id)));
}

/** Whether a notification to this chat of the vendor's found it blocked (403) since `since`. */
export async function blockedSince(
  db: Conn,
  vendorId: string,
  chatId: number,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.vendorId, vendorId),
        eq(notifications.chatId, chatId),
        eq(notifications.status, 'blocked'),
        gte(notifications.finishedAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Holds a notification until `until` (quiet hours): not an attempt, nothing counted. */
export async function holdNotification(
  db: Conn,
  row: Pick<NotificationRow, 'vendorId' | 'id'>,
  until: Date,
): Promise<void> {
  await db
    .update(notifications)
    .set({ nextAttemptAt: until })
    .where(and(eq(notifications.vendorId, row.vendorId), eq(notifications.id, row.id)));
}

/** The vendor's stored preferences, if they saved any. */
export async function findSettings(db: Conn, vendorId: string) {
  const [row] = await db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.vendorId, vendorId))
    .limit(1);
  return row?.settings;
}

export async function putSettings(db: Conn, vendorId: string, settings: NotificationSettings): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ vendorId, settings })
    .onConflictDoUpdate({ target: notificationSettings.vendorId, set: { settings, updatedAt: new Date() } });
}

/** An order's status and kind, for the move its alert offers; undefined if unknown. */
export async function orderState(db: Conn, vendorId: string, orderId: string) {
  const [row] = await db
    .select({ status: orders.status, productType: orders.productType })
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), eq(orders.id, orderId)));
  return row;
}

// --- Web Push subscriptions ---------------------------------------------------------------------------------

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Stores a browser's subscription for the member (the same endpoint again: its keys and owner replaced). */
export async function putPushSubscription(
  db: Conn,
  row: Pick<PushSubscriptionRow, 'vendorId' | 'telegramId' | 'endpoint' | 'p256dh' | 'auth' | 'userAgent'>,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [pushSubscriptions.vendorId, pushSubscriptions.endpoint],
      set: { telegramId: row.telegramId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent },
    });
}

export async function deletePushSubscription(db: Conn, vendorId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.vendorId, vendorId), eq(pushSubscriptions.endpoint, endpoint)));
}

export function pushSubscriptionsOf(db: Conn, vendorId: string, telegramId?: number) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(
      telegramId === undefined
        ? eq(pushSubscriptions.vendorId, vendorId)
        : and(eq(pushSubscriptions.vendorId, vendorId), eq(pushSubscriptions.telegramId, telegramId)),
    )
    .orderBy(asc(pushSubscriptions.createdAt));
}

export async function hasPushSubscriptions(db: Conn, vendorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.vendorId, vendorId))
    .limit(1);
  return row !== undefined;
}
