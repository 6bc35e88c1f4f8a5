import type { SecuritySession } from '@app/contracts/account';
import { LIMITS } from '@app/contracts/limits';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import * as repo from './sessions.repository';

// Sessions: one per sign-in, the refresh-token family (auth.service.ts issues them). The access token names its
// family (`sid`), so a revoked session's access token is refused at once through the revocation list below,
// not only when it expires (LIMITS.accessTokenTtlS, 15 minutes).

export type SessionsDeps = { db: Db; now?: () => Date };

/** "Telegram Desktop on macOS"-like words from a user agent: the client and the operating system. */
export function describeDevice(userAgent: string | null): { device: string; platform: string } {
  const ua = userAgent ?? '';
  const platform = /iPhone|iPad|iOS/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'Unknown';
  const device = /Telegram/i.test(ua)
    ? 'Telegram'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  return { device, platform };
}

/** The caller's live sessions, newest first, the one they call from marked `current`. */
export async function listSessions(
  deps: SessionsDeps,
  actor: Actor,
  currentSessionId: string | undefined,
): Promise<SecuritySession[]> {
  const rows = await repo.liveSessions(deps.db, actor.vendorId, actor.telegramId, deps.now?.() ?? new Date());
  return rows.map((row) => ({
    id: row.id,
    ...describeDevice(row.userAgent),
    location: null,
    startedAt: new Date(row.startedAt).toISOString(),
    lastActive: new Date(row.lastActiveAt).toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * The revocation list: the sessions revoked within an access token's lifetime, read from the database at most
 * every `refreshMs` (so other server processes learn of a revocation within that), and at once in this process.
 */
export function createRevocationList(deps: { db: Db; refreshMs?: number }) {
  const refreshMs = deps.refreshMs ?? 2000;
  let revoked = new Set<string>();
  let loadedAt = 0;
  let loading: Promise<void> | null = null;
  // Revoked here while a load was under way: kept until the next load has seen them.
  const pending = new Set<string>();

  const load = () => {
    loading ??= repo
      .revokedSince(deps.db, new Date(Date.now() - (LIMITS.accessTokenTtlS + 60) * 1000))
      .then((ids) => {
        revoked = new Set([...ids, ...pending]);
        pending.clear();
        loadedAt = Date.now();
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return {
    /** Whether the session's access tokens are refused. */
    async isRevoked(sessionId: string): Promise<boolean> {
      if (Date.now() - loadedAt > refreshMs) await load();
      return revoked.has(sessionId);
    },
    /** Notes sessions this process just revoked, so their tokens stop before the next load. */
    add(sessionIds: readonly string[]) {
      for (const id of sessionIds) {
        revoked.add(id);
        pending.add(id);
      }
    },
  };
}
export type RevocationList = ReturnType<typeof createRevocationList>;

/** Ends one of the caller's other sessions; the current one cannot be (sign out does that). */
export async function revokeSession(
  deps: SessionsDeps & { revocations: RevocationList },
  actor: Actor,
  currentSessionId: string | undefined,
  sessionId: string,
): Promise<void> {
  if (sessionId === currentSessionId) throw new AppError('SESSION_IS_CURRENT');
  const done = await repo.revokeSession(deps.db, actor.vendorId, actor.telegramId, sessionId);
  if (!done) throw new AppError('SESSION_NOT_FOUND');
  deps.revocations.add([sessionId]);
}

/** "Revoke All Other Sessions": every session of the caller but the current one. Answers how many ended. */
export async function revokeOtherSessions(
  deps: SessionsDeps & { revocations: RevocationList },
  actor: Actor,
  currentSessionId: string | undefined,
): Promise<number> {
  if (!currentSessionId) throw new AppError('SESSION_NOT_FOUND');
  const ended = await repo.revokeOtherSessions(deps.db, actor.vendorId, actor.telegramId, currentSessionId);
  deps.revocations.add(ended);
  return ended.length;
}

/** Sessions: listing and revoking the caller's own, and everyone's in an account (its deletion). */
export function createSessionsService(deps: SessionsDeps & { revocations: RevocationList }) {
  return {
    list: (actor: Actor, currentSessionId: string | undefined) => listSessions(deps, actor, currentSessionId),
    revoke: (actor: Actor, currentSessionId: string | undefined, sessionId: string) =>
      revokeSession(deps, actor, currentSessionId, sessionId),
    revokeOthers: (actor: Actor, currentSessionId: string | undefined) =>
      revokeOtherSessions(deps, actor, currentSessionId),
    /** Ends every session in the vendor's account, at once. */
    revokeAllOfVendor: async (vendorId: string) => {
      deps.revocations.add(await repo.revokeVendorSessions(deps.db, vendorId));
    },
    isRevoked: (sessionId: string) => deps.revocations.isRevoked(sessionId),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
