import { purgeDueAccounts } from '../modules/account/account.service';
import { eraseVendorExports } from '../modules/exports/exports.service';
import { createMediaService } from '../modules/media/media.service';
import type { StorageDriver } from '../modules/media/storage';
import type { MediaSweepDeps } from './media-sweep';

/**
 * The day-30 purge of accounts whose deletion was scheduled 30 days ago (modules/account): their personal data
 * erased (uploads and data export files included), their bookkeeping kept anonymised, `vendors.purged_at` set.
 * Safe to run again and after a restart.
 */
export async function purgeAccounts(
  deps: MediaSweepDeps & { exportStorage: StorageDriver },
): Promise<{ purged: number }> {
  const purged = await purgeDueAccounts({
    ...deps,
    media: createMediaService(deps),
    exports: {
      eraseVendor: (vendorId) => eraseVendorExports({ ...deps, storage: deps.exportStorage }, vendorId),
    },
  });
  return { purged: purged.length };
}
