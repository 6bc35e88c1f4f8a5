import type { Db } from '../db/client';
import { createMediaService } from '../modules/media/media.service';
import type { StorageDriver } from '../modules/media/storage';

export type MediaSweepDeps = {
  db: Db;
  storage: StorageDriver;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void };
};

/**
 * Deletes uploads that were never attached to a product within a day of their upload (spec: uploads count
 * toward nothing until attached), rows first and then their stored files. Safe to run twice: a second run finds
 * nothing, and removing a missing file is not an error.
 */
export async function sweepMedia(deps: MediaSweepDeps): Promise<{ deleted: number }> {
  const result = await createMediaService(deps).sweepUnattached();
  if (result.deleted > 0) deps.log?.info({ deleted: result.deleted }, 'unattached uploads swept');
  return result;
}
