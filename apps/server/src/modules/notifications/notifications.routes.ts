import { NotificationSettings } from '@app/contracts/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { NotificationSettingsService } from './notification-settings.service';

// The account's own preferences: Full Access (the owner, who is the one told).
const owner = { permission: 'all' } as const;
const tags = ['notifications'];

/** GET and PUT /vendors/{id}/notifications (spec part 2 §7.3): the types × channels grid and quiet hours. */
export function notificationsRoutes(settings: NotificationSettingsService) {
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
  };
}
