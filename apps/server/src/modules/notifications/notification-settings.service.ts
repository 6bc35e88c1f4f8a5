import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  NotificationSettings as NotificationSettingsSchema,
  type QuietHours,
  withLockedSecurity,
} from '@app/contracts/account';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import * as repo from './notifications.repository';

// The vendor's notification preferences (spec part 2 §2.3 Notifications): the eight types × three channels and
// quiet hours. Security e-mail is always on (spec part 2 §6), whatever is sent.

/** The preferences in force: the stored ones (security e-mail locked on), else the defaults. */
export async function settingsOf(db: Db, vendorId: string): Promise<NotificationSettings> {
  const stored = NotificationSettingsSchema.safeParse(await repo.findSettings(db, vendorId));
  return withLockedSecurity(stored.success ? stored.data : DEFAULT_NOTIFICATION_SETTINGS);
}

/** Saves the grid and quiet hours; answers what is in force (security e-mail on, whatever was sent). */
export async function saveSettings(
  db: Db,
  actor: Actor,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await repo.putSettings(db, actor.vendorId, withLockedSecurity(settings));
  return settingsOf(db, actor.vendorId);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When quiet hours end, if `now` falls in them in the vendor's timezone (they may wrap midnight, 22:00–08:00);
 * null outside them or when they are off.
 */
export function quietUntil(quiet: QuietHours, timeZone: string, now: Date): Date | null {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (!quiet.enabled || start === end) return null;
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const at =
    Number(parts.find((p) => p.type === 'hour')?.value) * 60 +
    Number(parts.find((p) => p.type === 'minute')?.value);
  const inside = start < end ? at >= start && at < end : at >= start || at < end;
  if (!inside) return null;
  const wait = (end - at + 1440) % 1440;
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000 + wait * 60_000);
}

/** The preferences screen's reads and writes: every method bound to `deps`. */
export function createNotificationSettingsService(deps: { db: Db }) {
  return {
    get: (actor: Actor) => settingsOf(deps.db, actor.vendorId),
    save: (actor: Actor, settings: NotificationSettings) => saveSettings(deps.db, actor, settings),
  };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
