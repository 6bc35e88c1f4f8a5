import { VendorParams } from '@app/contracts/common';
import { DashboardBots, DashboardStats, SubscriptionOverview } from '@app/contracts/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(dashboard: DashboardService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/dashboard/stats',
      // Revenue and order figures are a report.
      {
        config: { permission: 'analytics', cached: true },
        schema: { tags: ['dashboard'], params: VendorParams, response: { 200: DashboardStats } },
      },
      (req) => dashboard.getStats(req.actor),
    );
    app.get(
      '/dashboard/bots',
      {
        config: { permission: 'bots', cached: true },
        schema: { tags: ['dashboard'], params: VendorParams, response: { 200: DashboardBots } },
      },
      (req) => dashboard.getBots(req.actor),
    );
    app.get(
      '/subscriptions/overview',
      {
        config: { permission: 'billing', cached: true },
        schema: { tags: ['dashboard'], params: VendorParams, response: { 200: SubscriptionOverview } },
      },
      (req) => dashboard.subscriptionOverview(req.actor),
    );
  };
}
