import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@app/contracts/common';
import type { Permission } from '@app/contracts/permissions';
import type { AlertKind } from '@app/contracts/staff';
import type { Db, Tx } from '../../db/types';
import type { Mailer } from '../../lib/mailer';
import { formatAmount } from '../../lib/money';
import type { Secrets } from '../../lib/secrets';
import type { BotApi } from '../../lib/telegram/bot-api';
import { createPlatformBot, type PlatformBot } from '../../lib/telegram/platform-bot';
import { type TelegramThrottle, throttledBotApi } from '../../lib/telegram/throttle';
import type { PushSender } from '../../lib/web-push';
import { ownerContactOf } from '../auth/auth.service';
import { botMessengerOf, botUsernameOf } from '../bots/bot-runtime.service';
import { type CustomersService, createCustomersService } from '../customers/customers.service';
import { createOrderReads, type OrderReads } from '../orders/order-reads';
import { profileEmailOf } from '../profile/profile.service';
import { staffResponsible, staffToTell } from '../staff/staff.service';
import { orderAlertAction } from './alert-actions.service';
import { type Outcome, sendTo } from './notification-delivery';
import {
  type CustomerNotice,
  customerMessage,
  notificationTypeOf,
  SECURITY_NOTICES,
  type SecurityNotice,
  type VendorNotice,
  vendorMessage,
} from './notification-messages';
import { quietUntil, settingsOf } from './notification-settings.service';
import { fillText, formatDay, VENDOR_TEXTS, type VendorTextKey } from './notification-texts';
import * as repo from './notifications.repository';

// Telling a vendor (the platform bot) and sending the queued notifications (the notifications.send job); each
// part is a function taking what its factory built once (the paced Bot API, the platform bot, the readers).

export type { Outcome } from './notification-delivery';

export type NotificationsLogger = { warn(obj: object, msg: string): void };

export type VendorNotifierDeps = {
  db: Db;
  botApi: BotApi;
  /** The platform bot that tells vendors; without it vendor notifications are skipped. */
  platformBotToken?: string | undefined;
  /** Builds the buttons' Mini App links; by default the platform bot asks Telegram its username once. */
  platformBot?: PlatformBot;
  /** Paces the messages (by default the process's one throttle). */
  throttle?: TelegramThrottle;
  now?: () => Date;
};

export type NotificationsDeps = VendorNotifierDeps & {
  /** Opens the shop bots' stored tokens, to tell customers through them. */
  secrets: Pick<Secrets, 'decrypt'>;
  log?: NotificationsLogger | undefined;
  /** Sends the e-mail notifications (SMTP_URL); without it they are skipped. */
  mailer?: Mailer | undefined;
  /** Sends the Web Push notifications (VAPID, lib/web-push.ts); without it they are skipped. */
  push?: PushSender | undefined;
};

/** After this many attempts a notification is given up (and logged). */
export const MAX_ATTEMPTS = 5;
/** Someone who blocked the platform bot is tried again at most this often, not at every notification. */
const BLOCKED_RETRY_MS = DAY_MS;
const BATCH = 50;
/** A run stops taking new batches after this long; the next run (every minute) goes on. */
const RUN_BUDGET_MS = 60_000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** 30 s, 2 min, 8 min, 32 min: Telegram's short outages pass, and a notification is not days late. */
const backoffMs = (attempts: number) => 30_000 * 4 ** attempts;

/** What the vendor notifier builds once: the paced Bot API and the platform bot (its username asked once). */
export type VendorNotifierParts = {
  db: Db;
  botApi: BotApi;
  now: () => Date;
  token: string | undefined;
  platformBot: PlatformBot | null;
};

/**
 * Tells a vendor something through the platform bot, in their profile's language, with a button that opens the
 * matching back-office screen: the owner, then the staff whose permission and bots cover it. Someone who blocked
 * the platform bot lately is skipped.
 */
