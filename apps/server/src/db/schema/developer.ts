import { type ApiKeyPermission, DeliveryStatus } from '@app/contracts/developer';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
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
import { bots } from './bots';
import { createdAt, enumValues, id, ref, telegramId, vendorId } from './columns';

/**
 * A vendor's API keys (modules/api-keys). The key itself is never stored: its SHA-256 (a 256-bit random key
 * needs no slow hash) is looked up with the vendor of the URL it is used on, and its last four characters are
 * kept to tell keys apart in the list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    vendorId: vendorId(),
    id: id(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    permissions: jsonb('permissions').$type<ApiKeyPermission[]>().notNull(),
    /** Null: every bot of the vendor. */
    botIds: jsonb('bot_ids').$type<string[]>(),
    /** Who made it: the key acts in their name where a change records a person. */
    createdBy: telegramId('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('api_keys_hash_idx').on(t.vendorId, t.keyHash),
    index('api_keys_created_idx').on(t.vendorId, t.createdAt),
  ],
);

/**
 * A bot's outbound webhooks (modules/webhooks). The signing secret is sealed with the app's key (it must be read
 * back to sign); after a rotation the previous one keeps signing alongside until `previous_secret_until`.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    vendorId: vendorId(),
    id: id(),
    botId: ref('bot_id'),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    /** Off: switched off by the vendor, or disabled after too many failures in a row (then `disabled_at`). */
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failureCount: integer('failure_count').notNull().default(0),
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
    /** One delivery run at a time per webhook (in order): the run holds this lease. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Told when it is disabled after failures. */
    createdBy: telegramId('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    index('webhooks_bot_idx').on(t.vendorId, t.botId),
  ],
);

/**
 * One event (or ping) for one webhook: what was sent, and how the last attempt went. Kept 30 days. `seq` orders a
 * webhook's deliveries (the events' order).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    vendorId: vendorId(),
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    webhookId: ref('webhook_id'),
    botId: ref('bot_id'),
    /** The event's id (null for a ping or a re-send); a webhook gets an event once. */
    eventId: uuid('event_id'),
    event: text('event').notNull(),
    /** The JSON body, as sent. */
    body: text('body').notNull(),
    status: text('status', { enum: enumValues(DeliveryStatus.options) })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({
      columns: [t.vendorId, t.webhookId],
      foreignColumns: [webhooks.vendorId, webhooks.id],
    }).onDelete('cascade'),
    uniqueIndex('webhook_deliveries_event_idx').on(t.vendorId, t.webhookId, t.eventId),
    index('webhook_deliveries_queue_idx').on(t.vendorId, t.webhookId, t.status, t.seq),
    index('webhook_deliveries_bot_idx').on(t.vendorId, t.botId, t.createdAt),
    // The sweep's two questions across vendors: which deliveries are due, which are past 30 days.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/**
 * A vendor's data exports (modules/exports): what was asked for, how far the job is, and the finished file's
 * storage key. One per 24 h: the newest row's `created_at` says when the next may be asked for.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    vendorId: vendorId(),
    id: id(),
    types: jsonb('types').$type<string[]>().notNull(),
    range: text('range').notNull(),
    fromDay: text('from_day'),
    toDay: text('to_day'),
    format: text('format').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    requestedBy: telegramId('requested_by'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    index('data_exports_created_idx').on(t.vendorId, t.createdAt),
  ],
);
