import {
  AnalyticsBotsQuery,
  AnalyticsChart,
  AnalyticsChartQuery,
  AnalyticsChartType,
  AnalyticsOverview,
  AnalyticsQuery,
  BotPerformanceResponse,
  ProductAnalytics,
  ProductAnalyticsQuery,
} from '@app/contracts/analytics';
import { VendorParams } from '@app/contracts/common';
import { ProductParams } from '@app/contracts/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsService } from './analytics.service';

// Reports need `analytics`; a restricted caller's figures cover their bots only. All are polled reads.
const config = { permission: 'analytics', cached: true } as const;

export function analyticsRoutes(analytics: AnalyticsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['analytics'];

    app.get(
      '/analytics',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          querystring: AnalyticsQuery,
          response: { 200: AnalyticsOverview },
        },
      },
      (req) => analytics.overview(req.actor, req.query.period, req.query.botId),
    );

    app.get(
      '/analytics/charts/:type',
      {
        config,
        schema: {
          tags,
          params: VendorParams.extend({ type: AnalyticsChartType }),
          querystring: AnalyticsChartQuery,
          response: { 200: AnalyticsChart },
        },
      },
      (req) => analytics.chart(req.actor, req.params.type, req.query),
    );

    // `target` is a bot id or "all" (not named botId: "all" is no bot for the scope check; the service checks).
    app.get(
      '/analytics/bots/:target',
      {
        config,
        schema: {
          tags,
          params: VendorParams.extend({ target: z.union([z.literal('all'), z.string().uuid()]) }),
          querystring: AnalyticsBotsQuery,
          response: { 200: BotPerformanceResponse },
        },
      },
      (req) => analytics.bots(req.actor, req.params.target, req.query.period),
    );

    // The product page's Analytics tab: what the product page shows needs `products`, like the page itself.
    app.get(
      '/products/:productId/analytics',
      {
        config: { permission: 'products', cached: true },
        schema: {
          tags,
          params: ProductParams,
          querystring: ProductAnalyticsQuery,
          response: { 200: ProductAnalytics },
        },
      },
      (req) => analytics.product(req.actor, req.params.productId, req.query),
    );
  };
}
