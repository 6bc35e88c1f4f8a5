import type { NotificationSettings } from '@app/contracts/account';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enumValues, id, telegramId, updatedAt, vendorId } from './columns';
import { vendors } from './vendors';

/**
 * Who a notification is for: the vendor (through the platform bot), the vendor by e-mail (their profile's
 * address), the vendor by Web Push (the browsers they subscribed), or the order's customer (the shop bot). Each is its own row, sent and retried on its own.
 */
export const NOTIFICATION_AUDIENCES = ['vendor', 'customer', 'vendor_email', 'vendor_push'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/**
 * pending: waiting to be sent (again, after `next_attempt_at`); sent; failed: given up (logged); blocked: the
 * recipient blocked the bot (403); skipped: nobody to tell, or a recipient known to have blocked the bot.
 */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'blocked', 'skipped'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * The messages that domain events cause (modules/notifications): written by the events consumer, once per event
 * and audience, and sent by the notifications.send job, which retries a few times and then gives up.
 */
export const notifications = pgTable(
  'notifications',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    eventId: uuid('event_id').notNull(),
    audience: text('audience', { enum: enumValues(NOTIFICATION_AUDIENCES) }).notNull(),
    /** What to say (modules/notifications/notification-texts.ts), worded when sent. */
    kind: text('kind').notNull(),
    botId: uuid('bot_id'),
    subjectId: text('subject_id').notNull(),
    /** The event's payload: the names, numbers and codes the text needs. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The Telegram chat it went (or tried to go) to. */
    chatId: telegramId('chat_id'),
    status: text('status', { enum: enumValues(NOTIFICATION_STATUSES) })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When to try again after a failed attempt; null until the first attempt, which is due at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    // Idempotent by event id: a redelivered event adds nothing.
    uniqueIndex('notifications_event_idx').on(t.eventId, t.audience),
    index('notifications_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    // "Has this person blocked the platform bot lately?", asked before each vendor notification.
    index('notifications_blocked_idx').on(t.vendorId, t.chatId, t.finishedAt).where(sql`status = 'blocked'`),
  ],
);

/** The vendor's notification preferences (the types × channels grid, quiet hours); none stored = the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  vendorId: uuid('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<NotificationSettings>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A browser where a member of the account turned on Web Push (the back-office opened outside Telegram): its push
 * service endpoint and the keys the payload is encrypted for (RFC 8291). Removed when the push service answers
 * that it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    telegramId: telegramId('telegram_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.vendorId, t.endpoint),
  ],
);
