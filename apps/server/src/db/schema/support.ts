import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, telegramId, vendorId } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A customer's conversation with the vendor's team, held in one shop bot's chat: at most one open per bot and
 * customer (a partial unique index). `waiting`: the customer wrote last. `unread`: customer messages since staff
 * last read the thread.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    vendorId: vendorId(),
    id: id(),
    botId: ref('bot_id'),
    customerId: ref('customer_id'),
    chatId: telegramId('chat_id').notNull(),
    customerName: text('customer_name').notNull(),
    customerUsername: text('customer_username'),
    orderId: uuid('order_id'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    assignedTo: telegramId('assigned_to'),
    assignedName: text('assigned_name'),
    unread: integer('unread').notNull().default(0),
    waiting: boolean('waiting').notNull().default(true),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
    lastMessageText: text('last_message_text').notNull().default(''),
    firstResponseAt: at('first_response_at'),
    firstResponder: telegramId('first_responder'),
    ownerAlertedAt: at('owner_alerted_at'),
    closedAt: at('closed_at'),
    closedBy: telegramId('closed_by'),
    rating: smallint('rating'),
    ratedAt: at('rated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    uniqueIndex('support_conversations_one_open_idx')
      .on(t.vendorId, t.botId, t.chatId)
      .where(sql`"status" = 'open'`),
    index('support_conversations_inbox_idx').on(t.vendorId, t.status, t.lastMessageAt),
  ],
);

/** One message of a conversation: `in` from the customer, `out` from staff (with its delivery). */
export const supportMessages = pgTable(
  'support_messages',
  {
    vendorId: vendorId(),
    id: id(),
    conversationId: ref('conversation_id'),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    text: text('text').notNull().default(''),
    mediaKind: text('media_kind', { enum: ['photo', 'document'] }),
    /** Telegram's file id of the customer's photo or document (the shop bot can send it on or download it). */
    mediaFileId: text('media_file_id'),
    mediaName: text('media_name'),
    /** The customer's file as stored through the media module (migration 0034); null before it, or for text. */
    mediaUploadId: uuid('media_upload_id'),
    authorId: telegramId('author_id'),
    authorName: text('author_name'),
    delivery: text('delivery', { enum: ['received', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('received'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    index('support_messages_thread_idx').on(t.vendorId, t.conversationId, t.createdAt),
  ],
);

/** A bot's canned replies, offered in the reply box. */
export const supportCannedReplies = pgTable(
  'support_canned_replies',
  {
    vendorId: vendorId(),
    id: id(),
    botId: ref('bot_id'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.id] }),
    index('support_canned_replies_bot_idx').on(t.vendorId, t.botId, t.createdAt),
  ],
);
