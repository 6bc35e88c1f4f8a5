import type { Permission } from '@app/contracts/permissions';
import type { ManagedBots } from '@app/contracts/staff';
import { t } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import { type DescribeErrorOptions, describeError } from '../../../lib/describe-error';
import { haptics, showPopup } from '../../../lib/telegram/bridge';

/**
 * The Full Access toggle (spec part 2 §4): selecting `all` replaces the others with just `all`; selecting any
 * other permission removes `all`.
 */
export function togglePermission(current: readonly Permission[], p: Permission): Permission[] {
  if (current.includes(p)) return current.filter((x) => x !== p);
  if (p === 'all') return ['all'];
  return [...current.filter((x) => x !== 'all'), p];
}

/**
 * Bot selection: choosing "All Bots" resets to all; choosing a bot while all is set replaces it with that
 * bot; deselecting the last bot returns to all (as for a product's bots, spec part 2 §4).
 */
export function toggleBot(current: ManagedBots, botId: string | 'all'): ManagedBots {
  if (botId === 'all') return 'all';
  if (current === 'all') return [botId];
  const next = current.includes(botId) ? current.filter((id) => id !== botId) : [...current, botId];
  return next.length === 0 ? 'all' : next;
}

/** Activity bar colours (spec part 2 §9): green at 90% or more, yellow at 70% or more, else red. */
export function barColour(percentage: number): string {
  if (percentage >= 90) return 'var(--app-success-color)';
  if (percentage >= 70) return '#e0a800';
  return 'var(--tg-theme-destructive-text-color, #d93025)';
}

const ERRORS: DescribeErrorOptions['codes'] = {
  STAFF_ALREADY_ADDED: 'staff.error.duplicate',
  STAFF_IS_OWNER: 'staff.error.owner',
  STAFF_NO_PERMISSIONS: 'staff.edit.atLeastOne',
  STAFF_FULL_ACCESS_ALONE: 'staff.error.fullAccessAlone',
  STAFF_LAST_FULL_ACCESS: 'staff.error.lastFullAccess',
  STAFF_GRANT_EXCEEDS_OWN: 'staff.error.exceeds',
  STAFF_NOT_FOUND: 'staff.error.notFound',
};

/** A refused change, worded from its code, as a Telegram popup with an error haptic. */
export async function showStaffError(error: unknown): Promise<void> {
  haptics.error();
  await showPopup({
    message: describeError(error, { codes: ERRORS, fallback: 'staff.error.save' }),
    buttons: [{ id: 'ok', type: 'ok' }],
  });
}

/** A spec popup (§5.5): its title and message from the catalogue. */
export async function showStaffPopup(title: MessageKey, message: MessageKey, params = {}): Promise<void> {
  await showPopup({ title: t(title), message: t(message, params), buttons: [{ id: 'ok', type: 'ok' }] });
}
