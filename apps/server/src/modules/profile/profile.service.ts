import { randomInt } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  type Profile,
  ProfileTimezone,
  type UpdateProfileBody,
} from '@app/contracts/account';
import type { Conn, Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { sha256Hex } from '../../lib/secrets';
import type { MediaService, UploadInput } from '../media/media.service';
import { EMAIL_CODE_TEXTS } from './email-code-texts';
import * as repo from './profile.repository';

export type ProfileDeps = {
  db: Db;
  media: Pick<MediaService, 'upload'>;
  /** Sends a new e-mail address its code (SMTP_URL, or demo mode's catcher); without it no code can be sent. */
  mailer?: Mailer | undefined;
  log?: { warn(obj: object, msg: string): void } | undefined;
  now?: () => Date;
};

const nowOf = (deps: ProfileDeps): Date => deps.now?.() ?? new Date();

/** "Ann Lee" → ["Ann", "Lee"]: the form's first and last name from the one stored name. */
function splitName(name: string): [string, string] {
  const at = name.indexOf(' ');
  return at < 0 ? [name, ''] : [name.slice(0, at), name.slice(at + 1).trim()];
}

function toProfile(row: repo.ProfileRow, code: repo.EmailVerificationRow | undefined): Profile {
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
    emailVerified: Boolean(row.email && row.emailVerifiedAt),
    emailCode:
      row.email && !row.emailVerifiedAt && code?.email === row.email
        ? { sentAt: code.sentAt.toISOString(), expiresAt: code.expiresAt.toISOString() }
        : null,
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
  const [row, code] = await Promise.all([
    repo.findProfile(deps.db, actor.vendorId, actor.telegramId),
    repo.findEmailVerification(deps.db, actor.vendorId),
  ]);
  if (!row) throw new AppError('VENDOR_NOT_FOUND');
  return toProfile(row, code);
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
  if (Object.keys(given).length === 0) return getProfile(deps, actor);
  const now = nowOf(deps);
  // A new address is not used for any mail until the code sent to it comes back (issue 21).
  const newEmail = await deps.db.transaction(async (tx) => {
    const current = await repo.findProfile(tx, actor.vendorId, actor.telegramId);
    if (!current) throw new AppError('VENDOR_NOT_FOUND');
    const changed = given.email !== undefined && given.email !== current.email;
    if (changed) given.emailVerifiedAt = null;
    await repo.updateProfile(tx, actor.vendorId, given, now);
    if (!changed) return null;
    if (!given.email) {
      await repo.deleteEmailVerification(tx, actor.vendorId);
      return null;
    }
    const code = await storeNewCode(tx, actor.vendorId, given.email, now);
    return { to: given.email, code, language: given.language ?? current.language };
  });
  if (newEmail) {
    await sendCode(deps, newEmail).catch((err: unknown) => {
      // The address is saved, unproven; the profile offers to send the code again.
      deps.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'e-mail code not sent');
    });
  }
  return getProfile(deps, actor);
}

const codeHash = (vendorId: string, email: string, code: string) => sha256Hex(`${vendorId}:${email}:${code}`);

/** A fresh six-digit code for `email`, stored hashed (the last one, and its wrong tries, forgotten). */
async function storeNewCode(db: Conn, vendorId: string, email: string, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.putEmailVerification(db, {
    vendorId,
    email,
    codeHash: codeHash(vendorId, email, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_LIMITS.emailCodeTtlS * 1000),
  });
  return code;
}

async function sendCode(
  deps: ProfileDeps,
  mail: { to: string; code: string; language: repo.ProfileRow['language'] },
): Promise<void> {
  if (!deps.mailer) throw new Error('no mailer configured (SMTP_URL)');
  const texts = EMAIL_CODE_TEXTS[mail.language ?? 'en'];
  const fill = (s: string) =>
    s.replaceAll('{code}', mail.code).replaceAll('{minutes}', String(ACCOUNT_LIMITS.emailCodeTtlS / 60));
  await deps.mailer.send({ to: mail.to, subject: fill(texts.subject), text: fill(texts.body) });
}

/**
 * Proves the profile's new e-mail with the code sent to it: from then on mail (security mail included) goes there.
 * A code is good for 15 minutes and 5 wrong tries; then a new one must be sent.
 */
export async function verifyEmail(deps: ProfileDeps, actor: Actor, code: string): Promise<Profile> {
  const now = nowOf(deps);
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repo.findEmailVerification(tx, actor.vendorId, { forUpdate: true });
    const profile = await repo.findProfile(tx, actor.vendorId, actor.telegramId);
    if (!row || !profile || profile.email !== row.email || profile.emailVerifiedAt) {
      return { error: 'EMAIL_NOT_PENDING' as const };
    }
    if (row.failures >= ACCOUNT_LIMITS.emailCodeTriesMax) return { error: 'EMAIL_CODE_LOCKED' as const };
    if (row.expiresAt <= now) return { error: 'EMAIL_CODE_EXPIRED' as const };
    if (codeHash(actor.vendorId, row.email, code) !== row.codeHash) {
      // Counted in the committed transaction: the refusal below must not roll it back.
      await repo.countEmailCodeFailure(tx, actor.vendorId, row.failures + 1);
      return { error: 'EMAIL_CODE_INVALID' as const };
    }
    await repo.updateProfile(tx, actor.vendorId, { emailVerifiedAt: now }, now);
    await repo.deleteEmailVerification(tx, actor.vendorId);
    return { ok: true as const };
  });
  if (!('ok' in outcome)) throw new AppError(outcome.error);
  return getProfile(deps, actor);
}

/** Sends the unproven e-mail a new code (the last one stops working), at most once a minute. */
export async function resendEmailCode(deps: ProfileDeps, actor: Actor): Promise<Profile> {
  const now = nowOf(deps);
  const mail = await deps.db.transaction(async (tx) => {
    const row = await repo.findEmailVerification(tx, actor.vendorId, { forUpdate: true });
    const profile = await repo.findProfile(tx, actor.vendorId, actor.telegramId);
    if (!profile?.email || profile.emailVerifiedAt) throw new AppError('EMAIL_NOT_PENDING');
    const since = row && row.email === profile.email ? now.getTime() - row.sentAt.getTime() : Infinity;
    if (since < ACCOUNT_LIMITS.emailCodeResendS * 1000) {
      const retryAfterS = Math.ceil((ACCOUNT_LIMITS.emailCodeResendS * 1000 - since) / 1000);
      throw new AppError('EMAIL_CODE_TOO_SOON', { retryAfterS });
    }
    const code = await storeNewCode(tx, actor.vendorId, profile.email, now);
    return { to: profile.email, code, language: profile.language };
  });
  try {
    await sendCode(deps, mail);
  } catch (err) {
    deps.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'e-mail code not sent');
    // Not sent: no wait before the next try.
    await repo.deleteEmailVerification(deps.db, actor.vendorId);
    throw new AppError('EMAIL_SEND_FAILED');
  }
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
    verifyEmail: (actor: Actor, code: string) => verifyEmail(deps, actor, code),
    resendEmailCode: (actor: Actor) => resendEmailCode(deps, actor),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

/**
 * The vendor's profile e-mail (where e-mail notifications go, security mail included); null when none is set or
 * it is not proven yet by the code sent to it.
 */
export async function profileEmailOf(db: Conn, vendorId: string): Promise<string | null> {
  return repo.findVerifiedEmail(db, vendorId);
}
