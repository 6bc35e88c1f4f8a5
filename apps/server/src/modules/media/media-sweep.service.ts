import { MEDIA_LIMITS } from '@app/contracts/media';
import * as repo from './media.repository';
import { type MediaDeps, nowOf, storedKeys } from './media-shared';

/** Removes the stored objects of rows gone, unless another row (a duplicated product's) still names them. */
export async function removeUnused(deps: MediaDeps, rows: Pick<repo.MediaRow, 'storageKey' | 'sizes'>[]) {
  const inUse = await repo.keysInUse(
    deps.db,
    rows.map((r) => r.storageKey),
  );
  await deps.storage.remove(rows.filter((r) => !inUse.has(r.storageKey)).flatMap(storedKeys));
}

/** Removes stored objects older than `before` that no row names (a deleted product's, a crashed upload's). */
export async function sweepOrphanFiles(deps: MediaDeps, before: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const nameOf = (key: string) => key.replace(/^files\//, '').slice(0, repo.NAME_LENGTH);
    const inUse = await repo.namesInUse(deps.db, [...new Set(batch.map(nameOf))]);
    const orphans = batch.filter((key) => !inUse.has(nameOf(key)));
    await deps.storage.remove(orphans);
    removed += orphans.length;
    batch = [];
  };
  for await (const key of deps.storage.listOlderThan(before)) {
    batch.push(key);
    if (batch.length >= 500) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}

/**
 * The media.sweep job: deletes uploads never attached within a day with their stored objects, then stored
 * objects over a day old that no row names any more (those of deleted products).
 */
export async function sweepUnattached(deps: MediaDeps): Promise<{ deleted: number; orphanFiles: number }> {
  const before = new Date(nowOf(deps).getTime() - MEDIA_LIMITS.unattachedTtlMs);
  let deleted = 0;
  for (;;) {
    const rows = await repo.deleteUnattachedBefore(deps.db, before, 500);
    if (rows.length === 0) break;
    await removeUnused(deps, rows);
    deleted += rows.length;
    if (rows.length < 500) break;
  }
  return { deleted, orphanFiles: await sweepOrphanFiles(deps, before) };
}

/**
 * Erases every upload of a vendor, rows and stored files (the account purge: product media, the profile photo,
 * digital downloads). Safe to run again: a crash between the rows and the files leaves files no row names,
 * which the media sweep removes within a day.
 */
export async function eraseVendorMedia(deps: MediaDeps, vendorId: string): Promise<number> {
  const rows = await repo.deleteAllOfVendor(deps.db, vendorId);
  await deps.storage.remove(rows.flatMap(storedKeys));
  return rows.length;
}
