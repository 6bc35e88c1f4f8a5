import type { NotificationType } from '@app/contracts/account';
import type { Language } from '@app/contracts/common';
import type { EventType } from '@app/contracts/events';
import { PLANS } from '@app/contracts/plans';
import type { NotificationAudience } from '../../db/schema/index';
import { formatAmount } from '../../lib/money';
import { RESERVATION_EXPIRED_NOTE } from '../orders/orders.service';
import {
  CUSTOMER_TEXTS,
  type CustomerTextKey,
  fillText,
  formatDay,
  VENDOR_TEXTS,
  type VendorTextKey,
} from './notification-texts';

/** What a vendor is told about, through the platform bot. */
export type VendorNotice =
  | 'order_paid'
  | 'delivery_failed'
  // A customer cancelled a paid booking within its notice and was refunded by the shop: Stars went back by
  // themselves; any other way of paying, the vendor returns the money (the order already says refunded).
  | 'customer_refund'
  | 'stock_low'
  | 'stock_out'
  | 'message_flagged'
  // A customer wrote to support, or opened a conversation without a word yet (issue 20): the conversation's
  // assignee hears of it, or every support member of the bot when nobody has it, with a Reply button.
  | 'support_message'
  | 'support_opened'
  // A conversation left without a first answer for 10 minutes of the store's working hours: the owner alone.
  | 'support_unanswered'
  | 'order_limit'
  | 'trial_ending'
  | 'subscription_ending'
  // A month's plan fee statement the collection could not charge (modules/billing).
  | 'fees_unpaid'
  // A bot's renewal the collection could not charge to the default method (modules/billing).
  | 'renewal_unpaid'
  // A fee statement or a renewal the vendor's Litecoin default pays: the invoice's pay link (modules/billing).
  | 'fees_invoice'
  | 'renewal_invoice'
  | SecurityNotice;

/**
 * Security notifications (issue 21): never held by quiet hours, always by e-mail and by Telegram, whatever the
 * preferences say (spec part 2 §6). Queued with `queueSecurityNotice` (notifications.service.ts).
 */
export type SecurityNotice =
  | 'security_new_session'
  | 'security_two_step_off'
  | 'security_api_key'
  | 'security_payout'
  | 'security_deletion';

export const SECURITY_NOTICES: readonly SecurityNotice[] = [
  'security_new_session',
  'security_two_step_off',
  'security_api_key',
  'security_payout',
  'security_deletion',
];

/** The preferences' row (spec part 2 §3.8 notification types) a vendor notice is switched by. */
export function notificationTypeOf(kind: VendorNotice): NotificationType {
  switch (kind) {
    case 'order_paid':
    case 'customer_refund':
      return 'orders';
    case 'stock_low':
    case 'stock_out':
      return 'inventory';
    case 'message_flagged':
    case 'support_message':
    case 'support_opened':
    case 'support_unanswered':
      return 'messages';
    case 'order_limit':
    case 'trial_ending':
    case 'subscription_ending':
      return 'subscription';
    case 'fees_unpaid':
    case 'renewal_unpaid':
    case 'fees_invoice':
    case 'renewal_invoice':
      return 'subscription';
    default:
      return 'security';
  }
}

/** What a customer is told about their order, through the shop bot. */
export type CustomerNotice =
  | 'order_shipped'
  | 'order_delivered'
  | 'order_completed'
  | 'order_cancelled'
  | 'order_expired'
  | 'order_refunded';

/** An event as the notifications see it. */
export type NoticeSource = {
  type: EventType;
  actorKind: string;
  subjectKind: string;
  subjectId: string;
  payload: Record<string, unknown>;
};

// The order moves a vendor makes that the customer hears about.
const FOLLOW_UPS: Record<string, CustomerNotice> = {
  shipped: 'order_shipped',
  delivered: 'order_delivered',
  completed: 'order_completed',
  cancelled: 'order_cancelled',
};

