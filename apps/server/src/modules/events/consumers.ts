import { activityConsumer } from '../activity/activity.consumer';
import type { EventConsumer } from './events.dispatcher';

/** Every consumer of domain events, in the order they run. Later: outbound webhooks, notifications. */
export const EVENT_CONSUMERS: EventConsumer[] = [activityConsumer];