export async function tellVendor(
  parts: VendorNotifierParts,
  vendorId: string,
  kind: VendorNotice,
  n: { subjectId: string; botId: string | null; params: Record<string, unknown> },
): Promise<Outcome> {
  const { db, token, platformBot } = parts;
  if (!token) return { status: 'skipped', chatId: null, reason: 'no platform bot' };
  const owner = await ownerContactOf(db, vendorId);
  if (!owner) return { status: 'skipped', chatId: null, reason: 'no owner' };
  const chatId = owner.telegramId;
  const since = new Date(parts.now().getTime() - BLOCKED_RETRY_MS);
  const botUsername =
    n.botId && typeof n.params.botUsername !== 'string' ? await botUsernameOf(db, vendorId, n.botId) : null;
  const message = vendorMessage(kind, { ...n, botUsername: botUsername ?? null }, owner);
  const link =
    message.button && platformBot ? await platformBot.miniAppLink(message.button.startParam) : null;
  // A customer's conversation assigned to a staff member is theirs alone: the owner is not told.
  const assignee = SUPPORT_NOTICES.has(kind) ? await supportAssignee(db, vendorId, chatId, n) : null;
  if (assignee) {
    if (assignee.muted)
      return { status: 'skipped', chatId: assignee.telegramId, reason: 'muted by the assignee' };
    if (await repo.blockedSince(db, vendorId, assignee.telegramId, since)) {
      return { status: 'skipped', chatId: assignee.telegramId, reason: 'blocked the platform bot' };
    }
    return sendTo(parts.botApi, token, assignee.telegramId, message, link, null);
  }
  if (await repo.blockedSince(db, vendorId, chatId, since)) {
    return { status: 'skipped', chatId, reason: 'blocked the platform bot' };
  }
  // A paid order's alert offers its next move as a button too; a tap is checked against the tapper's grant.
  const action =
    kind === 'order_paid' ? await orderAlertAction(db, vendorId, n.subjectId, owner.language) : null;
  const outcome = await sendTo(parts.botApi, token, chatId, message, link, action);
  // The team members responsible (permission and bot scope) are told too, in the account's words, once: the
  // notification's delivery and retries follow the owner's message.
  const permission = STAFF_PERMISSION[kind];
  const alertKind = ALERT_KIND[kind];
  // A customer's conversation the owner holds is the owner's alone.
  const ownersConversation = SUPPORT_NOTICES.has(kind) && n.params.assignedTo === chatId;
  if (outcome.status !== 'retry' && permission && alertKind && !ownersConversation) {
    for (const staffId of await staffToTell(db, vendorId, permission, n.botId, alertKind)) {
      if (staffId !== chatId) await sendTo(parts.botApi, token, staffId, message, link, action);
    }
  }
  return outcome;
}

/** The notices about a customer's conversation: they follow its assignment. */
const SUPPORT_NOTICES: ReadonlySet<VendorNotice> = new Set<VendorNotice>([
  'support_message',
  'support_opened',
]);

/**
 * Who alone hears of a customer's conversation: its assignee (as the event saw it) when that is a staff member
 * still answering the bot's support, with whether they muted support alerts. Null when it is unassigned or its
 * assignee lost the seat (then the owner and every support member of the bot are told), or is the owner's
 * (then the owner alone is).
 */
async function supportAssignee(
  db: Db,
  vendorId: string,
  ownerChatId: number,
  n: { botId: string | null; params: Record<string, unknown> },
): Promise<{ telegramId: number; muted: boolean } | null> {
  const assignedTo = n.params.assignedTo;
  if (typeof assignedTo !== 'number' || assignedTo === ownerChatId) return null;
  const seat = (await staffResponsible(db, vendorId, 'support', n.botId)).find(
    (s) => s.telegramId === assignedTo,
  );
  return seat ? { telegramId: assignedTo, muted: seat.mutedAlerts.includes('support') } : null;
}

/** An invoice for the vendor (modules/billing's InvoiceNotice): a fee statement or a bot's renewal. */
export type VendorInvoice = (
  | { method: 'stars'; paymentId: string; payload: string; stars: number }
  | { method: 'ltc'; paymentId: string; url: string }
) & {
  amountMinor: number;
  for:
    | { kind: 'fees'; month: string; number: string }
    | {
        kind: 'renewal';
        botId: string;
        botUsername: string | null;
        plan: string;
        period: string;
        endsAt: string;
      };
};

/**
 * Sends the vendor an invoice through the platform bot, in their language: in Stars, an invoice message the owner
 * pays in the chat (`sendInvoice`, XTR, the payment's payload); in Litecoin, a message with the pay link (to the
 * owner and the staff who see billing). Throws when it could not be sent.
 */
