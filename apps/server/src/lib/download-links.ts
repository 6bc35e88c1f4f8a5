import { DOWNLOAD_LINK_TTL_S, type DownloadLink } from '@app/contracts/common';
import type { Permission } from '@app/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Actor, hasPermission } from './actor';
import { AppError } from './app-error';
import { type AuthContext, signDownloadToken, verifyDownloadToken } from './jwt';

/**
 * Links that download one file for a few minutes with no session: Telegram's downloadFile fetches a file
 * itself, without the app's Bearer header, so the link's token names the caller, and what it downloads (its
 * `purpose`: the catalogue export, one invoice, one month's fee statement). The download route resolves the
 * caller again, so a grant revoked meanwhile downloads nothing.
 */
export function createDownloadLinks(deps: { jwtKey: Uint8Array; now?: () => Date }) {
  return {
    /** A link to `path` (an /api/v1/downloads/… route) for `auth`, good for `purpose` only. */
    async create(auth: AuthContext, purpose: string, path: string): Promise<DownloadLink> {
      const token = await signDownloadToken(auth, purpose, deps.jwtKey, DOWNLOAD_LINK_TTL_S);
      const expiresAt = new Date((deps.now?.() ?? new Date()).getTime() + DOWNLOAD_LINK_TTL_S * 1000);
      return { url: `${path}?token=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The download routes' onRequest hook: a request without a valid, unexpired link token is refused 401
     * before its path and query are validated (a caller without a link learns nothing about the route's input).
     */
    async requireLinkToken(req: FastifyRequest): Promise<void> {
      const token = (req.query as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') throw new AppError('UNAUTHENTICATED');
      if (!(await verifyDownloadToken(token, null, deps.jwtKey)))
        throw new AppError('DOWNLOAD_TOKEN_INVALID');
    },

    /** Who a link for `purpose` was made for; TOKEN_INVALID when it is not one, or has expired. */
    async callerOf(token: string, purpose: string): Promise<AuthContext> {
      const auth = await verifyDownloadToken(token, purpose, deps.jwtKey);
      if (!auth) throw new AppError('DOWNLOAD_TOKEN_INVALID');
      return auth;
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;

/**
 * The caller a download link for `purpose` names, resolved again now as the vendor scope would: FORBIDDEN when
 * they are no longer in the account or no longer hold `permission`.
 */
export async function downloadCaller(
  app: FastifyInstance,
  links: DownloadLinks,
  token: string,
  purpose: string,
  permission: Permission,
): Promise<Actor> {
  const actor = await app.resolveActor(await links.callerOf(token, purpose));
  if (!actor || !hasPermission(actor, permission)) throw new AppError('FORBIDDEN');
  return actor;
}
