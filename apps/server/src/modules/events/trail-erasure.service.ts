import type { Tx } from '../../db/types';
import * as repo from './trail-erasure.repository';

/**
 * Erases a person's names from what the account recorded about them (the right to erasure, issue 21): the audit
 * trail's payloads and actor names, the activity feed and the notifications' payloads, in the rows about `ids`
 * (the person's id and their orders', say). Names shorter than two characters are left (they would match
 * anything); the longest are replaced first, so "Ann Lee" goes whole before "Ann". Call it in the erasure's
 * transaction, with the names read before they were erased.
 */
export async function eraseNamesFromTrail(
  tx: Tx,
  vendorId: string,
  opts: { ids: readonly string[]; names: readonly (string | null | undefined)[]; replacement: string },
): Promise<void> {
  const names = [...new Set(opts.names.map((n) => n?.trim() ?? ''))]
    .filter((n) => n.length >= 2 && n !== opts.replacement)
    .sort((a, b) => b.length - a.length);
  await repo.eraseNamesFromTrail(tx, vendorId, opts.ids, names, opts.replacement);
}
