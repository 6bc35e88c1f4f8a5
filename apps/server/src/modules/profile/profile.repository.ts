import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { telegramIdentities, vendors } from '../../db/schema/index';

type Conn = Db | Tx;

/** The vendor's profile columns, with the caller's Telegram identity (names, photo, last sign-in). */
export async function findProfile(db: Conn, vendorId: string, telegramId: number) {
  const [row] = await db
    .select({
      id: vendors.id,
      name: vendors.name,
      email: vendors.email,
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
  >
>;

export async function updateProfile(db: Conn, vendorId: string, columns: ProfileColumns, at: Date) {
  await db
    .update(vendors)
    .set({ ...columns, updatedAt: at })
    .where(eq(vendors.id, vendorId));
}

export async function findEmail(db: Conn, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: vendors.email })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row?.email ?? null;
}
