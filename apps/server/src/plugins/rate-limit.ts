import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Request rates per caller address (SECURITY.md "Limits"). Counters live in process memory; several processes
 * would share them through Redis (ARCHITECTURE.md "Scale"). Routes may set a stricter `config.rateLimit`.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { max: number }) => {
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: '1 minute',
    // The API is limited. Not Telegram's webhooks: every shop's updates come from Telegram's few addresses, so a
    // per-address limit would cap all shops together (near 10 updates/s); each request is authenticated by its
    // bot's secret token instead, and a wrong one is refused before anything is read. Nor the web app's own files
    // (one app load fetches a dozen, cached for a year), health checks or the in-process fake Telegram of demo mode.
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', { retryAfterS: Math.ceil(ctx.ttl / 1000) }),
  });
});
