import {
  FilterAction,
  FilterSeverity,
  type PaymentProviderId,
  type ProviderCurrency,
  type QuickReplyButton,
  type ShippingRegion,
  type StoreDetails,
} from '@app/contracts/settings';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bots } from './bots';
import { createdAt, enumValues, id, money, ref, updatedAt, vendorId } from './columns';

const botOf = (t: { vendorId: AnyPgColumn; botId: AnyPgColumn }) =>
  foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
    'cascade',
  );

/**
 * One row per bot that has settings of its own: store details, the welcome buttons (the welcome text stays in
 * bots.welcome_message, its one home), the predefined filter lists switched on, shipping settings, and when the
 * runtime's cache of the bot was last cleared. A bot without a row reads as the defaults.
 */
export const botSettings = pgTable(
  'bot_settings',
  {
    vendorId: vendorId(),
    botId: ref('bot_id'),
    store: jsonb('store').$type<Partial<StoreDetails>>().notNull().default({}),
    welcomeButtons: jsonb('welcome_buttons').$type<QuickReplyButton[]>().notNull().default([]),
    filterLists: jsonb('filter_lists').$type<string[]>().notNull().default([]),
    trackingEnabled: boolean('tracking_enabled').notNull().default(false),
    /** Null: the default threshold of spec part 2 §9. */
    freeShippingThresholdMinor: money('free_shipping_threshold_minor'),
    cacheClearedAt: timestamp('cache_cleared_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.botId] }),
    botOf(t),
    // The shop runtime knows the bot alone.
    uniqueIndex('bot_settings_bot_idx').on(t.botId),
  ],
);

/** A vendor's own filter words of a bot, stored lowercased, unique per bot. */
export const botFilterWords = pgTable(
  'bot_filter_words',
  {
    vendorId: vendorId(),
    id: id(),
    botId: ref('bot_id'),
    word: text('word').notNull(),
    action: text('action', { enum: enumValues(FilterAction.options) }).notNull(),
    severity: text('severity', { enum: enumValues(FilterSeverity.options) }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    botOf(t),
    uniqueIndex('bot_filter_words_word_idx').on(t.botId, t.word),
  ],
);

/** A bot's payment provider: its switch, currencies, and its secrets sealed with AES-256-GCM (never returned). */
export const botPaymentProviders = pgTable(
  'bot_payment_providers',
  {
    vendorId: vendorId(),
    botId: ref('bot_id'),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    configured: boolean('configured').notNull().default(false),
    currencies: jsonb('currencies').$type<ProviderCurrency[]>().notNull().default([]),
    testMode: boolean('test_mode').notNull().default(false),
    /** Sealed JSON of the provider's secrets ({ providerToken } or { apiKey, ipnSecret }). */
    secretsCiphertext: text('secrets_ciphertext'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.botId, t.provider] }),
    botOf(t),
    index('bot_payment_providers_bot_idx').on(t.botId),
  ],
);

export const botShippingMethods = pgTable(
  'bot_shipping_methods',
  {
    vendorId: vendorId(),
    id: id(),
    botId: ref('bot_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: money('price_minor').notNull(),
    estimatedDays: text('estimated_days').notNull().default(''),
    regions: jsonb('regions').$type<ShippingRegion[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    botOf(t),
    index('bot_shipping_methods_bot_idx').on(t.botId, t.createdAt),
  ],
);
