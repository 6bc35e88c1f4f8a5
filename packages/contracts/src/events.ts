import { z } from 'zod';
import { text } from './common';

/**
 * Domain events: every state change a service makes is written as one of these, in the same transaction
 * (the transactional outbox). The first five groups are the outbound webhook catalogue of spec part 2 §3.8;
 * the rest are what the app itself needs (bots, subscriptions, staff, settings).
 */
export const EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.completed',
  'order.cancelled',
  'payment.received',
  'payment.failed',
  'refund.created',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'product.created',
  'product.updated',
  'product.outofstock',
  'product.lowstock',
  'bot.message',
  'bot.command',
  'bot.error',
  'bot.created',
  'bot.updated',
  'bot.started',
  'bot.stopped',
  'bot.deleted',
  'subscription.started',
  'subscription.renewed',
  'subscription.cancelled',
  'subscription.expired',
  'subscription.trial_ending',
  'staff.added',
  'staff.updated',
  'staff.removed',
  'settings.updated',
  'order.status_changed',
  'order.note_added',
  'wallet.credited',
  'wallet.debited',
  'subscription.ending',
  'subscription.refunded',
  // A customer's message that a content filter of the bot flagged for the vendor to review.
  'bot.message_flagged',
  // A FREE bot took its last order of the month (the plan's limit); the shop refuses more until the next month.
  'bot.order_limit_reached',
  'category.created',
  'category.updated',
  'category.deleted',
  // The developer surface (modules/api-keys, webhooks, exports): the audit trail of keys, endpoints and exports.
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.disabled',
  'export.requested',
  // What a paid customer is owed (codes, booking, confirmation) could not be sent: Telegram failed. Retried by a
  // durable job; `delayed` when the first attempt failed (shown on the order), `failed` when the retries ran out
  // (the vendor is told).
  'order.delivery_delayed',
  'order.delivery_failed',
  'export.completed',
  // The vendor (or staff) revealed in full a code an order's buyer received.
  'order.code_revealed',
  // The vendor released what a paid digital order held (its products do not deliver automatically).
  'order.delivery_released',
  // A staff member's tap on an alert's order button that their current permission or bots no longer allow.
  'order.move_refused',
  // The support inbox (modules/support): a customer's conversation with the vendor's team in a shop bot's chat.
  'support.conversation_opened',
  'support.message_received',
  'support.replied',
  'support.closed',
  'support.rated',
  // Campaigns (modules/campaigns): composed (to send now, or scheduled), sending started, finished, cancelled.
  'campaign.created',
  'campaign.scheduled',
  'campaign.started',
  'campaign.completed',
  'campaign.cancelled',
] as const;
export const EventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventType>;

/** The outbound webhook catalogue (spec part 2 §3.8): the events a vendor's endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES.slice(0, EVENT_TYPES.indexOf('bot.error') + 1).filter(
  (t) => t !== 'product.lowstock',
);

/**
 * Who made the change: the vendor's owner, a staff member, a customer in a shop bot, the system (jobs), or one of
 * the vendor's API keys (the actor's id is the key's id, its name the key's name).
 */
export const ActorKind = z.enum(['owner', 'staff', 'customer', 'system', 'apiKey']);
export type ActorKind = z.infer<typeof ActorKind>;

/** What the change was made to, e.g. { kind: 'bot', id }. */
export const SubjectKind = z.enum([
  'bot',
  'order',
  'customer',
  'product',
  'subscription',
  'staff',
  'settings',
  'wallet',
  'category',
  'apiKey',
  'webhook',
  'export',
  'conversation',
  'campaign',
]);
export type SubjectKind = z.infer<typeof SubjectKind>;

/** The activity feed's groups, which pick the icon (spec part 1 §2 Recent Activity). */
export const ActivityCategory = z.enum(['order', 'customer', 'product', 'payment', 'bot', 'other']);
export type ActivityCategory = z.infer<typeof ActivityCategory>;

/** Parameters of an event as the feed shows them: names, numbers and codes, never a sentence. */
export const ActivityParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ActivityParams = z.infer<typeof ActivityParams>;

/**
 * One row of an activity feed (Home's Recent Activity, a bot's activity, later the staff log). The web app
 * words it from `event` and `params` through its string catalogue.
 */
export const ActivityItem = z.object({
  id: z.string(),
  event: EventType,
  category: ActivityCategory,
  botId: z.string().nullable(),
  actor: z.object({ kind: ActorKind, name: z.string().nullable() }),
  subject: z.object({ kind: SubjectKind, id: z.string() }),
  params: ActivityParams,
  timestamp: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  botId: z.uuid().optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

/** The feed group of an event type. */
export function activityCategoryOf(type: EventType): ActivityCategory {
  if (
    type === 'subscription.renewed' ||
    type === 'subscription.refunded' ||
    type === 'refund.created' ||
    type.startsWith('wallet.')
  ) {
    return 'payment';
  }
  const group = type.slice(0, type.indexOf('.'));
  if (group === 'subscription') return 'bot';
  // Categories are the catalogue's, like products.
  if (group === 'category') return 'product';
  return ActivityCategory.options.includes(group as ActivityCategory) ? (group as ActivityCategory) : 'other';
}

/** One entry of the audit trail: who did what, to which object, in which bot, when. */
export const AuditEntry = z.object({
  id: z.string(),
  type: EventType,
  botId: z.string().nullable(),
  actor: z.object({ kind: ActorKind, id: z.string().nullable(), name: z.string().nullable() }),
  subject: z.object({ kind: SubjectKind, id: z.string() }),
  payload: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  botId: z.uuid().optional(),
  actorId: text().max(64).optional(),
  subjectKind: SubjectKind.optional(),
  subjectId: text().max(64).optional(),
  /** Entries older than this time (ISO), for the next page. */
  before: z.iso.datetime().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({ entries: z.array(AuditEntry), hasMore: z.boolean() });
export type AuditPage = z.infer<typeof AuditPage>;
