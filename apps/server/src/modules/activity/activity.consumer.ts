import { activityCategoryOf, type EventType } from '@app/contracts/events';
import type { EventConsumer, EventRow } from '../events/events.dispatcher';
import { insertActivity } from './activity.repository';

// Chat traffic is not activity a vendor reads in a feed; it stays in the event log for webhooks.
const NOT_IN_FEED: ReadonlySet<EventType> = new Set([
  'bot.message',
  'bot.command',
  // A refused alert tap is for the staff member's activity log (the audit trail), not the owner's feed.
  'order.move_refused',
]);

type Params = Record<string, string | number | boolean | null>;

/** Feed parameters: the event's flat payload values (anything nested is not for display). */
function paramsOf(event: EventRow): Params {
  const params: Params = {};
  for (const [key, value] of Object.entries(event.payload)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      params[key] = value as Params[string];
    }
  }
  return params;
}

/** The activity feed's consumer: projects each event people read about into activity_log, once per event id. */
export const activityConsumer: EventConsumer = {
  name: 'activity',
  async handle(tx, event) {
    if (NOT_IN_FEED.has(event.type)) return;
    await insertActivity(tx, {
      vendorId: event.vendorId,
      eventId: event.id,
      botId: event.botId,
      event: event.type,
      category: activityCategoryOf(event.type),
      actorKind: event.actorKind,
      actorName: event.actorName,
      subjectKind: event.subjectKind,
      subjectId: event.subjectId,
      params: paramsOf(event),
      occurredAt: event.createdAt,
    });
  },
};
