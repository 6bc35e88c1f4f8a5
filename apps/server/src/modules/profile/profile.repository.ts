import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailVerifications, telegramIdentities, vendors } from '../../db/schema/index';

type Conn = Db | Tx;

/** The vendor's profile columns, with the caller's Telegram identity (names, photo, last sign-in). */
export async function findProfile(db: Conn, vendorId: string, telegramId: number) {
  const [row] = await db
    .select({
      id: vendors.id,
      name: vendors.name,
      email: vendors.email,
      emailVerifiedAt: vendors.emailVerifiedAt,
      phone: vendors.phone,
      company: vendors.company,
      website: vendors.website,
      address: vendors.address,
      city: vendors.city,
      country: vendors.country,
      postalCode: vendors.postalCode,
      timezone: vendors.timezone,
      language: vendors.language,
      profileImageUrl: vendors.profileImageUrl,
      deletionScheduledAt: vendors.deletionScheduledAt,
      createdAt: vendors.createdAt,
      telegramId: telegramIdentities.telegramId,
      firstName: telegramIdentities.firstName,
      lastName: telegramIdentities.lastName,
      username: telegramIdentities.username,
      telegramPhotoUrl: telegramIdentities.photoUrl,
      lastLoginAt: telegramIdentities.lastLoginAt,
    })
    .from(vendors)
    .innerJoin(
      telegramIdentities,
      and(eq(telegramIdentities.vendorId, vendors.id), eq(telegramIdentities.telegramId, telegramId)),
    )
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export type ProfileColumns = Partial<
  Pick<
    typeof vendors.$inferInsert,
    | 'name'
    | 'email'
    | 'phone'
    | 'company'
    | 'website'
    | 'address'
    | 'city'
    | 'country'
    | 'postalCode'
    | 'timezone'
    | 'language'
    | 'profileImageUrl'
    | 'emailVerifiedAt'
  >
>;

export async function updateProfile(db: Conn, vendorId: string, columns: ProfileColumns, at: Date) {
  await db
    .update(vendors)
    .set({ ...columns, updatedAt: at })
    .where(eq(vendors.id, vendorId));
}

/** The profile's e-mail once proven by its code; null when there is none or it is not proven yet. */
export async function findVerifiedEmail(db: Conn, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: vendors.email, verifiedAt: vendors.emailVerifiedAt })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row?.verifiedAt ? (row.email ?? null) : null;
}

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

export async function findEmailVerification(
  db: Conn,
  vendorId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<EmailVerificationRow | undefined> {
  const query = db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.vendorId, vendorId))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The code waiting for `email` (a new one replaces the last, its wrong tries forgotten). */
export async function putEmailVerification(db: Conn, row: Omit<EmailVerificationRow, 'failures'>) {
  const { vendorId: _, ...rest } = row;
  await db
    .insert(emailVerifications)
    .values({ ...row, failures: 0 })
    .onConflictDoUpdate({ target: emailVerifications.vendorId, set: { ...rest, failures: 0 } });
}

export async function countEmailCodeFailure(db: Conn, vendorId: string, failures: number) {
  await db.update(emailVerifications).set({ failures }).where(eq(emailVerifications.vendorId, vendorId));
}

export async function deleteEmailVerification(db: Conn, vendorId: string) {
  await db.delete(emailVerifications).where(eq(emailVerifications.vendorId, vendorId));
}
