import type { Role } from '@app/contracts/auth';
import type { Language } from '@app/contracts/common';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { refreshTokens, telegramIdentities, vendors } from '../../db/schema/index';
import type { InitDataUser } from '../../lib/telegram/init-data';

type Conn = Db | Tx;

export type IdentityWithVendor = {
  vendorId: string;
  storeName: string;
  language: Language | null;
  role: Role;
};

/** The vendors a Telegram user acts for, the one they used last first (owned ones first among equals). */
export async function findIdentities(db: Conn, telegramId: number): Promise<IdentityWithVendor[]> {
  return (
    db
      .select({
        vendorId: telegramIdentities.vendorId,
        storeName: vendors.storeName,
        language: vendors.language,
        role: telegramIdentities.role,
      })
      .from(telegramIdentities)
      .innerJoin(vendors, eq(vendors.id, telegramIdentities.vendorId))
      .where(eq(telegramIdentities.telegramId, telegramId))
      // VENDOR sorts after STAFF, so descending puts the accounts a user owns first.
      .orderBy(
        desc(telegramIdentities.lastLoginAt),
        desc(telegramIdentities.role),
        asc(telegramIdentities.createdAt),
      )
  );
}

export async function insertVendorWithOwner(
  db: Conn,
  storeName: string,
  user: InitDataUser,
): Promise<IdentityWithVendor> {
  const [vendor] = await db.insert(vendors).values({ storeName }).returning({ id: vendors.id });
  if (!vendor) throw new Error('vendor insert returned nothing');
  await db
    .insert(telegramIdentities)
    .values({ vendorId: vendor.id, role: 'VENDOR', ...identityFields(user) });
  return { vendorId: vendor.id, storeName, language: null, role: 'VENDOR' };
}

/** Keeps the names Telegram sends current, and records the sign-in. */
export async function touchIdentity(db: Conn, vendorId: string, user: InitDataUser): Promise<void> {
  await db
    .update(telegramIdentities)
    .set({ ...identityFields(user), lastLoginAt: new Date() })
    .where(and(eq(telegramIdentities.vendorId, vendorId), eq(telegramIdentities.telegramId, user.id)));
}

function identityFields(user: InitDataUser) {
  return {
    telegramId: user.id,
    firstName: user.first_name,
    lastName: user.last_name ?? null,
    username: user.username ?? null,
    photoUrl: user.photo_url ?? null,
    languageCode: user.language_code ?? null,
  };
}

export async function vendorExists(db: Conn, vendorId: string): Promise<boolean> {
  const rows = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return rows.length > 0;
}

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(db: Conn, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** Locks the row so two concurrent uses of one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(
  tx: Tx,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRefreshTokenUsed(tx: Tx, row: RefreshTokenRow): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.vendorId, row.vendorId), eq(refreshTokens.id, row.id)));
}

export async function revokeFamily(db: Conn, vendorId: string, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.vendorId, vendorId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** How many staff members the vendor has, and how many were added since `since`. */
export async function countStaff(db: Conn, vendorId: string, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      createdSince: sql<number>`count(*) filter (where ${telegramIdentities.createdAt} >= ${since.toISOString()})::int`,
    })
    .from(telegramIdentities)
    .where(and(eq(telegramIdentities.vendorId, vendorId), eq(telegramIdentities.role, 'STAFF')));
  return { total: Number(row?.total ?? 0), createdSince: Number(row?.createdSince ?? 0) };
}

/** Who speaks for a vendor (its owner's Telegram id) and in what words (the profile's language and timezone). */
export async function ownerContact(db: Conn, vendorId: string) {
  const [row] = await db
    .select({
      telegramId: telegramIdentities.telegramId,
      language: vendors.language,
      timezone: vendors.timezone,
    })
    .from(vendors)
    .innerJoin(
      telegramIdentities,
      and(eq(telegramIdentities.vendorId, vendors.id), eq(telegramIdentities.role, 'VENDOR')),
    )
    .where(eq(vendors.id, vendorId))
    .orderBy(asc(telegramIdentities.createdAt))
    .limit(1);
  return row;
}

/** A staff seat's sign-in identity: never used yet, so sign-in keeps landing in the account last used. */
export async function insertStaffIdentity(
  db: Conn,
  vendorId: string,
  person: { telegramId: number; name: string; username: string | null },
): Promise<void> {
  await db
    .insert(telegramIdentities)
    .values({
      vendorId,
      telegramId: person.telegramId,
      role: 'STAFF',
      firstName: person.name,
      username: person.username,
      lastLoginAt: new Date(0),
    })
    .onConflictDoNothing();
}

/** Removes a staff seat's identity (never the owner's) and ends its sessions in that account. */
export async function deleteStaffIdentity(db: Conn, vendorId: string, telegramId: number): Promise<void> {
  await db
    .delete(telegramIdentities)
    .where(
      and(
        eq(telegramIdentities.vendorId, vendorId),
        eq(telegramIdentities.telegramId, telegramId),
        eq(telegramIdentities.role, 'STAFF'),
      ),
    );
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.vendorId, vendorId),
        eq(refreshTokens.telegramId, telegramId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Marks the account as the one the person used last (sign-in lands there next time). */
export async function markUsed(db: Conn, vendorId: string, telegramId: number): Promise<void> {
  await db
    .update(telegramIdentities)
    .set({ lastLoginAt: new Date() })
    .where(and(eq(telegramIdentities.vendorId, vendorId), eq(telegramIdentities.telegramId, telegramId)));
}

/** The owner's Telegram id, or undefined for an unknown vendor. */
export async function ownerTelegramId(db: Conn, vendorId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ telegramId: telegramIdentities.telegramId })
    .from(telegramIdentities)
    .where(and(eq(telegramIdentities.vendorId, vendorId), eq(telegramIdentities.role, 'VENDOR')))
    .limit(1);
  return row?.telegramId;
}

export async function vendorSummaryRow(db: Conn, vendorId: string) {
  const [row] = await db
    .select({
      id: vendors.id,
      storeName: vendors.storeName,
      language: vendors.language,
      isDemo: vendors.isDemo,
    })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row;
}

/**
 * Signing in again cancels a scheduled deletion (spec part 2 §4): answers whether one was cancelled. Only the
 * owner's sign-in does (the caller checks the role).
 */
export async function cancelScheduledDeletion(db: Conn, vendorId: string): Promise<boolean> {
  const rows = await db
    .update(vendors)
    .set({ deletionScheduledAt: null, updatedAt: new Date() })
    .where(and(eq(vendors.id, vendorId), isNotNull(vendors.deletionScheduledAt), isNull(vendors.purgedAt)))
    .returning({ id: vendors.id });
  return rows.length > 0;
}