export async function sendVendorInvoice(
  parts: VendorNotifierParts,
  vendorId: string,
  invoice: VendorInvoice,
): Promise<void> {
  const about = invoice.for;
  if (invoice.method === 'ltc') {
    const outcome = await tellVendor(
      parts,
      vendorId,
      about.kind === 'fees' ? 'fees_invoice' : 'renewal_invoice',
      {
        subjectId: invoice.paymentId,
        botId: about.kind === 'renewal' ? about.botId : null,
        params: { ...about, amountMinor: invoice.amountMinor, url: invoice.url },
      },
    );
    if (outcome.status === 'retry') throw new Error(`the pay link was not sent: ${outcome.error}`);
    return;
  }
  const { db, token } = parts;
  if (!token) throw new Error('no platform bot to send the invoice');
  const owner = await ownerContactOf(db, vendorId);
  if (!owner) throw new Error('no owner to send the invoice to');
  const say = (key: VendorTextKey, params: Record<string, string>) =>
    fillText(VENDOR_TEXTS, owner.language, key, params);
  const amount = formatAmount(owner.language, invoice.amountMinor, 'USD');
  const title =
    about.kind === 'fees'
      ? say('feesStarsTitle', { month: about.month })
      : say('renewalStarsTitle', { plan: about.plan });
  const description =
    about.kind === 'fees'
      ? say('feesStarsDescription', { month: about.month, amount, number: about.number })
      : say('renewalStarsDescription', {
          plan: about.plan,
          botUsername: about.botUsername ?? '',
          date: formatDay(owner.language, about.endsAt, owner.timezone),
          amount,
        });
  await parts.botApi.call(token, 'sendInvoice', {
    chat_id: owner.telegramId,
    title: title.slice(0, 32),
    description: description.slice(0, 255),
    payload: invoice.payload,
    provider_token: '',
    currency: 'XTR',
    prices: [{ label: title.slice(0, 32), amount: invoice.stars }],
  });
}

/** Which staff members hear of each kind: those whose permission covers it. Security notices are the owner's alone. */
const STAFF_PERMISSION: Partial<Record<VendorNotice, Permission>> = {
  order_paid: 'orders',
  stock_low: 'products',
  stock_out: 'products',
  message_flagged: 'support',
  support_message: 'support',
  support_opened: 'support',
  order_limit: 'billing',
  trial_ending: 'billing',
  subscription_ending: 'billing',
  fees_unpaid: 'billing',
  renewal_unpaid: 'billing',
  fees_invoice: 'billing',
  renewal_invoice: 'billing',
  delivery_failed: 'orders',
};

/** Which of a member's mutes silences each kind. */
const ALERT_KIND: Partial<Record<VendorNotice, AlertKind>> = {
  order_paid: 'orders',
  stock_low: 'stock',
  stock_out: 'stock',
  message_flagged: 'support',
  support_message: 'support',
  support_opened: 'support',
  order_limit: 'plan',
  trial_ending: 'plan',
  subscription_ending: 'plan',
  fees_unpaid: 'plan',
  renewal_unpaid: 'plan',
  fees_invoice: 'plan',
  renewal_invoice: 'plan',
  delivery_failed: 'orders',
};

/** The vendor notifier as the sender and the reminders job call it: its parts built once, then bound. */
export function createVendorNotifier(deps: VendorNotifierDeps) {
  const token = deps.platformBotToken;
  const parts: VendorNotifierParts = {
    db: deps.db,
    botApi: throttledBotApi(deps.botApi, deps.throttle),
    now: deps.now ?? (() => new Date()),
    token,
    platformBot: deps.platformBot ?? (token ? createPlatformBot({ botApi: deps.botApi, token }) : null),
  };
  return {
    tell: (
      vendorId: string,
      kind: VendorNotice,
      n: { subjectId: string; botId: string | null; params: Record<string, unknown> },
    ) => tellVendor(parts, vendorId, kind, n),
    /** modules/billing: an invoice for a fee statement or a renewal (Stars or Litecoin default). */
    sendInvoice: (vendorId: string, invoice: VendorInvoice) => sendVendorInvoice(parts, vendorId, invoice),
  };
}

export type VendorNotifier = ReturnType<typeof createVendorNotifier>;

const VENDOR_NOTICES: ReadonlySet<string> = new Set<VendorNotice>([
  'order_paid',
  'customer_refund',
  'delivery_failed',
  'stock_low',
  'stock_out',
  'message_flagged',
  'support_message',
  'support_opened',
  'support_unanswered',
  'order_limit',
  'trial_ending',
  'subscription_ending',
  ...SECURITY_NOTICES,
  'fees_unpaid',
  'renewal_unpaid',
  'fees_invoice',
  'renewal_invoice',
]);
const CUSTOMER_NOTICES: ReadonlySet<string> = new Set<CustomerNotice>([
  'order_shipped',
  'order_delivered',
  'order_completed',
  'order_cancelled',
  'order_expired',
  'order_refunded',
]);

