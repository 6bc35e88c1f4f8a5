import { DAY_MS } from '@app/contracts/common';
import type { EventConsumer } from '../events/events.dispatcher';
import { profileEmailOf } from '../profile/profile.service';
import { noticeOf } from './notification-messages';
import { insertNotification } from './notifications.repository';

/**
 * News a day old is noise: an event that reaches the consumer that late (a dispatcher that was down, history
 * written by the seed) is kept in the feed but told to nobody.
 */
const STALE_AFTER_MS = DAY_MS;

/**
 * Turns the events people are told about into queued notifications, once per event and audience (the
 * notifications.send job sends them; nothing here talks to Telegram).
 */
export const notificationsConsumer: EventConsumer = {
  name: 'notifications',
  async handle(tx, event) {
    const notice = noticeOf(event);
    if (!notice || Date.now() - event.createdAt.getTime() > STALE_AFTER_MS) return;
    // A vendor is told by Telegram and, when their profile has an address, by e-mail: each its own row, sent
    // and retried on its own; the sender applies the preferences.
    const byEmail = notice.audience === 'vendor' && (await profileEmailOf(tx, event.vendorId)) !== null;
    const audiences = byEmail ? (['vendor', 'vendor_email'] as const) : [notice.audience];
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
