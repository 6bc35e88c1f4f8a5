import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bots } from './bots';
import { createdAt, id, money, ref, telegramId, updatedAt, vendorId } from './columns';
import { vendors } from './vendors';

/**
 * What the customer search matches (lower-case name and @username), one expression for the trigram index and
 * the query so the index is used.
 */
export const customerSearchText = sql.raw(
  `lower(first_name || ' ' || coalesce(last_name, '') || ' @' || coalesce(username, ''))`,
);

/** A shopper, once per vendor however many of the vendor's bots they use. Totals are kept with each order. */
export const customers = pgTable(
  'customers',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    telegramId: telegramId('telegram_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    username: text('username'),
    /** The Telegram client's language (IETF tag, e.g. "en", "pt-br"), as the shop bot last saw it. */
    languageCode: text('language_code'),
    email: text('email'),
    phone: text('phone'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes'),
    orderCount: integer('order_count').notNull().default(0),
    totalSpentMinor: money('total_spent_minor').notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    /** The first order's time (any status): the New segment and the bots' new customers count from it. */
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('customers_telegram_idx').on(t.vendorId, t.telegramId),
    index('customers_vendor_created_idx').on(t.vendorId, t.createdAt),
    index('customers_vendor_last_order_idx').on(t.vendorId, t.lastOrderAt),
    // Search by name or @username: trigram index (pg_trgm) on the text the search matches.
    index('customers_search_trgm_idx').using('gin', sql`(${customerSearchText}) gin_trgm_ops`),
    index('customers_vendor_spent_idx').on(t.vendorId, t.totalSpentMinor),
    index('customers_vendor_recent_idx').on(t.vendorId, t.lastOrderAt.desc().nullsLast(), t.id),
  ],
);

/** A customer's membership of one bot: when they joined it and what they bought through it. */
export const customerBots = pgTable(
  'customer_bots',
  {
    vendorId: vendorId(),
    customerId: ref('customer_id'),
    botId: ref('bot_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    orderCount: integer('order_count').notNull().default(0),
    totalSpentMinor: money('total_spent_minor').notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true }),
    /**
     * When Telegram answered that the customer blocked this bot (403): the shop stops messaging them. Their next
     * message to the bot clears it.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** When the customer pressed "Stop promotions" under a campaign of this bot: no campaign reaches them again. */
    promotionsOptedOutAt: timestamp('promotions_opted_out_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.customerId, t.botId] }),
    foreignKey({
      columns: [t.vendorId, t.customerId],
      foreignColumns: [customers.vendorId, customers.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    index('customer_bots_bot_idx').on(t.vendorId, t.botId),
  ],
);
