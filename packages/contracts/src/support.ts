import { z } from 'zod';
import { CustomerSegment } from './catalogue';
import { text, VendorParams } from './common';

/**
 * The support inbox (issue 20): customers' conversations with the vendor's team, held in each shop bot's own chat.
 * Permission `support`, bot scope.
 */
export const SUPPORT_LIMITS = {
  /** Telegram's limit for one message's text. */
  replyMax: 4096,
  cannedTitleMax: 60,
  cannedPerBot: 50,
  /** Telegram lets a bot download files up to 20 MB: a customer's larger file is refused with a clear reply. */
  customerFileBytes: 20 * 1024 * 1024,
  /** After this long without a first answer during working hours, the owner is told. */
  firstAnswerAlertMs: 10 * 60 * 1000,
  pageMax: 100,
} as const;

export const SUPPORT_MESSAGES = {
  replyRequired: 'Write a reply first.',
  replyTooLong: `A reply holds up to ${SUPPORT_LIMITS.replyMax} characters (Telegram's limit).`,
  cannedTitleRequired: 'Give the canned reply a title.',
} as const;

/** The inbox tabs: open (every open conversation), mine (assigned to me), waiting (the customer wrote last), closed. */
export const SupportTab = z.enum(['open', 'mine', 'waiting', 'closed']);
export type SupportTab = z.infer<typeof SupportTab>;

export const ConversationStatus = z.enum(['open', 'closed']);
export type ConversationStatus = z.infer<typeof ConversationStatus>;

export const SupportConversation = z.object({
  id: z.uuid(),
  botId: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  customerUsername: z.string().nullable(),
  orderId: z.uuid().nullable(),
  status: ConversationStatus,
  assignedTo: z.number().int().nullable(),
  assignedName: z.string().nullable(),
  unread: z.number().int(),
  /** The customer wrote last and nobody answered yet. */
  waiting: z.boolean(),
  lastMessageAt: z.string(),
  lastMessageText: z.string(),
  firstResponseAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  createdAt: z.string(),
});
export type SupportConversation = z.infer<typeof SupportConversation>;

/** The customer's card on the thread screen. Money: USD minor units. */
export const SupportCustomerCard = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string().nullable(),
  telegramId: z.number().int(),
  orders: z.number().int(),
  totalSpent: z.number().int(),
  segment: CustomerSegment,
});
export type SupportCustomerCard = z.infer<typeof SupportCustomerCard>;

export const SupportConversationDetail = SupportConversation.extend({
  customer: SupportCustomerCard.nullable(),
});
export type SupportConversationDetail = z.infer<typeof SupportConversationDetail>;

export const SupportListQuery = z.object({
  tab: SupportTab.default('open'),
  /** The customer's name or @username, or an order id. */
  search: text().trim().max(100).optional(),
  botId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_LIMITS.pageMax).default(50),
});
export type SupportListQuery = z.infer<typeof SupportListQuery>;

export const SupportCounts = z.object({
  open: z.number().int(),
  mine: z.number().int(),
  waiting: z.number().int(),
  /** Unread customer messages in the open conversations the caller sees. */
  unread: z.number().int(),
});
export type SupportCounts = z.infer<typeof SupportCounts>;

export const SupportListResponse = z.object({
  conversations: z.array(SupportConversation),
  counts: SupportCounts,
});
export type SupportListResponse = z.infer<typeof SupportListResponse>;

export const SupportMessageDelivery = z.enum(['received', 'sending', 'sent', 'failed']);
export const SupportMessage = z.object({
  id: z.uuid(),
  direction: z.enum(['in', 'out']),
  text: z.string(),
  media: z
    .object({
      kind: z.enum(['photo', 'document']),
      name: z.string().nullable(),
      /** A photo's address (stored through the media module); null for a document or a file not stored. */
      url: z.string().nullable(),
      /** The stored file's size in bytes; null when it was not stored. */
      size: z.number().int().nullable(),
    })
    .nullable(),
  author: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  delivery: SupportMessageDelivery,
  /** Why a reply did not reach the customer: `blocked` (they blocked the bot) or Telegram's refusal. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

export const SupportMessageList = z.object({ messages: z.array(SupportMessage) });
export type SupportMessageList = z.infer<typeof SupportMessageList>;

export const SupportReplyBody = z
  .object({
    text: text({ error: SUPPORT_MESSAGES.replyRequired })
      .trim()
      .min(1, SUPPORT_MESSAGES.replyRequired)
      .max(SUPPORT_LIMITS.replyMax, SUPPORT_MESSAGES.replyTooLong),
  })
  .strict();
export type SupportReplyBody = z.infer<typeof SupportReplyBody>;

/** Assign to a staff member by their Telegram id (the owner's included), or null to unassign. */
export const SupportAssignBody = z
  .object({ assignee: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable() })
  .strict();
export type SupportAssignBody = z.infer<typeof SupportAssignBody>;

export const ConversationParams = VendorParams.extend({ conversationId: z.uuid() });
export type ConversationParams = z.infer<typeof ConversationParams>;

/** One message of a conversation (a customer's file's download link). */
export const SupportMessageParams = ConversationParams.extend({ messageId: z.uuid() });
export type SupportMessageParams = z.infer<typeof SupportMessageParams>;
/** The download of a customer's file behind a link: the message names it. */
export const SupportFileParams = z.object({ messageId: z.uuid() });

export const CannedReply = z.object({
  id: z.uuid(),
  botId: z.uuid(),
  title: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type CannedReply = z.infer<typeof CannedReply>;

export const CannedReplyBody = z
  .object({
    botId: z.uuid(),
    title: text({ error: SUPPORT_MESSAGES.cannedTitleRequired })
      .trim()
      .min(1, SUPPORT_MESSAGES.cannedTitleRequired)
      .max(SUPPORT_LIMITS.cannedTitleMax),
    text: text({ error: SUPPORT_MESSAGES.replyRequired })
      .trim()
      .min(1, SUPPORT_MESSAGES.replyRequired)
      .max(SUPPORT_LIMITS.replyMax, SUPPORT_MESSAGES.replyTooLong),
  })
  .strict();
export type CannedReplyBody = z.infer<typeof CannedReplyBody>;

export const CannedReplyQuery = z.object({ botId: z.uuid().optional() });
export const CannedReplyList = z.object({ replies: z.array(CannedReply) });
export type CannedReplyList = z.infer<typeof CannedReplyList>;
export const CannedReplyParams = VendorParams.extend({ replyId: z.uuid() });

/** Support Staff's figures of one person (by Telegram id), from their conversations. */
export const SupportStaffFigures = z.object({
  telegramId: z.number().int(),
  /** Conversations they closed. */
  handled: z.number().int(),
  /** Mean time from a conversation's start to their first answer (ms); null before any. */
  avgFirstResponseMs: z.number().nullable(),
  rating: z.number().nullable(),
  ratings: z.number().int(),
  /** Conversations they answered first or closed today (UTC). */
  today: z.number().int(),
  /** Open conversations assigned to them: busy when above 0. */
  openAssigned: z.number().int(),
});
export type SupportStaffFigures = z.infer<typeof SupportStaffFigures>;

export const SupportStaffFiguresResponse = z.object({
  staff: z.array(SupportStaffFigures),
  /** The team's: mean first response (ms), and conversations opened today. */
  avgFirstResponseMs: z.number().nullable(),
  ticketsToday: z.number().int(),
});
export type SupportStaffFiguresResponse = z.infer<typeof SupportStaffFiguresResponse>;
