import { VendorParams } from '@app/contracts/common';
import { ActivityItem, ActivityQuery, AuditPage, AuditQuery } from '@app/contracts/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditService } from '../events/events.service';
import type { ActivityService } from './activity.service';

export function activityRoutes(activity: ActivityService, audit: AuditService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['activity'];

    // Home's Recent Activity and a bot's activity (with botId): the caller's bots only.
    app.get(
      '/dashboard/activity',
      {
        config: { permission: 'analytics', cached: true },
        schema: {
          tags,
          params: VendorParams,
          querystring: ActivityQuery,
          response: { 200: z.array(ActivityItem) },
        },
      },
      (req) =>
        activity.recent(
          req.actor.vendorId,
          req.query.botId ? [req.query.botId] : req.actor.botIds,
          req.query.limit,
        ),
    );

    // The audit trail: every change, by whom, to what. The account's owner (or staff with every permission).
    app.get(
      '/audit-log',
      {
        // Security business: the audit trail is not open to API keys.
        config: { permission: 'all', apiKeys: false },
        schema: { tags, params: VendorParams, querystring: AuditQuery, response: { 200: AuditPage } },
      },
      (req) => audit.list(req.actor.vendorId, req.actor.botIds, req.query),
    );
  };
}
