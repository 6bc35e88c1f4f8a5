import { BillingPeriod, Plan, SubscriptionStatus } from '@app/contracts/plans';
import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';
import { createdAt, enumValues, id, money, ref, telegramId, updatedAt, vendorId } from './columns';
import { vendors } from './vendors';

/** A vendor's shop bot. Deleted bots are kept (deleted_at) so their orders stay in the vendor's records. */
export const bots = pgTable(
  'bots',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    telegramBotId: telegramId('telegram_bot_id').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** AES-256-GCM ciphertext of the bot token; the key never sits in the database. */
    tokenCiphertext: text('token_ciphertext').notNull(),
    /** SHA-256 of the token, so "already registered" is checked without decrypting every row. */
    tokenHash: text('token_hash').notNull(),
    category: text('category').notNull().default('general'),
    language: text('language').notNull().default('en'),
    currency: text('currency').notNull().default('USD'),
    timezone: text('timezone').notNull().default('UTC'),
    welcomeMessage: text('welcome_message'),
    isActive: boolean('is_active').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(true),
    webhookUrl: text('webhook_url'),
    webhookSecretCiphertext: text('webhook_secret_ciphertext'),
    /**
     * Why a stopped bot stopped when the system stopped it ('subscription.expired'); null when a person did or
     * while it runs. A payment that makes its subscription live again starts only a bot the expiry stopped.
     */
    stoppedReason: text('stopped_reason'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    integrations: jsonb('integrations').$type<Record<string, string[]>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('bots_token_hash_idx').on(t.tokenHash).where(sql`deleted_at is null`),
    uniqueIndex('bots_username_idx').on(sql`lower(${t.username})`).where(sql`deleted_at is null`),
    index('bots_vendor_created_idx').on(t.vendorId, t.createdAt),
    // Telegram's webhook calls name the bot alone (/telegram/webhook/:botId), before any vendor is known.
    uniqueIndex('bots_id_idx').on(t.id),
  ],
);

/** One subscription period of a bot. The newest row is the bot's current subscription. */
export const botSubscriptions = pgTable(
  'bot_subscriptions',
  {
    vendorId: vendorId(),
    id: id(),
    botId: ref('bot_id'),
    plan: text('plan', { enum: enumValues(Plan.options) }).notNull(),
    status: text('status', { enum: enumValues(SubscriptionStatus.options) }).notNull(),
    billingPeriod: text('billing_period', { enum: enumValues(BillingPeriod.options) })
      .notNull()
      .default('monthly'),
    amountMinor: money('amount_minor').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    feeBps: integer('fee_bps').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The smallest "days left" reminder sent for this period (3, then 1), so each is sent once. */
    remindedDays: integer('reminded_days'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    index('bot_subscriptions_bot_idx').on(t.vendorId, t.botId, t.createdAt),
    index('bot_subscriptions_ends_idx').on(t.endsAt).where(sql`status in ('trial', 'active')`),
  ],
);
