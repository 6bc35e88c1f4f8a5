import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';

type Conn = Db | Tx;

/**
 * A person's live sessions in a vendor's account: one per refresh-token family none of whose tokens is revoked
 * and whose newest token has not expired. Started = the family's first token, last active = its newest (each
 * refresh rotates the token, so the newest is the last time the app asked for one).
 */
export async function liveSessions(db: Conn, vendorId: string, telegramId: number, now: Date) {
  return db
    .select({
      id: refreshTokens.familyId,
      startedAt: sql<string>`min(${refreshTokens.createdAt})`,
      lastActiveAt: sql<string>`max(${refreshTokens.createdAt})`,
      userAgent: sql<
        string | null
      >`(array_agg(${refreshTokens.userAgent} order by ${refreshTokens.createdAt} desc))[1]`,
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.vendorId, vendorId), eq(refreshTokens.telegramId, telegramId)))
    .groupBy(refreshTokens.familyId)
    .having(
      sql`bool_and(${refreshTokens.revokedAt} is null) and max(${refreshTokens.expiresAt}) > ${now.toISOString()}`,
    )
    .orderBy(sql`max(${refreshTokens.createdAt}) desc`);
}

/** Revokes one session of the person; answers whether it was theirs and live. */
export async function revokeSession(
  db: Conn,
  vendorId: string,
  telegramId: number,
  sessionId: string,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.vendorId, vendorId),
        eq(refreshTokens.telegramId, telegramId),
        eq(refreshTokens.familyId, sessionId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** Revokes every session of the person but `keep`; answers the sessions revoked. */
export async function revokeOtherSessions(db: Conn, vendorId: string, telegramId: number, keep: string) {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.vendorId, vendorId),
        eq(refreshTokens.telegramId, telegramId),
        ne(refreshTokens.familyId, keep),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

/** Revokes every session in the vendor's account (everyone's): the account's deletion. */
export async function revokeVendorSessions(db: Conn, vendorId: string) {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.vendorId, vendorId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((r) => r.familyId))];
}

/** The sessions revoked since `since` (the revocation list: only those whose access tokens may still be live). */
export async function revokedSince(db: Conn, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(gt(refreshTokens.revokedAt, since));
  return rows.map((r) => r.familyId);
}

/** The user agents a person has signed in with before (any session, ended or not). */
export async function knownUserAgents(
  db: Conn,
  vendorId: string,
  telegramId: number,
): Promise<(string | null)[]> {
  const rows = await db
    .selectDistinct({ userAgent: refreshTokens.userAgent })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.vendorId, vendorId), eq(refreshTokens.telegramId, telegramId)));
  return rows.map((r) => r.userAgent);
}