/** What the sender builds once: the paced Bot API, the vendor notifier, and the orders and customers readers. */
export type NotificationsParts = {
  db: Db;
  secrets: Pick<Secrets, 'decrypt'>;
  log: NotificationsLogger | undefined;
  now: () => Date;
  botApi: BotApi;
  vendors: VendorNotifier;
  orders: OrderReads;
  customers: CustomersService;
  mailer: Mailer | undefined;
  push: PushSender | undefined;
};

/** An attempt's end, or a hold: quiet hours keep the notification until they end (not dropped, not counted). */
type AttemptOutcome = Outcome | { status: 'held'; until: Date };

/**
 * A vendor notification by e-mail, to the profile's address, in the profile's language: the same words as the
 * Telegram message, with a link to the back-office screen when there is one.
 */
export async function emailVendor(
  parts: NotificationsParts,
  row: repo.NotificationRow,
  kind: VendorNotice,
): Promise<Outcome> {
  if (!parts.mailer) return { status: 'skipped', chatId: null, reason: 'no mailer' };
  const [to, owner] = await Promise.all([
    profileEmailOf(parts.db, row.vendorId),
    ownerContactOf(parts.db, row.vendorId),
  ]);
  if (!to || !owner) return { status: 'skipped', chatId: null, reason: 'no e-mail address' };
  const message = vendorMessage(kind, row, owner);
  const texts = VENDOR_TEXTS[owner.language] ?? VENDOR_TEXTS.en;
  const title = (message.text.split('\n')[0] ?? '')
    .replace(/^\p{Extended_Pictographic}\uFE0F?\s*/u, '')
    .slice(0, 120);
  try {
    await parts.mailer.send({
      to,
      subject: texts.emailSubject.replace('{title}', title),
      text: `${message.text}\n\n—\n${texts.emailFooter}`,
    });
    return { status: 'sent', chatId: null };
  } catch (err) {
    return { status: 'retry', chatId: null, error: errorText(err) };
  }
}

/**
 * A vendor notification, by the vendor's preferences: held through quiet hours, sent by the channel the row is
 * for when its switch is on. Security notices ignore quiet hours and go by both channels always (spec part 2 §6).
 */
async function attemptVendor(parts: NotificationsParts, row: repo.NotificationRow): Promise<AttemptOutcome> {
  const kind = row.kind as VendorNotice;
  const type = notificationTypeOf(kind);
  const security = type === 'security';
  const settings = await settingsOf(parts.db, row.vendorId);
  if (!security) {
    const owner = await ownerContactOf(parts.db, row.vendorId);
    const until = quietUntil(settings.quietHours, owner?.timezone ?? 'UTC', parts.now());
    if (until) return { status: 'held', until };
  }
  const channel = CHANNEL_OF[row.audience] ?? 'telegram';
  // Security notices go by e-mail and Telegram whatever the switches say; by push only when it is on.
  if ((!security || channel === 'push') && !settings.types[type][channel]) {
    return { status: 'skipped', chatId: null, reason: `${channel} off for ${type}` };
  }
  if (channel === 'email') return emailVendor(parts, row, kind);
  if (channel === 'push') return pushVendor(parts, row, kind);
  return parts.vendors.tell(row.vendorId, kind, row);
}

const CHANNEL_OF: Partial<Record<repo.NotificationRow['audience'], 'email' | 'telegram' | 'push'>> = {
  vendor: 'telegram',
  vendor_email: 'email',
  vendor_push: 'push',
};

/**
 * A vendor notification by Web Push, to every browser of the account that turned it on: the Telegram message's
 * words (first line the title), encrypted for each browser. A browser whose push service says it is gone is
 * forgotten; when every push failed otherwise, the notification is tried again later.
 */
