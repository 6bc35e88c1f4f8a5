import { API_RATE_LIMITS, apiKeyPermissionFor } from '@app/contracts/developer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/actor';
import { apiKeyChecksumValid, looksLikeApiKey } from '../lib/api-key-format';
import { AppError } from '../lib/app-error';
import { bearerToken } from '../lib/jwt';
import { type RateLimitStore, takeRateLimit } from '../lib/rate-limit-store';

/** An API key's caller for a vendor: its actor (kind `apiKey`) and its read/write/delete permissions; null when
 * the key is unknown, revoked, expired, or another vendor's. */
export type ApiKeyResolver = (
  vendorId: string,
  key: string,
) => Promise<{ actor: Actor; permissions: readonly string[] } | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` on a route an API key may never call: account, staff, key, payout and security routes (and links
     * that stand for a session, such as download links). A route that needs `all` (Full Access business) takes
     * no key either unless it says `true`. Every other vendor route takes a key.
     */
    apiKeys?: boolean;
  }
  interface FastifyInstance {
    apiKeyAuth: { resolve: ApiKeyResolver; store: RateLimitStore; now: () => Date };
  }
}

/** Names the resolver of API keys (modules/api-keys) and the rate-limit store their counters live in. */
export const apiKeyAuthPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { resolve: ApiKeyResolver; store: RateLimitStore; now?: () => Date },
  ) => {
    const now = opts.now ?? (() => new Date());
    app.decorate('apiKeyAuth', { resolve: opts.resolve, store: opts.store, now });
  },
);

/** Whether the request's bearer token is meant as an API key (`bsk_live_…`) rather than a session token. */
export function carriesApiKey(req: FastifyRequest): boolean {
  const token = bearerToken(req.headers.authorization);
  return token !== null && looksLikeApiKey(token);
}

/**
 * The caller of a vendor route who sent an API key, checked in this order: the key is well-formed, this
 * vendor's, active and unexpired (401 API_KEY_INVALID for all of them alike); it is within its rate limits
 * (429 with Retry-After; every answer carries the RateLimit fields); the route takes keys (403); the key holds
 * the permission the method needs (403).
 */
export async function apiKeyCaller(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  vendorId: string,
): Promise<Actor> {
  const key = bearerToken(req.headers.authorization) ?? '';
  // A mistyped or made-up key is refused without a database read.
  const found = apiKeyChecksumValid(key) ? await app.apiKeyAuth.resolve(vendorId, key) : null;
  if (!found) throw new AppError('API_KEY_INVALID');
  const { store, now } = app.apiKeyAuth;
  const limit = await takeRateLimit(
    store,
    `api-key:${found.actor.apiKey?.id}`,
    API_RATE_LIMITS,
    now().getTime(),
  );
  reply.headers(limit.headers);
  if (!limit.allowed) {
    reply.header('Retry-After', String(limit.retryAfterS));
    throw new AppError('RATE_LIMITED', { retryAfterS: limit.retryAfterS });
  }
  const { apiKeys, permission: routePermission } = req.routeOptions.config;
  // Full Access routes, and a person's own sessions and two-step ('self': no person behind a key), refuse keys.
  const needsAll =
    routePermission !== undefined && [routePermission].flat().some((p) => p === 'all' || p === 'self');
  if (apiKeys === false || (needsAll && apiKeys !== true)) {
    throw new AppError('API_KEY_NOT_ALLOWED', { route: req.routeOptions.url ?? null });
  }
  const permission = apiKeyPermissionFor(req.method);
  if (!found.permissions.includes(permission))
    throw new AppError('API_KEY_PERMISSION_DENIED', { permission });
  return found.actor;
}
