import { ActivityCategory, ActorKind, EVENT_TYPES, SubjectKind } from '@app/contracts/events';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { enumValues, vendorId } from './columns';
import { vendors } from './vendors';

/**
 * The activity feeds (Home's Recent Activity, a bot's activity): a read model of the events table, one row
 * per event that people see, keyed by the event's id so projecting an event twice changes nothing.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    botId: uuid('bot_id'),
    event: text('event', { enum: enumValues(EVENT_TYPES) }).notNull(),
    category: text('category', { enum: enumValues(ActivityCategory.options) }).notNull(),
    actorKind: text('actor_kind', { enum: enumValues(ActorKind.options) }).notNull(),
    actorName: text('actor_name'),
    subjectKind: text('subject_kind', { enum: enumValues(SubjectKind.options) }).notNull(),
    subjectId: text('subject_id').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.eventId] }),
    index('activity_log_vendor_occurred_idx').on(t.vendorId, t.occurredAt.desc()),
    index('activity_log_bot_occurred_idx').on(t.vendorId, t.botId, t.occurredAt.desc()),
  ],
);
