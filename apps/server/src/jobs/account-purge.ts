import { purgeDueAccounts } from '../modules/account/account.service';
import { createMediaService } from '../modules/media/media.service';
import type { MediaSweepDeps } from './media-sweep';

/**
 * The day-30 purge of accounts whose deletion was scheduled 30 days ago (modules/account): their personal data
 * erased, their bookkeeping kept anonymised, `vendors.purged_at` set. Safe to run again and after a restart.
 */
export async function purgeAccounts(deps: MediaSweepDeps): Promise<{ purged: number }> {
  const purged = await purgeDueAccounts({ ...deps, media: createMediaService(deps) });
  return { purged: purged.length };
}
