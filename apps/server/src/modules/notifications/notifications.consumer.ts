import { DAY_MS } from '@app/contracts/common';
import type { NotificationAudience } from '../../db/schema/index';
import { type BotSwitch, botSwitchOf } from '../bots/bot-runtime.service';
import type { EventConsumer } from '../events/events.dispatcher';
import { profileEmailOf } from '../profile/profile.service';
import { type CustomerNotice, noticeOf, type VendorNotice } from './notification-messages';
import { hasPushSubscriptions, insertNotification } from './notifications.repository';

/**
 * News a day old is noise: an event that reaches the consumer that late (a dispatcher that was down, history
 * written by the seed) is kept in the feed but told to nobody.
 */
const STALE_AFTER_MS = DAY_MS;

/**
 * The bot page's switch a notice waits on (its settings tab): paid orders, stock alerts, and everything the
 * customer is told about their order. Notices about the bot or the plan always go.
 */
function switchOf(audience: NotificationAudience, kind: VendorNotice | CustomerNotice): BotSwitch | null {
  if (audience === 'customer') return 'customerNotifications';
  if (kind === 'order_paid') return 'orderNotifications';
  if (kind === 'stock_low' || kind === 'stock_out') return 'stockAlerts';
  return null;
}

/**
 * Turns the events people are told about into queued notifications, once per event and audience (the
 * notifications.send job sends them; nothing here talks to Telegram).
 */
export const notificationsConsumer: EventConsumer = {
  name: 'notifications',
  async handle(tx, event) {
    const notice = noticeOf(event);
    if (!notice || Date.now() - event.createdAt.getTime() > STALE_AFTER_MS) return;
    // The switch as it is when the event happens. A product sold through several bots names none: told.
    const gate = switchOf(notice.audience, notice.kind);
    if (gate && event.botId && (await botSwitchOf(tx, event.vendorId, event.botId, gate)) === false) return;
    // A vendor is told by Telegram and, when their profile has an address, by e-mail: each its own row, sent
    // and retried on its own; the sender applies the preferences.
    const toVendor = notice.audience === 'vendor';
    const byEmail = toVendor && (await profileEmailOf(tx, event.vendorId)) !== null;
    // And by Web Push when a browser of the account turned it on (issue 21).
    const byPush = toVendor && (await hasPushSubscriptions(tx, event.vendorId));
    const audiences: NotificationAudience[] = toVendor
      ? [
          'vendor',
          ...(byEmail ? (['vendor_email'] as const) : []),
          ...(byPush ? (['vendor_push'] as const) : []),
        ]
      : [notice.audience];
    for (const audience of audiences) {
      await insertNotification(tx, {
        vendorId: event.vendorId,
        eventId: event.id,
        audience,
        kind: notice.kind,
        botId: event.botId,
        subjectId: notice.subjectId,
        params: event.payload,
      });
    }
  },
};
