import { VendorParams } from '@app/contracts/common';
import type { Permission } from '@app/contracts/permissions';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Actor, type ActorResolver, hasPermission, inBotScope } from '../lib/actor';
import { AppError } from '../lib/app-error';
import type { ReadCache } from '../lib/read-cache';
import type { VendorChanges } from '../lib/vendor-changes';
import { apiKeyCaller, carriesApiKey } from './api-key-auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission a `/vendors/:vendorId/…` route needs (or several, all of them); every such route declares it.
     * `'self'`: any member of the account signed in (not an API key), for a route about the caller's own person
     * (their sessions, their two-step confirmation).
     */
    permission?: Permission | readonly Permission[] | 'self';
    /**
     * A GET route whose answer may be served again, to the same caller, from the read cache (lib/read-cache.ts)
     * until the vendor's data changes: a report or list that is polled, never one whose every answer must be
     * new (a short-lived signed link, a code revealed on request, which is also recorded).
     */
    cached?: boolean;
  }
  interface FastifyRequest {
    /** The caller of a `/vendors/:vendorId/…` route, set by the vendor scope before anything else runs. */
    actor: Actor;
    /**
     * Where a cacheable answer is kept once it is computed, the vendor's generation when its read began, and who
     * waits for it (lib/read-cache.ts `startRead`).
     */
    readSlot: { key: string; generation: number; done: (payload?: string) => void } | null;
  }
  interface FastifyInstance {
    resolveActor: ActorResolver;
    readCache: ReadCache;
    areVendorBots: AreVendorBots;
    /** Announces a vendor's change to everything that keeps their reads, in every server process. */
    vendorChanges: VendorChanges;
  }
}

/** Whether every one of the bot ids is the vendor's (the bots module answers it). */
export type AreVendorBots = (vendorId: string, botIds: string[]) => Promise<boolean>;

/**
 * Makes `req.actor` available, names the one resolver of callers (modules/auth/actor-resolver.ts) and the one
 * read cache of vendor routes.
 */
export const actorPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      resolveActor: ActorResolver;
      readCache: ReadCache;
      areVendorBots: AreVendorBots;
      vendorChanges: VendorChanges;
    },
  ) => {
    app.decorateRequest('actor', null as unknown as Actor);
    app.decorateRequest('readSlot', null);
    app.decorate('resolveActor', opts.resolveActor);
    app.decorate('readCache', opts.readCache);
    app.decorate('areVendorBots', opts.areVendorBots);
    app.decorate('vendorChanges', opts.vendorChanges);
  },
);

/** One caller's view of one URL: the same answer for the same caller, scope and query. */
function readKey(req: FastifyRequest): string {
  const { telegramId, botIds, apiKey } = req.actor;
  const scope = botIds === 'all' ? '*' : [...botIds].sort().join(',');
  // A key is a caller of its own, though it acts in its creator's name.
  return `${apiKey ? `key:${apiKey.id}` : telegramId}\n${scope}\n${req.url}`;
}

/** The bot ids a request names: a `botId` or `botIds` in its path, query or body (or only the sources given). */
function namedBotIds(req: FastifyRequest, sources: unknown[] = [req.params, req.query, req.body]): string[] {
  const ids: string[] = [];
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    const { botId, botIds } = source as { botId?: unknown; botIds?: unknown };
    if (typeof botId === 'string') ids.push(botId);
    if (Array.isArray(botIds)) ids.push(...botIds.filter((id): id is string => typeof id === 'string'));
  }
  return ids;
}

/**
 * Every `/vendors/:vendorId/…` route goes through here. The caller is authenticated, may only name the vendor
 * their token is for, and is resolved once into `req.actor`; the route's declared `config.permission` is
 * checked (403 FORBIDDEN), then every bot the request names must be in the caller's scope (404 BOT_NOT_FOUND,
 * as for another vendor's bot). All of it before the handler reads or changes anything. Lists are the
 * services' part: they filter to `actor.botIds`.
 * Modules register their routes inside: `app.register(vendorScope(ordersRoutes), { prefix: '/vendors/:vendorId' })`,
 * each route with `config: { permission: 'orders' }`. A route without one stops the server from starting.
 */