export async function pushVendor(
  parts: NotificationsParts,
  row: repo.NotificationRow,
  kind: VendorNotice,
): Promise<Outcome> {
  if (!parts.push) return { status: 'skipped', chatId: null, reason: 'no push sender' };
  const [targets, owner] = await Promise.all([
    repo.pushSubscriptionsOf(parts.db, row.vendorId),
    ownerContactOf(parts.db, row.vendorId),
  ]);
  if (targets.length === 0 || !owner)
    return { status: 'skipped', chatId: null, reason: 'no push subscription' };
  const message = vendorMessage(kind, row, owner);
  const [title = '', ...rest] = message.text.split('\n');
  const payload = JSON.stringify({
    title: title.replace(/<[^>]+>/g, '').slice(0, 120),
    body: rest
      .join('\n')
      .replace(/<[^>]+>/g, '')
      .trim()
      .slice(0, 1000),
    tag: row.id,
  });
  let sent = 0;
  let error: string | null = null;
  for (const target of targets) {
    const outcome = await parts.push.send(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
    );
    if (outcome.status === 'sent') sent += 1;
    else if (outcome.status === 'gone')
      await repo.deletePushSubscription(parts.db, row.vendorId, target.endpoint);
    else error = outcome.error;
  }
  if (sent > 0 || error === null)
    return sent > 0
      ? { status: 'sent', chatId: null }
      : { status: 'skipped', chatId: null, reason: 'every browser unsubscribed' };
  return { status: 'retry', chatId: null, error };
}

/**
 * Queues a security notification (issue 21: a new session from a new device, two-step turned off, an API key
 * created, payout details changed, account deletion scheduled) for the owner, by Telegram and by e-mail, at
 * once: it ignores quiet hours and the preferences. Call it inside the change's transaction (or after commit);
 * the notifications.send job sends it (within a minute).
 */
export async function queueSecurityNotice(
  db: Db | Tx,
  vendorId: string,
  kind: SecurityNotice,
  params: Record<string, string | number | null> = {},
): Promise<void> {
  const eventId = randomUUID();
  for (const audience of ['vendor', 'vendor_email'] as const) {
    await repo.insertNotification(db, {
      vendorId,
      eventId,
      audience,
      kind,
      botId: null,
      subjectId: vendorId,
      params,
    });
  }
}

/**
 * Queues a vendor notice that no event carries (a support conversation left unanswered), as the events consumer
 * queues the others: by Telegram and, when the profile has an address, by e-mail; the preferences and quiet
 * hours apply when it is sent. `key` makes it once: a second call with the same key adds nothing.
 */
export async function queueVendorNotice(
  db: Db | Tx,
  vendorId: string,
  kind: VendorNotice,
  n: { key: string; botId: string | null; subjectId: string; params: Record<string, unknown> },
): Promise<void> {
  const byEmail = (await profileEmailOf(db, vendorId)) !== null;
  for (const audience of byEmail ? (['vendor', 'vendor_email'] as const) : (['vendor'] as const)) {
    await repo.insertNotification(db, {
      vendorId,
      eventId: n.key,
      audience,
      kind,
      botId: n.botId,
      subjectId: n.subjectId,
      params: n.params,
    });
  }
}

/**
 * Queues the e-mail copy of a vendor notice the caller told by Telegram itself (modules/billing's job: a fee
 * statement or a renewal it could not charge): the notifications.send job e-mails it when the vendor's preferences
 * and profile have an address for it. Once per `eventId` (the billing attempt).
 */
export async function queueVendorEmail(
  db: Db | Tx,
  vendorId: string,
  kind: VendorNotice,
  n: { eventId: string; subjectId: string; botId: string | null; params: Record<string, unknown> },
): Promise<void> {
  await repo.insertNotification(db, {
    vendorId,
    eventId: n.eventId,
    audience: 'vendor_email',
    kind,
    botId: n.botId,
    subjectId: n.subjectId,
    params: n.params,
  });
}

/** A follow-up to the customer of an order, through its shop bot, unless they blocked it. */
export async function tellCustomer(
  parts: NotificationsParts,
  row: repo.NotificationRow,
  kind: CustomerNotice,
): Promise<Outcome> {
  const { orders, customers } = parts;
  const order = await orders.partiesOf(row.vendorId, row.subjectId);
  if (!order) return { status: 'skipped', chatId: null, reason: 'order not found' };
  const bot = await botMessengerOf(parts, row.vendorId, order.botId);
  if (!bot) return { status: 'skipped', chatId: null, reason: 'bot deleted' };
  const contact = await customers.botContactOf(row.vendorId, order.customerId, order.botId);
  if (!contact) return { status: 'skipped', chatId: null, reason: 'customer not found' };
  if (contact.blockedAt) {
    return { status: 'skipped', chatId: contact.telegramId, reason: 'customer blocked the bot' };
  }
  const message = customerMessage(
    kind,
    { params: row.params, orderNumber: order.number, orderId: row.subjectId },
    bot.language,
  );
  const outcome = await sendTo(parts.botApi, bot.token, contact.telegramId, message, null);
  if (outcome.status === 'blocked') {
    await customers.markBlocked(row.vendorId, order.customerId, order.botId, parts.now());
  }
  return outcome;
}

