import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { biometricDevices, stepUps, twoStep } from '../../db/schema/index';

type Conn = Db | Tx;

export type TwoStepRow = typeof twoStep.$inferSelect;

const person = (vendorId: string, telegramId: number) =>
  and(eq(twoStep.vendorId, vendorId), eq(twoStep.telegramId, telegramId));

export async function findTwoStep(db: Conn, vendorId: string, telegramId: number) {
  const [row] = await db.select().from(twoStep).where(person(vendorId, telegramId)).limit(1);
  return row;
}

/** Locks the row: two wrong codes racing must both be counted, a code used once only. */
export async function findTwoStepForUpdate(tx: Tx, vendorId: string, telegramId: number) {
  const [row] = await tx.select().from(twoStep).where(person(vendorId, telegramId)).for('update');
  return row;
}

/** A new secret being set up (replacing one not yet turned on). */
export async function putPendingSecret(db: Conn, vendorId: string, telegramId: number, secretSealed: string) {
  await db
    .insert(twoStep)
    .values({ vendorId, telegramId, secretSealed })
    .onConflictDoUpdate({
      target: [twoStep.vendorId, twoStep.telegramId],
      set: { secretSealed, enabledAt: null, recoveryHashes: [], lastStep: 0, updatedAt: new Date() },
    });
}

export async function updateTwoStep(
  db: Conn,
  vendorId: string,
  telegramId: number,
  set: Partial<Omit<TwoStepRow, 'vendorId' | 'telegramId'>>,
) {
  await db
    .update(twoStep)
    .set({ ...set, updatedAt: new Date() })
    .where(person(vendorId, telegramId));
}

export async function deleteTwoStep(db: Conn, vendorId: string, telegramId: number) {
  await db.delete(twoStep).where(person(vendorId, telegramId));
}

export async function findStepUp(db: Conn, vendorId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(stepUps)
    .where(and(eq(stepUps.vendorId, vendorId), eq(stepUps.sessionId, sessionId)))
    .limit(1);
  return row;
}

export async function putStepUp(db: Conn, vendorId: string, sessionId: string, verifiedAt: Date) {
  await db
    .insert(stepUps)
    .values({ vendorId, sessionId, verifiedAt })
    .onConflictDoUpdate({ target: [stepUps.vendorId, stepUps.sessionId], set: { verifiedAt } });
}

export type BiometricDeviceRow = typeof biometricDevices.$inferSelect;

const devicesOf = (vendorId: string, telegramId: number) =>
  and(eq(biometricDevices.vendorId, vendorId), eq(biometricDevices.telegramId, telegramId));

export async function listBiometricDevices(db: Conn, vendorId: string, telegramId: number) {
  return db
    .select()
    .from(biometricDevices)
    .where(devicesOf(vendorId, telegramId))
    .orderBy(asc(biometricDevices.createdAt));
}

export async function findBiometricDevice(db: Conn, vendorId: string, telegramId: number, deviceId: string) {
  const [row] = await db
    .select()
    .from(biometricDevices)
    .where(and(devicesOf(vendorId, telegramId), eq(biometricDevices.deviceId, deviceId)))
    .limit(1);
  return row;
}

/** Binds a device, or gives an already bound one its new secret. */
export async function putBiometricDevice(
  db: Conn,
  row: Omit<typeof biometricDevices.$inferInsert, 'id' | 'lastUsedAt'>,
): Promise<BiometricDeviceRow> {
  const [saved] = await db
    .insert(biometricDevices)
    .values(row)
    .onConflictDoUpdate({
      target: [biometricDevices.vendorId, biometricDevices.telegramId, biometricDevices.deviceId],
      set: {
        tokenHash: row.tokenHash,
        device: row.device,
        platform: row.platform,
        createdAt: row.createdAt,
        lastUsedAt: null,
      },
    })
    .returning();
  if (!saved) throw new Error('biometric device not saved');
  return saved;
}

export async function touchBiometricDevice(db: Conn, vendorId: string, id: string, at: Date) {
  await db
    .update(biometricDevices)
    .set({ lastUsedAt: at })
    .where(and(eq(biometricDevices.vendorId, vendorId), eq(biometricDevices.id, id)));
}

/** Answers whether a device was removed (false: none of this person's has that id). */
export async function deleteBiometricDevice(db: Conn, vendorId: string, telegramId: number, id: string) {
  const removed = await db
    .delete(biometricDevices)
    .where(and(devicesOf(vendorId, telegramId), eq(biometricDevices.id, id)))
    .returning({ id: biometricDevices.id });
  return removed.length > 0;
}

export async function deleteBiometricDevices(db: Conn, vendorId: string, telegramId: number) {
  await db.delete(biometricDevices).where(devicesOf(vendorId, telegramId));
}
