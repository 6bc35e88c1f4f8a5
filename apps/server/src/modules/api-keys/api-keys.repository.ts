import type { ApiKeyPermission } from '@app/contracts/developer';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/index';
import type { Conn } from '../../db/types';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Conn,
  key: {
    vendorId: string;
    name: string;
    keyHash: string;
    last4: string;
    permissions: ApiKeyPermission[];
    botIds: string[] | null;
    createdBy: number;
    expiresAt: Date | null;
    createdAt: Date;
  },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row as ApiKeyRow;
}

/** The vendor's keys, newest first. */
export function listApiKeys(db: Conn, vendorId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.vendorId, vendorId)).orderBy(desc(apiKeys.createdAt));
}

export async function findByHash(db: Conn, vendorId: string, keyHash: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.vendorId, vendorId), eq(apiKeys.keyHash, keyHash)))
    .limit(1);
  return row ?? null;
}

/** Revokes an active key; null when the vendor has no such key or it was revoked already. */
export async function revokeApiKey(
  db: Conn,
  vendorId: string,
  keyId: string,
  at: Date,
): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.vendorId, vendorId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

export async function findApiKey(db: Conn, vendorId: string, keyId: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.vendorId, vendorId), eq(apiKeys.id, keyId)))
    .limit(1);
  return row ?? null;
}

export async function touchLastUsed(db: Conn, vendorId: string, keyId: string, at: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.vendorId, vendorId), eq(apiKeys.id, keyId)));
}