export function vendorScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!route.config?.permission) {
        throw new Error(
          `${route.method} ${route.url} must declare the permission it needs: config.permission`,
        );
      }
    });

    // onRequest, before the body is read: a foreign vendor id or a missing permission is refused whatever
    // else the request carries.
    app.addHook('onRequest', async (req, reply) => {
      // An API key is refused a 'self' route (api-key-auth.ts): no person is behind it.
      const actor = carriesApiKey(req) ? await keyCaller(req, reply) : await sessionCaller(req);
      const needed = req.routeOptions.config.permission;
      const missing =
        needed && needed !== 'self' ? [needed].flat().find((p) => !hasPermission(actor, p)) : null;
      if (!needed || missing) {
        throw new AppError('PERMISSION_DENIED', { permission: missing ?? null });
      }
      req.actor = actor;

      // A kept answer exists only for a caller, scope and URL that passed every check below before (the query's
      // validation, the bots it names): with the permission checked again just now, it may be served at once.
      if (req.method !== 'GET' || !req.routeOptions.config.cached) return;
      const key = readKey(req);
      // No await between finding no read under way and starting one: two requests never both start it.
      let kept = app.readCache.get(actor.vendorId, key);
      const underWay = kept === undefined ? app.readCache.underWay(actor.vendorId, key) : undefined;
      if (underWay) kept = await underWay;
      if (kept !== undefined) {
        return reply.header('x-read-cache', 'hit').type('application/json; charset=utf-8').send(kept);
      }
      const generation = app.readCache.generation(actor.vendorId);
      const done = app.readCache.startRead(actor.vendorId, key, generation);
      // Whatever becomes of this request (a refusal, an error, a client gone), its waiters are let go.
      reply.raw.once('close', () => done());
      req.readSlot = { key, generation, done };
    });

    async function sessionCaller(req: FastifyRequest): Promise<Actor> {
      await app.authenticate(req);
      const params = VendorParams.safeParse(req.params);
      if (!params.success || params.data.vendorId !== req.auth.vendorId) throw new AppError('FORBIDDEN');
      const actor = await app.resolveActor(req.auth);
      if (!actor) throw new AppError('FORBIDDEN');
      return actor;
    }

    // An API key (plugins/api-key-auth.ts) is looked up within the vendor of the URL: another vendor's key is
    // unknown there (401), never a view of the other vendor.
    async function keyCaller(req: FastifyRequest, reply: FastifyReply): Promise<Actor> {
      const params = VendorParams.safeParse(req.params);
      if (!params.success) throw new AppError('API_KEY_INVALID');
      return apiKeyCaller(app, req, reply, params.data.vendorId);
    }

    // preHandler: the body is parsed and validated by now, so a bot named in it is checked too. A caller with
    // every bot in scope may still name another vendor's bot (a `?botId=` filter): that is "not found" as well,
    // never an answer of zeros.
    app.addHook('preHandler', async (req) => {
      const scope = req.actor.botIds;
      if (scope !== 'all' && namedBotIds(req).some((botId) => !inBotScope(scope, botId))) {
        throw new AppError('BOT_NOT_FOUND');
      }
      // A path's bot is looked up by the service that serves it; a query's or body's is checked here.
      const named = namedBotIds(req, [req.query, req.body]);
      if (named.length > 0 && !(await app.areVendorBots(req.actor.vendorId, named))) {
        throw new AppError('BOT_NOT_FOUND');
      }
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const slot = req.readSlot;
      if (!slot) return;
      const answer = reply.statusCode === 200 && typeof payload === 'string' ? payload : undefined;
      if (answer !== undefined) app.readCache.set(req.actor.vendorId, slot.key, answer, slot.generation);
      slot.done(answer);
    });

    // Before the answer leaves (the change has committed by then), the vendor's kept answers go, in this process
    // and the others: whoever reads next, through any process, after seeing this answer, reads the change.
    app.addHook('onSend', async (req) => {
      if (req.actor && req.method !== 'GET' && req.method !== 'HEAD')
        await app.vendorChanges.announce([req.actor.vendorId]);
    });

    await app.register(routes);
  };
}
