import { CampaignStatus } from '@app/contracts/campaigns';
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
} from 'drizzle-orm/pg-core';
import { bots } from './bots';
import { createdAt, enumValues, id, ref, telegramId, updatedAt, vendorId } from './columns';
import { vendors } from './vendors';

/** A broadcast to a bot's customers (modules/campaigns). Its progress is counted from its recipients' states. */
export const campaigns = pgTable(
  'campaigns',
  {
    vendorId: vendorId().references(() => vendors.id, { onDelete: 'cascade' }),
    id: id(),
    botId: ref('bot_id'),
    name: text('name'),
    /** Telegram HTML. */
    text: text('text').notNull(),
    photoUrl: text('photo_url'),
    /** contracts CampaignButton[]. */
    buttons: jsonb('buttons').$type<unknown[]>().notNull().default([]),
    /** contracts CampaignSegment. */
    segment: text('segment').notNull(),
    search: text('search'),
    status: text('status', { enum: enumValues(CampaignStatus.options) })
      .notNull()
      .default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The Telegram id of who created it. */
    createdBy: telegramId('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    foreignKey({ columns: [t.vendorId, t.botId], foreignColumns: [bots.vendorId, bots.id] }).onDelete(
      'cascade',
    ),
    index('campaigns_vendor_created_idx').on(t.vendorId, t.createdAt),
  ],
);

/**
 * One customer of a campaign and where their message stands: `pending` (to send), `sending` (claimed: the call
 * to Telegram may have gone out), then `delivered`, `failed` or `blocked`. A row found `sending` after a restart
 * becomes `unknown` and is never sent again: at most one message per customer.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    vendorId: vendorId(),
    campaignId: ref('campaign_id'),
    customerId: ref('customer_id'),
    telegramId: telegramId('telegram_id').notNull(),
    state: text('state', {
      enum: ['pending', 'sending', 'delivered', 'failed', 'blocked', 'unknown'],
    })
      .notNull()
      .default('pending'),
    /** Telegram's 429s and outages met so far; the message goes back to pending until the limit. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.campaignId, t.customerId] }),
    foreignKey({
      name: 'campaign_recipients_campaign_fk',
      columns: [t.vendorId, t.campaignId],
      foreignColumns: [campaigns.vendorId, campaigns.id],
    }).onDelete('cascade'),
    index('campaign_recipients_state_idx').on(t.vendorId, t.campaignId, t.state),
  ],
);

/** A bot's abandoned-cart reminder (off until the vendor turns it on). */
export const abandonedCartSettings = pgTable(
  'abandoned_cart_settings',
  {
    vendorId: vendorId(),
    botId: ref('bot_id'),
    enabled: boolean('enabled').notNull().default(false),
    hours: integer('hours').notNull().default(6),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.botId] }),
    foreignKey({
      name: 'abandoned_cart_settings_bot_fk',
      columns: [t.vendorId, t.botId],
      foreignColumns: [bots.vendorId, bots.id],
    }).onDelete('cascade'),
  ],
);
