import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { vendors } from '../../db/schema/index';

type Conn = Db | Tx;

/** Marks the account's deletion as scheduled (kept if it already was: the first request's date counts). */
export async function scheduleDeletion(db: Conn, vendorId: string, at: Date): Promise<Date> {
  const [row] = await db
    .select({ scheduledAt: vendors.deletionScheduledAt })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .for('update');
  if (row?.scheduledAt) return row.scheduledAt;
  await db.update(vendors).set({ deletionScheduledAt: at, updatedAt: at }).where(eq(vendors.id, vendorId));
  return at;
}
