import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, telegramId, vendorId } from './columns';
import { vendors } from './vendors';

/** What happened in a vendor's account, newest first: the Recent Activity feeds and the audit trail. */
export const activityLog = pgTable(
  'activity_log',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    botId: uuid('bot_id'),
    /** Who did it: a signed-in Telegram user, or null for the system and for customers in a bot. */
    actorTelegramId: telegramId('actor_telegram_id'),
    type: text('type', {
      enum: ['order', 'customer', 'product', 'payment', 'bot', 'auth', 'system'],
    }).notNull(),
    action: text('action').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    index('activity_log_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    index('activity_log_bot_created_idx').on(t.vendorId, t.botId, t.createdAt.desc()),
  ],
);