/**
 * Which notification an event causes, if any, and about what (the subject the message's button opens, or the
 * order the customer is told about).
 */
export function noticeOf(
  e: NoticeSource,
): { audience: NotificationAudience; kind: VendorNotice | CustomerNotice; subjectId: string } | null {
  const vendor = (kind: VendorNotice) => ({ audience: 'vendor' as const, kind, subjectId: e.subjectId });
  switch (e.type) {
    // A shop order's payment (plan payments record subscription and wallet events instead).
    case 'payment.received':
      return e.subjectKind === 'order' ? vendor('order_paid') : null;
    case 'product.lowstock':
      return vendor('stock_low');
    case 'product.outofstock':
      return vendor('stock_out');
    case 'bot.message_flagged':
      return vendor('message_flagged');
    case 'support.message_received':
      return vendor('support_message');
    // A conversation opened with words is told by its first message's event; one opened by a tap alone here.
    case 'support.conversation_opened':
      return e.payload.hasMessage === false ? vendor('support_opened') : null;
    case 'bot.order_limit_reached':
      return vendor('order_limit');
    // What a paid customer was owed never reached them (the shop.deliver job's retries ran out).
    case 'order.delivery_failed':
      return vendor('delivery_failed');
    case 'order.status_changed':
    case 'order.completed':
    case 'order.cancelled': {
      // Only the vendor's own moves: the runtime's (a digital order completing as it is delivered, an unpaid
      // reservation expiring) are told by the shop in the chat as they happen.
      // Except an unpaid order cancelled when its reservation ran out: the customer is told, with a way back.
      if (e.actorKind === 'system' && e.payload.note === RESERVATION_EXPIRED_NOTE) {
        return { audience: 'customer', kind: 'order_expired', subjectId: e.subjectId };
      }
      if (e.actorKind !== 'owner' && e.actorKind !== 'staff') return null;
      const kind = FOLLOW_UPS[String(e.payload.to)];
      return kind ? { audience: 'customer', kind, subjectId: e.subjectId } : null;
    }
    case 'refund.created': {
      // A customer's own refund (a booking cancelled in time) is told them by the shop in the chat as it
      // happens; the vendor hears of it here.
      if (e.actorKind === 'customer') return vendor('customer_refund');
      const orderId = e.subjectKind === 'order' ? e.subjectId : e.payload.orderId;
      return typeof orderId === 'string'
        ? { audience: 'customer', kind: 'order_refunded', subjectId: orderId }
        : null;
    }
    default:
      return null;
  }
}

/**
 * A message ready to send: its text and, for vendors, a button that opens a back-office screen; for customers,
 * maybe a button the shop bot answers (`callbackData`).
 */
export type Message = {
  text: string;
  button: { text: string; startParam: string } | null;
  action?: { text: string; callbackData: string };
};

type Params = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Why a charge failed, as the fee and renewal notices word it. */
const reasonKeyOf = (reason: string): VendorTextKey =>
  (['insufficient_funds', 'card_declined', 'manual'].includes(reason)
    ? `feesReason_${reason}`
    : 'feesReason_other') as VendorTextKey;

/** The reader of a vendor notification: the profile's language and timezone. */
export type VendorReader = { language: Language; timezone: string };

