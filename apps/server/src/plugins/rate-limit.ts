import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { RateLimitStore } from '../lib/rate-limit-store';

type Counted = { current: number; ttl: number };
type RouteLimit = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * @fastify/rate-limit's store contract, over our RateLimitStore (lib/rate-limit-store.ts): in memory, or in Redis
 * shared by every server process (main.ts picks). A route with a limit of its own counts apart from the global
 * one (its method and path prefix the key), as the plugin's own stores do.
 */
function storeClass(store: RateLimitStore, scope = 'api') {
  return class {
    incr(key: string, done: (err: Error | null, res?: Counted) => void, timeWindowMs: number) {
      const now = Date.now();
      store.hit(`${scope}:${key}`, Math.max(1, Math.round(timeWindowMs / 1000)), now).then(
        ({ count, resetMs }) => done(null, { current: count, ttl: Math.max(0, resetMs - now) }),
        (err: Error) => done(err),
      );
    }
    // Typed as the route's options; at run time the merged limit settings, the route under `routeInfo`.
    child(options: object) {
      const route = options as RouteLimit;
      const method = [route.routeInfo?.method ?? ''].flat().join(',');
      const Child = storeClass(store, `${method} ${route.routeInfo?.url ?? ''}`);
      return new Child();
    }
  };
}

/**
 * Request rates per caller address (SECURITY.md "Limits"), counted in `store`: this process's memory, or Redis
 * when several processes serve the API (README "Scaling"). Routes may set a stricter `config.rateLimit`.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { max: number; store: RateLimitStore }) => {
    await app.register(rateLimit, {
      global: true,
      max: opts.max,
      timeWindow: '1 minute',
      store: storeClass(opts.store),
      // The API is limited. Not Telegram's webhooks: every shop's updates come from Telegram's few addresses, so a
      // per-address limit would cap all shops together (near 10 updates/s); each request is authenticated by its
      // bot's secret token instead, and a wrong one is refused before anything is read. Nor the web app's own files
      // (one app load fetches a dozen, cached for a year), health checks or the in-process fake Telegram of demo mode.
      allowList: (req) => !req.url.startsWith('/api/'),
      errorResponseBuilder: (_req, ctx) =>
        new AppError('RATE_LIMITED', { retryAfterS: Math.ceil(ctx.ttl / 1000) }),
    });
  },
);
