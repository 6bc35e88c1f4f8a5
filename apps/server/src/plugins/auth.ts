import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { type AuthContext, bearerToken, verifyAccessToken } from '../lib/jwt';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes behind it can rely on it. */
    auth: AuthContext;
  }
  interface FastifyInstance {
    authenticate(req: FastifyRequest): Promise<void>;
  }
}

/**
 * Bearer access tokens. `app.authenticate` is the onRequest hook of every route that needs a signed-in caller.
 * A token of a revoked session (`isSessionRevoked`, the revocation list) is refused like an invalid one, at once,
 * not only when it expires.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { jwtKey: Uint8Array; isSessionRevoked?: (sessionId: string) => Promise<boolean> },
  ) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorate('authenticate', async (req: FastifyRequest) => {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw new AppError('UNAUTHENTICATED');
      const auth = await verifyAccessToken(token, opts.jwtKey);
      if (!auth) throw new AppError('TOKEN_INVALID');
      if (auth.sessionId && (await opts.isSessionRevoked?.(auth.sessionId)))
        throw new AppError('TOKEN_INVALID');
      req.auth = auth;
    });
  },
);