/** A vendor notification worded for its reader; `botUsername` fills in for an event that does not carry it. */
export function vendorMessage(
  kind: VendorNotice,
  n: { subjectId: string; botId: string | null; params: Params; botUsername?: string | null },
  reader: VendorReader,
): Message {
  const { language } = reader;
  const p = n.params;
  const say = (key: VendorTextKey, params: Record<string, string> = {}) =>
    fillText(VENDOR_TEXTS, language, key, params);
  const botUsername = str(p.botUsername) || (n.botUsername ?? '');
  const button = (key: VendorTextKey, startParam: string) => ({ text: say(key), startParam });
  const toPlans = (key: VendorTextKey) => (n.botId ? button(key, `plans_${n.botId}`) : null);
  switch (kind) {
    case 'order_paid': {
      const amount = num(p.amountMinor);
      return {
        text: say('orderPaid', {
          number: str(p.orderNumber),
          amount: amount === null ? '' : formatAmount(language, amount, str(p.currency) || 'USD'),
          botUsername,
        }),
        button: button('openOrder', `order_${str(p.orderId) || n.subjectId}`),
      };
    }
    case 'customer_refund': {
      const amount = num(p.amountMinor);
      const params = {
        number: str(p.orderNumber),
        amount: amount === null ? '' : formatAmount(language, amount, str(p.currency) || 'USD'),
        stars: str(p.starsAmount),
        botUsername,
      };
      return {
        text: say(p.rail === 'stars' ? 'customerRefundStars' : 'customerRefundToReturn', params),
        button: button('openOrder', `order_${str(p.orderId) || n.subjectId}`),
      };
    }
    case 'delivery_failed':
      return {
        text: say('deliveryFailed', { number: str(p.orderNumber), botUsername }),
        button: button('openOrder', `order_${str(p.orderId) || n.subjectId}`),
      };
    case 'stock_low':
      return {
        text: say('stockLow', { productName: str(p.productName), stock: str(p.stock) }),
        button: button('openProduct', `product_${n.subjectId}`),
      };
    case 'stock_out':
      return {
        text: say('stockOut', { productName: str(p.productName) }),
        button: button('openProduct', `product_${n.subjectId}`),
      };
    case 'message_flagged': {
      const customerId = str(p.customerId);
      return {
        text: say('messageFlagged', {
          botUsername,
          word: str(p.filterWord),
          customerName: str(p.customerName),
          text: str(p.text),
        }),
        button: customerId
          ? button('openCustomer', `customer_${customerId}`)
          : n.botId
            ? button('openBot', `bot_${n.botId}`)
            : null,
      };
    }
    case 'support_message':
      return {
        text: say('supportMessage', { botUsername, customerName: str(p.customerName), text: str(p.text) }),
        button: button('reply', `support_${n.subjectId}`),
      };
    case 'support_opened':
      return {
        text: say('supportOpened', { botUsername, customerName: str(p.customerName) }),
        button: button('reply', `support_${n.subjectId}`),
      };
    case 'support_unanswered':
      return {
        text: say('supportUnanswered', {
          botUsername,
          customerName: str(p.customerName),
          minutes: str(p.minutes),
        }),
        button: button('reply', `support_${n.subjectId}`),
      };
    case 'order_limit':
      return {
        text: say('orderLimit', {
          botUsername,
          limit: str(num(p.limit) ?? PLANS.FREE.maxOrdersPerMonth),
        }),
        button: toPlans('upgrade'),
      };
    case 'trial_ending':
    case 'subscription_ending':
      return {
        text: say(kind === 'trial_ending' ? 'trialEnding' : 'subscriptionEnding', {
          botUsername,
          plan: str(p.plan),
          date: formatDay(language, str(p.endsAt), reader.timezone),
        }),
        button: toPlans('renew'),
      };
    case 'security_new_session':
      return {
        text: say('securityNewSession', { device: str(p.device), platform: str(p.platform) }),
        button: button('openSettings', 'settings'),
      };
    case 'security_two_step_off':
      return { text: say('securityTwoStepOff'), button: button('openSettings', 'settings') };
    case 'security_api_key':
      return {
        text: say('securityApiKey', { name: str(p.name) }),
        button: button('openSettings', 'settings'),
      };
    case 'security_payout':
      return { text: say('securityPayout'), button: button('openSettings', 'settings') };
    case 'security_deletion':
      return {
        text: say('securityDeletion', { date: formatDay(language, str(p.purgeAt), reader.timezone) }),
        button: null,
      };
    case 'fees_invoice':
    case 'renewal_invoice': {
      const amount = num(p.amountMinor);
      const money = amount === null ? '' : formatAmount(language, amount, 'USD');
      return {
        text:
          kind === 'fees_invoice'
            ? say('feesLtcInvoice', { month: str(p.month), amount: money, url: str(p.url) })
            : say('renewalLtcInvoice', {
                plan: str(p.plan),
                botUsername,
                date: formatDay(language, str(p.endsAt), reader.timezone),
                amount: money,
                url: str(p.url),
              }),
        button: null,
      };
    }
    case 'renewal_unpaid': {
      const amount = num(p.amountMinor);
      return {
        text: say('renewalUnpaid', {
          plan: str(p.plan),
          botUsername,
          amount: amount === null ? '' : formatAmount(language, amount, 'USD'),
          reason: say(reasonKeyOf(str(p.reason))),
        }),
        // The wallet and its top-up, beside the plans (and the bot's plan paid another way).
        button: button('topUpOrPay', 'subscriptions'),
      };
    }
    case 'fees_unpaid': {
      const amount = num(p.amountMinor);
      const reasonKey = reasonKeyOf(str(p.reason));
      return {
        text: say('feesUnpaid', {
          month: str(p.month),
          amount: amount === null ? '' : formatAmount(language, amount, 'USD'),
          reason: say(reasonKey),
        }),
        // The wallet and its top-up, beside the plans.
        button: button('payFees', 'subscriptions'),
      };
    }
  }
}

