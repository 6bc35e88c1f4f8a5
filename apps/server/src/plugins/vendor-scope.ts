import { VendorParams } from '@app/contracts/common';
import type { Permission } from '@app/contracts/permissions';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Actor, type ActorResolver, hasPermission, inBotScope } from '../lib/actor';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a `/vendors/:vendorId/…` route needs; every such route declares one. */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** The caller of a `/vendors/:vendorId/…` route, set by the vendor scope before anything else runs. */
    actor: Actor;
  }
  interface FastifyInstance {
    resolveActor: ActorResolver;
  }
}

/** Makes `req.actor` available and names the one resolver of callers (modules/auth/actor-resolver.ts). */
export const actorPlugin = fp(async (app: FastifyInstance, opts: { resolveActor: ActorResolver }) => {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorate('resolveActor', opts.resolveActor);
});

/** The bot ids a request names: a `botId` or `botIds` in its path, query or body. */
function namedBotIds(req: FastifyRequest): string[] {
  const ids: string[] = [];
  for (const source of [req.params, req.query, req.body]) {
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
    app.addHook('onRequest', async (req) => {
      await app.authenticate(req);
      const params = VendorParams.safeParse(req.params);
      if (!params.success || params.data.vendorId !== req.auth.vendorId) throw new AppError('FORBIDDEN');
      const actor = await app.resolveActor(req.auth);
      if (!actor) throw new AppError('FORBIDDEN');
      const needed = req.routeOptions.config.permission;
      if (!needed || !hasPermission(actor, needed)) {
        throw new AppError('FORBIDDEN', 'Your permissions do not allow this.', {
          permission: needed ?? null,
        });
      }
      req.actor = actor;
    });

    // preHandler: the body is parsed and validated by now, so a bot named in it is checked too.
    app.addHook('preHandler', async (req) => {
      const scope = req.actor.botIds;
      if (scope === 'all') return;
      if (namedBotIds(req).some((botId) => !inBotScope(scope, botId))) throw new AppError('BOT_NOT_FOUND');
    });

    await app.register(routes);
  };
}
