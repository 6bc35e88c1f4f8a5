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
    // The API and Telegram's webhooks are limited. The web app's own files are not (one app load fetches a dozen,
    // and they are cached for a year), nor health checks or the in-process fake Telegram of demo mode.
    allowList: (req) => !/^\/(api|telegram)\//.test(req.url),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} s.`),
  });
});
