import { ActorKind, EVENT_TYPES, SubjectKind } from '@app/contracts/events';
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
import { createdAt, enumValues, id, vendorId } from './columns';
import { vendors } from './vendors';

/**
 * The domain events (transactional outbox) and the audit trail: every state change a service makes, written
 * in the same transaction as the change. A job fans undispatched rows out to the consumers (activity feed,
 * later webhooks and notifications), then stamps `dispatched_at`.
 */
export const events = pgTable(
  'events',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    botId: uuid('bot_id'),
    type: text('type', { enum: enumValues(EVENT_TYPES) }).notNull(),
    actorKind: text('actor_kind', { enum: enumValues(ActorKind.options) }).notNull(),
    /** A Telegram user id for owner and staff, a customer id for customers, null for the system. */
    actorId: text('actor_id'),
    /** The actor's name when it happened, so the trail still reads right after a rename. */
    actorName: text('actor_name'),
    subjectKind: text('subject_kind', { enum: enumValues(SubjectKind.options) }).notNull(),
    subjectId: text('subject_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    /** Failed dispatch attempts; past the limit the event is left for a person to look at. */
    dispatchAttempts: integer('dispatch_attempts').notNull().default(0),
    dispatchError: text('dispatch_error'),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('events_id_idx').on(t.id),
    index('events_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    index('events_subject_idx').on(t.vendorId, t.subjectKind, t.subjectId, t.createdAt.desc()),
    index('events_undispatched_idx').on(t.createdAt).where(sql`dispatched_at is null`),
  ],
);
