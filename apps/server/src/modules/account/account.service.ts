import { ACCOUNT_LIMITS, type AccountDeletion } from '@app/contracts/account';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import type { SessionsService } from '../auth/sessions.service';
import type { BotsService } from '../bots/bots.service';
import type { MediaService } from '../media/media.service';
import { queueSecurityNotice } from '../notifications/notifications.service';
import * as repo from './account.repository';
import * as purgeRepo from './account-purge.repository';

export type AccountDeps = {
  db: Db;
  sessions: Pick<SessionsService, 'revokeAllOfVendor'>;
  bots: Pick<BotsService, 'list' | 'pauseForAccountDeletion'>;
  log?: { warn(obj: object, msg: string): void };
  now?: () => Date;
};

const DAY_MS = 86_400_000;

/** When a deletion scheduled at `at` is carried out (spec part 2 §9: 30 days). */
export const purgeAtOf = (at: Date) => new Date(at.getTime() + ACCOUNT_LIMITS.deletionDays * DAY_MS);

/**
 * Schedules the account's deletion in 30 days (spec part 2 §4): the owner is told by Telegram and e-mail (a
 * security notification), every session in the account ends at once (the owner's and staff's), and the running
 * bots stop (marked as paused by the deletion). Signing in again within the 30 days cancels it (auth.service.ts)
 * and starts them again (app.ts wires `onDeletionCancelled` to the bots' `resumeAfterDeletionCancelled`).
 */
export async function scheduleAccountDeletion(deps: AccountDeps, actor: Actor): Promise<AccountDeletion> {
  const now = deps.now?.() ?? new Date();
  const scheduledAt = await deps.db.transaction(async (tx) => {
    const at = await repo.scheduleDeletion(tx, actor.vendorId, now);
    await queueSecurityNotice(tx, actor.vendorId, 'security_deletion', {
      purgeAt: purgeAtOf(at).toISOString(),
    });
    return at;
  });
  // After commit: the bots and Telegram are outside the transaction.
  const { bots } = await deps.bots.list(actor);
  for (const bot of bots) {
    if (!bot.isActive) continue;
    await deps.bots.pauseForAccountDeletion(actor, bot.id).catch((err: unknown) => {
      deps.log?.warn({ err, botId: bot.id }, 'could not stop a bot of an account being deleted');
    });
  }
  await deps.sessions.revokeAllOfVendor(actor.vendorId);
  return { scheduledAt: scheduledAt.toISOString(), purgeAt: purgeAtOf(scheduledAt).toISOString() };
}

export type PurgeDeps = {
  db: Db;
  media: Pick<MediaService, 'eraseVendor'>;
  /** Removes the account's data export files (modules/exports' storage). */
  exports: { eraseVendor(vendorId: string): Promise<void> };
  log?: { info(obj: object, msg: string): void };
  now?: () => Date;
};

/**
 * The day-30 purge (the `account.purge` job): every account whose deletion was scheduled 30 days ago or more
 * and is not purged yet has its uploads and export files erased, then its personal data in one transaction
 * (account-purge.repository.ts), which sets `vendors.purged_at`, the record that it ran. Idempotent: a purged
 * account is not picked again, and one interrupted mid-way (a restart) is picked again and done whole.
 * Answers the accounts purged.
 */
export async function purgeDueAccounts(deps: PurgeDeps): Promise<string[]> {
  const now = deps.now?.() ?? new Date();
  const scheduledBefore = new Date(now.getTime() - ACCOUNT_LIMITS.deletionDays * DAY_MS);
  const purged: string[] = [];
  for (;;) {
    const due = await purgeRepo.accountsDueForPurge(deps.db, scheduledBefore, 20);
    for (const vendorId of due) {
      await deps.media.eraseVendor(vendorId);
      await deps.exports.eraseVendor(vendorId);
      await deps.db.transaction((tx) => purgeRepo.purgeAccount(tx, vendorId, now));
      deps.log?.info({ vendorId }, 'account purged (30 days after its deletion was scheduled)');
      purged.push(vendorId);
    }
    if (due.length < 20) return purged;
  }
}

/** The danger zone's account deletion: every method bound to `deps`. */
export function createAccountService(deps: AccountDeps) {
  return {
    scheduleDeletion: (actor: Actor) => scheduleAccountDeletion(deps, actor),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
