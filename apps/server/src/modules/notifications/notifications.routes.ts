import {
  NotificationSettings,
  PushStatus,
  PushSubscriptionBody,
  PushUnsubscribeQuery,
} from '@app/contracts/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NotificationSettingsService } from './notification-settings.service';
import type { PushSubscriptionsService } from './push-subscriptions.service';

// The account's own preferences: Full Access (the owner, who is the one told).
const owner = { permission: 'all' } as const;
const tags = ['notifications'];

/**
 * GET and PUT /vendors/{id}/notifications (spec part 2 §7.3): the types × channels grid and quiet hours; and
 * the browser's Web Push subscription (GET, POST, DELETE /vendors/{id}/notifications/push).
 */
export function notificationsRoutes(settings: NotificationSettingsService, push: PushSubscriptionsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/notifications',
      { config: owner, schema: { tags, response: { 200: NotificationSettings } } },
      (req) => settings.get(req.actor),
    );
    app.put(
      '/notifications',
      {
        config: owner,
        schema: { tags, body: NotificationSettings, response: { 200: NotificationSettings } },
      },
      (req) => settings.save(req.actor, req.body),
    );
    app.get(
      '/notifications/push',
      { config: owner, schema: { tags, response: { 200: PushStatus } } },
      (req) => push.status(req.actor),
    );
    app.post(
      '/notifications/push',
      {
        config: { ...owner, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { tags, body: PushSubscriptionBody, response: { 200: PushStatus } },
      },
      (req) => push.subscribe(req.actor, req.body, req.headers['user-agent'] ?? null),
    );
    app.delete(
      '/notifications/push',
      { config: owner, schema: { tags, body: PushUnsubscribeQuery, response: { 200: PushStatus } } },
      (req) => push.unsubscribe(req.actor, req.body.endpoint),
    );
  };
}
