import { activityConsumer } from './modules/activity/activity.consumer';
import type { EventConsumer } from './modules/events/events.dispatcher';
import { notificationsConsumer } from './modules/notifications/notifications.consumer';
import { planFeesConsumer } from './modules/payments/plan-fees.consumer';

/** Every consumer of domain events, in the order they run. Later: outbound webhooks. */
export const EVENT_CONSUMERS: EventConsumer[] = [activityConsumer, planFeesConsumer, notificationsConsumer];
