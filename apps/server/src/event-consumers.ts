import { activityConsumer } from './modules/activity/activity.consumer';
import type { EventConsumer } from './modules/events/events.dispatcher';
import { notificationsConsumer } from './modules/notifications/notifications.consumer';
import { planFeesConsumer } from './modules/payments/plan-fees.consumer';
import { webhooksConsumer } from './modules/webhooks/webhooks.consumer';

/** Every consumer of domain events, in the order they run. */
export const EVENT_CONSUMERS: EventConsumer[] = [
  activityConsumer,
  planFeesConsumer,
  notificationsConsumer,
  webhooksConsumer,
];
