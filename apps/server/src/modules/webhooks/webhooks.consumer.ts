import type { EventConsumer } from '../events/events.dispatcher';
import { queueEvent } from './webhooks.service';

/** Outbound webhooks' consumer: queues one delivery per listening webhook of the event's bot (in order). */
export const webhooksConsumer: EventConsumer = {
  name: 'webhooks',
  handle: (tx, event) => queueEvent(tx, event),
};
