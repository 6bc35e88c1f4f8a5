import {
  Bot,
  BotActivityItem,
  BotActivityQuery,
  BotAnalytics,
  BotAnalyticsQuery,
  BotDetail,
  BotListResponse,
  BotParams,
  BotWeeklyStats,
  CreateBotBody,
  UpdateBotDetailBody,
  VerifyTokenBody,
  VerifyTokenResponse,
} from '@app/contracts/bots';
import { EmptyBody, VendorParams } from '@app/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BotStatsService } from './bot-stats.service';
import type { BotsService } from './bots.service';

// Managing bots needs `bots`; their figures are reports (`analytics`). The vendor scope checks both, and
// that the bot in the path is one the caller may act on.
const manage = { permission: 'bots' } as const;
const report = { permission: 'analytics', cached: true } as const;
// The bots screens' reads are served from the read cache between two changes (lib/read-cache.ts): Home and
// the bots list ask for them again on every focus. A bot's own changes (runtime status, subscription) record
// events, which drop the kept answers.
const read = { ...manage, cached: true } as const;

export function botsRoutes(bots: BotsService, stats: BotStatsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['bots'];

    app.get(
      '/bots',
      { config: read, schema: { tags, params: VendorParams, response: { 200: BotListResponse } } },
      (req) => bots.list(req.actor),
    );

    app.post(
      '/bots',
      { config: manage, schema: { tags, params: VendorParams, body: CreateBotBody, response: { 201: Bot } } },
      async (req, reply) => reply.status(201).send(await bots.create(req.actor, req.body)),
    );

    // Verify before create: our server asks Telegram's getMe, so the browser never sees Telegram.
    app.post(
      '/bots/verify-token',
      {
        config: { ...manage, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, params: VendorParams, body: VerifyTokenBody, response: { 200: VerifyTokenResponse } },
      },
      (req) => bots.verifyNewToken(req.body.token),
    );

    app.delete(
      '/bots/:botId',
      // Sensitive: a fresh two-step code while it is on (modules/security).
      {
        config: { ...manage, stepUp: true },
        schema: { tags, params: BotParams, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await bots.remove(req.actor, req.params.botId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/bots/:botId/start',
      { config: manage, schema: { tags, params: BotParams, body: EmptyBody, response: { 200: Bot } } },
      (req) => bots.start(req.actor, req.params.botId),
    );

    app.post(
      '/bots/:botId/stop',
      { config: manage, schema: { tags, params: BotParams, body: EmptyBody, response: { 200: Bot } } },
      (req) => bots.stop(req.actor, req.params.botId),
    );

    app.get(
      '/bot-details/:botId',
      { config: read, schema: { tags, params: BotParams, response: { 200: BotDetail } } },
      (req) => bots.getDetail(req.actor.vendorId, req.params.botId),
    );

    app.patch(
      '/bot-details/:botId',
      {
        config: manage,
        schema: { tags, params: BotParams, body: UpdateBotDetailBody, response: { 200: BotDetail } },
      },
      (req) => bots.updateDetail(req.actor, req.params.botId, req.body),
    );

    app.post(
      '/bot-details/:botId/verify',
      {
        config: { ...manage, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, params: BotParams, body: VerifyTokenBody, response: { 200: VerifyTokenResponse } },
      },
      (req) => bots.verifyTokenFor(req.actor.vendorId, req.params.botId, req.body.token),
    );

    app.get(
      '/bot-details/:botId/stats',
      { config: report, schema: { tags, params: BotParams, response: { 200: BotWeeklyStats } } },
      (req) => stats.weekly(req.actor.vendorId, req.params.botId),
    );

    app.get(
      '/bot-details/:botId/activity',
      {
        config: manage,
        schema: {
          tags,
          params: BotParams,
          querystring: BotActivityQuery,
          response: { 200: z.array(BotActivityItem) },
        },
      },
      (req) => stats.activity(req.actor.vendorId, req.params.botId, req.query.limit),
    );

    app.get(
      '/bot-details/:botId/analytics',
      {
        config: report,
        schema: { tags, params: BotParams, querystring: BotAnalyticsQuery, response: { 200: BotAnalytics } },
      },
      (req) => stats.analytics(req.actor.vendorId, req.params.botId, req.query.period),
    );
  };
}