/** One try at a queued notification; never throws (a database failure or a bug reads as `retry`). */
async function attempt(parts: NotificationsParts, row: repo.NotificationRow): Promise<AttemptOutcome> {
  try {
    const toVendor =
      row.audience === 'vendor' || row.audience === 'vendor_email' || row.audience === 'vendor_push';
    if (toVendor && VENDOR_NOTICES.has(row.kind)) {
      return await attemptVendor(parts, row);
    }
    if (row.audience === 'customer' && CUSTOMER_NOTICES.has(row.kind)) {
      return await tellCustomer(parts, row, row.kind as CustomerNotice);
    }
    return { status: 'skipped', chatId: null, reason: `unknown notification ${row.audience}/${row.kind}` };
  } catch (err) {
    // The database or a bug: try again later, like a Telegram outage, within the same limit.
    return { status: 'retry', chatId: null, error: errorText(err) };
  }
}

/** Stores how a try ended: again later (backing off), given up after MAX_ATTEMPTS, or finished. */
async function settle(
  parts: NotificationsParts,
  row: repo.NotificationRow,
  outcome: AttemptOutcome,
): Promise<AttemptOutcome['status']> {
  const { db } = parts;
  const at = parts.now();
  if (outcome.status === 'held') {
    await repo.holdNotification(db, row, outcome.until);
    return 'held';
  }
  const about = { notificationId: row.id, vendorId: row.vendorId, kind: row.kind, audience: row.audience };
  if (outcome.status === 'retry') {
    if (row.attempts + 1 < MAX_ATTEMPTS) {
      const later = new Date(at.getTime() + (outcome.afterMs ?? backoffMs(row.attempts)));
      await repo.retryNotificationLater(db, row, {
        at: later,
        chatId: outcome.chatId,
        error: outcome.error,
      });
      return 'retry';
    }
    parts.log?.warn({ ...about, err: outcome.error }, 'notification given up');
    await repo.finishNotification(db, row, {
      status: 'failed',
      at,
      chatId: outcome.chatId,
      error: outcome.error,
    });
    return 'failed';
  }
  if (outcome.status === 'failed' || outcome.status === 'blocked') {
    parts.log?.warn({ ...about, err: outcome.error }, 'notification not sent');
  }
  const error =
    outcome.status === 'skipped' ? outcome.reason : outcome.status === 'sent' ? null : outcome.error;
  await repo.finishNotification(db, row, { status: outcome.status, at, chatId: outcome.chatId, error });
  return outcome.status;
}

/** Sends every notification that is due, batch after batch, for about a minute at most. */
export async function sendDue(parts: NotificationsParts): Promise<Record<AttemptOutcome['status'], number>> {
  const counts = { sent: 0, skipped: 0, blocked: 0, failed: 0, retry: 0, held: 0 };
  const started = Date.now();
  const seen = new Set<string>();
  for (;;) {
    const rows = (await repo.dueNotifications(parts.db, parts.now(), BATCH)).filter((r) => !seen.has(r.id));
    for (const row of rows) {
      seen.add(row.id);
      counts[await settle(parts, row, await attempt(parts, row))] += 1;
    }
    if (rows.length === 0 || Date.now() - started > RUN_BUDGET_MS) return counts;
  }
}

/**
 * Sends the queued notifications (the notifications.send job): vendors through the platform bot, customers
 * through the shop bot they bought from, each paced by the throttle. A notification is tried at most
 * MAX_ATTEMPTS times; a recipient who blocked the bot (403) is marked and not messaged again.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const parts: NotificationsParts = {
    db: deps.db,
    secrets: deps.secrets,
    log: deps.log,
    now: deps.now ?? (() => new Date()),
    botApi: throttledBotApi(deps.botApi, deps.throttle),
    vendors: createVendorNotifier(deps),
    orders: createOrderReads({ db: deps.db }),
    customers: createCustomersService({ db: deps.db }),
    mailer: deps.mailer,
    push: deps.push,
  };
  return {
    sendDue: () => sendDue(parts),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
