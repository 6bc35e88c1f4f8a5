import { eq } from 'drizzle-orm';
import { vendors } from '../src/db/schema/index';
import type { TestApp } from './harness';

/**
 * Marks the profile's e-mail as proven, as the code sent to it would (modules/profile): for tests of what mail
 * does once an address is in use, not of the proving itself (profile-email.test.ts).
 */
export async function markEmailVerified(t: Pick<TestApp, 'database'>, vendorId: string): Promise<void> {
  await t.database.db.update(vendors).set({ emailVerifiedAt: new Date() }).where(eq(vendors.id, vendorId));
}
