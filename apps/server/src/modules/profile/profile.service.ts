import {
  ACCOUNT_LIMITS,
  type Profile,
  ProfileTimezone,
  type UpdateProfileBody,
} from '@app/contracts/account';
import type { Conn, Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { MediaService, UploadInput } from '../media/media.service';
import * as repo from './profile.repository';

export type ProfileDeps = {
  db: Db;
  media: Pick<MediaService, 'upload'>;
  now?: () => Date;
};

const nowOf = (deps: ProfileDeps): Date => deps.now?.() ?? new Date();

/** "Ann Lee" → ["Ann", "Lee"]: the form's first and last name from the one stored name. */
function splitName(name: string): [string, string] {
  const at = name.indexOf(' ');
  return at < 0 ? [name, ''] : [name.slice(0, at), name.slice(at + 1).trim()];
}

function toProfile(row: repo.ProfileRow): Profile {
  const telegramName = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  const name = row.name ?? telegramName;
  const [firstName, lastName] = row.name === null ? [row.firstName, row.lastName ?? ''] : splitName(name);
  const photoUrl = row.profileImageUrl ?? row.telegramPhotoUrl;
  const timezone = ProfileTimezone.safeParse(row.timezone);
  return {
    id: row.id,
    name,
    firstName,
    lastName,
    username: row.username,
    telegramId: row.telegramId,
    email: row.email ?? '',
    phone: row.phone ?? '',
    company: row.company ?? '',
    website: row.website ?? '',
    address: row.address ?? '',
    city: row.city ?? '',
    country: row.country ?? '',
    postalCode: row.postalCode ?? '',
    timezone: timezone.success ? timezone.data : 'UTC',
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt.toISOString(),
    status: row.deletionScheduledAt ? 'deletion_scheduled' : 'active',
    deletionScheduledFor: row.deletionScheduledAt
      ? new Date(row.deletionScheduledAt.getTime() + ACCOUNT_LIMITS.deletionDays * 86_400_000).toISOString()
      : null,
    photoUrl,
    photoSource: row.profileImageUrl ? 'upload' : row.telegramPhotoUrl ? 'telegram' : null,
    settings: { profileImage: row.profileImageUrl },
  };
}

/** The caller's profile in the vendor's account. */
export async function getProfile(deps: ProfileDeps, actor: Actor): Promise<Profile> {
  const row = await repo.findProfile(deps.db, actor.vendorId, actor.telegramId);
  if (!row) throw new AppError('VENDOR_NOT_FOUND');
  return toProfile(row);
}

/** Saves the fields given (already validated and normalised by the contract); an empty text clears one. */
export async function updateProfile(
  deps: ProfileDeps,
  actor: Actor,
  body: UpdateProfileBody,
): Promise<Profile> {
  const cleared = (s: string | undefined) => (s === undefined ? undefined : s === '' ? null : s);
  const columns: repo.ProfileColumns = {
    name: cleared(body.name),
    email: cleared(body.email),
    phone: cleared(body.phone),
    company: cleared(body.company),
    website: cleared(body.website),
    address: cleared(body.address),
    city: cleared(body.city),
    country: cleared(body.country),
    postalCode: cleared(body.postalCode),
    timezone: body.timezone,
    language: body.language,
  };
  const given = Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as repo.ProfileColumns;
  if (Object.keys(given).length > 0) await repo.updateProfile(deps.db, actor.vendorId, given, nowOf(deps));
  return getProfile(deps, actor);
}

/**
 * Stores a new profile photo through the media module (typed by its bytes, 5 MB at most, re-encoded without
 * EXIF and resized) and makes its medium size the profile's photo. Answers its address.
 */
export async function uploadPhoto(
  deps: ProfileDeps,
  actor: Actor,
  file: Pick<UploadInput, 'filename' | 'body' | 'discard'>,
): Promise<{ success: true; url: string }> {
  const upload = await deps.media.upload(actor, { endpoint: 'image', mediaType: 'image', ...file });
  const url = upload.mediumUrl ?? upload.url;
  if (!url) throw new AppError('MEDIA_INVALID', { reason: 'type' });
  await repo.updateProfile(deps.db, actor.vendorId, { profileImageUrl: url }, nowOf(deps));
  return { success: true, url };
}

/** Removes the uploaded photo: Telegram's shows again, when there is one. The media sweep removes the file. */
export async function removePhoto(deps: ProfileDeps, actor: Actor): Promise<Profile> {
  await repo.updateProfile(deps.db, actor.vendorId, { profileImageUrl: null }, nowOf(deps));
  return getProfile(deps, actor);
}

/** The vendor's profile (spec part 2 §2.3): every method bound to `deps`. */
export function createProfileService(deps: ProfileDeps) {
  return {
    get: (actor: Actor) => getProfile(deps, actor),
    update: (actor: Actor, body: UpdateProfileBody) => updateProfile(deps, actor, body),
    uploadPhoto: (actor: Actor, file: Pick<UploadInput, 'filename' | 'body' | 'discard'>) =>
      uploadPhoto(deps, actor, file),
    removePhoto: (actor: Actor) => removePhoto(deps, actor),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

/** The vendor's profile e-mail (where e-mail notifications go); null when none is set. */
export async function profileEmailOf(db: Conn, vendorId: string): Promise<string | null> {
  return repo.findEmail(db, vendorId);
}
