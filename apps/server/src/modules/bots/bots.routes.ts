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
import { VendorParams } from '@app/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BotStatsService } from './bot-stats.service';
import type { Actor, BotsService } from './bots.service';

const actorOf = (req: FastifyRequest): Actor => ({
  vendorId: req.auth.vendorId,
  telegramId: req.auth.telegramId,
});

export function botsRoutes(bots: BotsService, stats: BotStatsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['bots'];

    app.get('/bots', { schema: { tags, params: VendorParams, response: { 200: BotListResponse } } }, (req) =>
      bots.list(req.params.vendorId),
    );

    app.post(
      '/bots',
      { schema: { tags, params: VendorParams, body: CreateBotBody, response: { 201: Bot } } },
      async (req, reply) => reply.status(201).send(await bots.create(actorOf(req), req.body)),
    );

    // Verify before create: our server asks Telegram's getMe, so the browser never sees Telegram.
    app.post(
      '/bots/verify-token',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, params: VendorParams, body: VerifyTokenBody, response: { 200: VerifyTokenResponse } },
      },
      (req) => bots.verifyNewToken(req.body.token),
    );

    app.delete(
      '/bots/:botId',
      { schema: { tags, params: BotParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await bots.remove(actorOf(req), req.params.botId);
        return reply.status(204).send(null);
      },
    );

    app.post('/bots/:botId/start', { schema: { tags, params: BotParams, response: { 200: Bot } } }, (req) =>
      bots.start(actorOf(req), req.params.botId),
    );

    app.post('/bots/:botId/stop', { schema: { tags, params: BotParams, response: { 200: Bot } } }, (req) =>
      bots.stop(actorOf(req), req.params.botId),
    );

    app.get(
      '/bot-details/:botId',
      { schema: { tags, params: BotParams, response: { 200: BotDetail } } },
      (req) => bots.getDetail(req.params.vendorId, req.params.botId),
    );

    app.patch(
      '/bot-details/:botId',
      { schema: { tags, params: BotParams, body: UpdateBotDetailBody, response: { 200: BotDetail } } },
      (req) => bots.updateDetail(actorOf(req), req.params.botId, req.body),
    );

    app.post(
      '/bot-details/:botId/verify',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, params: BotParams, body: VerifyTokenBody, response: { 200: VerifyTokenResponse } },
      },
      (req) => bots.verifyTokenFor(req.params.vendorId, req.params.botId, req.body.token),
    );

    app.get(
      '/bot-details/:botId/stats',
      { schema: { tags, params: BotParams, response: { 200: BotWeeklyStats } } },
      (req) => stats.weekly(req.params.vendorId, req.params.botId),
    );

    app.get(
      '/bot-details/:botId/activity',
      {
        schema: {
          tags,
          params: BotParams,
          querystring: BotActivityQuery,
          response: { 200: z.array(BotActivityItem) },
        },
      },
      (req) => stats.activity(req.params.vendorId, req.params.botId, req.query.limit),
    );

    app.get(
      '/bot-details/:botId/analytics',
      {
        schema: { tags, params: BotParams, querystring: BotAnalyticsQuery, response: { 200: BotAnalytics } },
      },
      (req) => stats.analytics(req.params.vendorId, req.params.botId, req.query.period),
    );
  };
}
