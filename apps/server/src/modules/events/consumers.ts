import { activityConsumer } from '../activity/activity.consumer';
import { notificationsConsumer } from '../notifications/notifications.consumer';
import { planFeesConsumer } from '../payments/plan-fees.consumer';
import type { EventConsumer } from './events.dispatcher';

/** Every consumer of domain events, in the order they run. Later: outbound webhooks. */
export const EVENT_CONSUMERS: EventConsumer[] = [activityConsumer, planFeesConsumer, notificationsConsumer];