/** A follow-up to a customer, in the shop bot's language; `orderNumber` is the order's own. */
export function customerMessage(
  kind: CustomerNotice,
  n: { params: Params; orderNumber: number; orderId?: string },
  language: Language,
): Message {
  const p = n.params;
  const say = (key: CustomerTextKey, params: Record<string, string> = {}) =>
    fillText(CUSTOMER_TEXTS, language, key, params);
  const number = String(n.orderNumber);
  const lines: string[] = [];
  switch (kind) {
    case 'order_shipped': {
      lines.push(say('orderShipped', { number }));
      const tracking = str(p.trackingNumber).trim();
      if (tracking) lines.push(say('trackingNumber', { trackingNumber: tracking }));
      // The carrier's tracking page, when the order's carrier or shipping method names a known one.
      const url = str(p.trackingUrl).trim();
      if (tracking && url) lines.push(say('trackingLink', { carrier: str(p.carrier), url }));
      break;
    }
    case 'order_delivered':
      lines.push(say('orderDelivered', { number }));
      break;
    case 'order_completed':
      // The shop bot's `review:` asks the customer to rate each line (features/reviews.ts).
      return {
        text: say('orderCompleted', { number }),
        button: null,
        ...(n.orderId ? { action: { text: say('rateOrder'), callbackData: `review:${n.orderId}` } } : {}),
      };
    case 'order_cancelled':
      lines.push(say('orderCancelled', { number }));
      break;
    case 'order_expired':
      // The shop bot's `reorder:` puts the order's lines back in the cart (features/payment.ts).
      return {
        text: say('reservationExpired', { number }),
        button: null,
        ...(n.orderId ? { action: { text: say('tryAgain'), callbackData: `reorder:${n.orderId}` } } : {}),
      };
    case 'order_refunded': {
      lines.push(say('orderRefunded', { number }));
      const amount = num(p.amountMinor);
      const currency = str(p.currency);
      if (amount !== null && currency) {
        lines.push(say('refundAmount', { amount: formatAmount(language, amount, currency) }));
      }
      break;
    }
  }
  // "Contact support" about the order: the shop bot opens a conversation tied to it (features/support.ts).
  return {
    text: lines.join('\n'),
    button: null,
    ...(n.orderId ? { action: { text: say('contactSupport'), callbackData: `support:${n.orderId}` } } : {}),
  };
}
