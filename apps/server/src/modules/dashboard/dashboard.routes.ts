import { VendorParams } from '@app/contracts/common';
import { DashboardStats } from '@app/contracts/dashboard';
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
        config: { permission: 'analytics' },
        schema: { tags: ['dashboard'], params: VendorParams, response: { 200: DashboardStats } },
      },
      (req) => dashboard.getStats(req.actor),
    );
  };
}
