import { randomUUID } from 'node:crypto';
import type {
  AccountsResponse,
  CheckStatusResponse,
  LoginResponse,
  TokenPair,
  VendorSummary,
} from '@app/contracts/auth';
import type { Language } from '@app/contracts/common';
import { LIMITS } from '@app/contracts/limits';
import type { Db, Tx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { type AuthContext, signAccessToken } from '../../lib/jwt';
import { randomToken, sha256Hex } from '../../lib/secrets';
import {
  INIT_DATA_CODES,
  InitDataError,
  type InitDataUser,
  verifyInitData,
} from '../../lib/telegram/init-data';
import type { IdentityWithVendor } from './auth.repository';
import * as repo from './auth.repository';
import * as sessionsRepo from './sessions.repository';
import { describeDevice } from './sessions.service';

export type AuthDeps = {
  db: Db;
  jwtKey: Uint8Array;
  platformBotToken: string;
  initDataMaxAgeS: number;
  /**
   * Told when a person signs in from a device (user agent) they never signed in from before, having signed in
   * before: a security notification (wired in app.ts, so auth does not depend on notifications).
   */
  onNewDevice?: (vendorId: string, device: { device: string; platform: string }) => Promise<void> | void;
  /** Told after the owner's sign-in cancelled the account's scheduled deletion (the bots start again). */
  onDeletionCancelled?: (vendorId: string) => Promise<void> | void;
  now?: () => Date;
  /**
   * Makes the person's waiting staff seats active at their sign-in (the staff module supplies it, through
   * app.ts): someone added to a team by their Telegram id lands in that account, with no store of their own made.
   */
  activatePendingSeats?: (tx: Tx, user: InitDataUser) => Promise<void>;
};

export type OwnerContact = { telegramId: number; language: Language; timezone: string };

/**
 * The vendor's owner as the platform bot addresses them: their Telegram id, in the profile's language (English
 * until they choose one) and timezone. Undefined for an unknown vendor.
 */
export async function ownerContactOf(db: Db, vendorId: string): Promise<OwnerContact | undefined> {
  const row = await repo.ownerContact(db, vendorId);
  return row && { telegramId: row.telegramId, language: row.language ?? 'en', timezone: row.timezone };
}

/** The deps' clock, else the wall clock. */
const nowOf = (deps: AuthDeps): Date => deps.now?.() ?? new Date();

/** Only the HMAC-verified init data is trusted; every other login field is ignored. */
function verifiedUser(deps: AuthDeps, initData: string | undefined): InitDataUser {
  try {
    return verifyInitData(initData, deps.platformBotToken, {
      maxAgeS: deps.initDataMaxAgeS,
      now: nowOf(deps),
    }).user;
  } catch (err) {
    if (err instanceof InitDataError) throw new AppError(INIT_DATA_CODES[err.reason], { reason: err.reason });
    throw err;
  }
}

/** A new access token and refresh token (stored hashed, in `familyId`: a new family unless one is given). */
async function issueTokens(
  deps: AuthDeps,
  auth: AuthContext,
  familyId: string = randomUUID(),
  userAgent: string | null = null,
): Promise<TokenPair> {
  const refreshToken = randomToken();
  await repo.insertRefreshToken(deps.db, {
    vendorId: auth.vendorId,
    familyId,
    telegramId: auth.telegramId,
    role: auth.role,
    tokenHash: sha256Hex(refreshToken),
    createdAt: nowOf(deps),
    expiresAt: new Date(nowOf(deps).getTime() + LIMITS.refreshTokenTtlS * 1000),
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  // The family is the session: its id in the access token lets a revoked session's tokens be refused at once.
  const accessToken = await signAccessToken(
    { ...auth, sessionId: familyId },
    deps.jwtKey,
    LIMITS.accessTokenTtlS,
  );
  return { accessToken, refreshToken, expiresIn: LIMITS.accessTokenTtlS };
}

const vendorSummary = (identity: IdentityWithVendor): VendorSummary => ({
  id: identity.vendorId,
  storeName: identity.storeName,
  language: identity.language,
});

const storeNameOf = (user: InitDataUser) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ').trim();

/** Signs a Telegram user in, creating their vendor (role VENDOR) on first sign-in. */
export async function signInWithTelegram(
  deps: AuthDeps,
  initData: string | undefined,
  userAgent: string | null = null,
): Promise<LoginResponse> {
  const user = verifiedUser(deps, initData);
  let cancelled: string | null = null;
  const identity = await deps.db.transaction(async (tx) => {
    await deps.activatePendingSeats?.(tx, user);
    const [existing] = await repo.findIdentities(tx, user.id);
    if (existing) {
      await repo.touchIdentity(tx, existing.vendorId, user);
      // The owner signing in within the 30 days cancels the account's scheduled deletion.
      if (existing.role === 'VENDOR' && (await repo.cancelScheduledDeletion(tx, existing.vendorId))) {
        cancelled = existing.vendorId;
      }
      return existing;
    }
    return repo.insertVendorWithOwner(tx, storeNameOf(user), user);
  });
  const known = await sessionsRepo.knownUserAgents(deps.db, identity.vendorId, user.id);
  const tokens = await issueTokens(
    deps,
    { vendorId: identity.vendorId, telegramId: user.id, role: identity.role },
    undefined,
    userAgent,
  );
  if (known.length > 0 && !known.includes(userAgent?.slice(0, 500) ?? null)) {
    await deps.onNewDevice?.(identity.vendorId, describeDevice(userAgent));
  }
  if (cancelled) await deps.onDeletionCancelled?.(cancelled);
  return {
    ...tokens,
    vendor: vendorSummary(identity),
    role: identity.role,
    // Home says so, once (the web app keeps the flag until Home has shown it).
    ...(cancelled ? { deletionCancelled: true as const } : {}),
  };
}

/** Explicit registration: always role VENDOR; refused when the user already owns a vendor. */
export async function registerVendor(
  deps: AuthDeps,
  initData: string | undefined,
  storeName?: string,
): Promise<LoginResponse> {
  const user = verifiedUser(deps, initData);
  const identity = await deps.db.transaction(async (tx) => {
    const owned = (await repo.findIdentities(tx, user.id)).find((i) => i.role === 'VENDOR');
    if (owned) throw new AppError('VENDOR_ALREADY_REGISTERED');
    return repo.insertVendorWithOwner(tx, storeName ?? storeNameOf(user), user);
  });
  const tokens = await issueTokens(deps, {
    vendorId: identity.vendorId,
    telegramId: user.id,
    role: 'VENDOR',
  });
  return { ...tokens, vendor: vendorSummary(identity), role: 'VENDOR' };
}

/** Rotates a refresh token. A token used before is a sign of theft: its whole family is revoked. */
export async function refreshTokens(deps: AuthDeps, refreshToken: string): Promise<TokenPair> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repo.findRefreshTokenForUpdate(tx, sha256Hex(refreshToken));
    if (!row || row.revokedAt || row.expiresAt <= nowOf(deps)) return { ok: false as const };
    if (row.usedAt) {
      await repo.revokeFamily(tx, row.vendorId, row.familyId);
      return { ok: false as const, reused: true };
    }
    if (!(await repo.vendorExists(tx, row.vendorId))) return { ok: false as const };
    await repo.markRefreshTokenUsed(tx, row);
    return { ok: true as const, row };
  });
  if (!outcome.ok) throw new AppError('REFRESH_TOKEN_INVALID');
  const { row } = outcome;
  return issueTokens(
    deps,
    { vendorId: row.vendorId, telegramId: row.telegramId, role: row.role },
    row.familyId,
    row.userAgent,
  );
}

/** Ends the session the refresh token belongs to. Unknown tokens are ignored: logout is idempotent. */
export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findRefreshTokenForUpdate(tx, sha256Hex(refreshToken));
    if (row) await repo.revokeFamily(tx, row.vendorId, row.familyId);
  });
}

/** Whether a Telegram user is the vendor's owner or one of its staff. */
export async function isVendorMember(deps: AuthDeps, vendorId: string, telegramId: number): Promise<boolean> {
  const identities = await repo.findIdentities(deps.db, telegramId);
  return identities.some((identity) => identity.vendorId === vendorId);
}

/** Registration status, answered only to the Telegram user the init data proves. */
export async function checkStatus(
  deps: AuthDeps,
  initData: string | undefined,
): Promise<CheckStatusResponse> {
  const user = verifiedUser(deps, initData);
  const [identity] = await repo.findIdentities(deps.db, user.id);
  return {
    registered: Boolean(identity),
    data: { vendor: identity ? vendorSummary(identity) : null },
  };
}

/**
 * A person's seat in someone else's account (role STAFF), as the staff module makes it active: the identity
 * sign-in and `GET /auth/accounts` find. In the caller's transaction.
 */
export function addStaffSeat(
  tx: Tx,
  vendorId: string,
  person: { telegramId: number; name: string; username: string | null },
): Promise<void> {
  return repo.insertStaffIdentity(tx, vendorId, person);
}

/** Ends a staff seat: its identity goes and every refresh token of the person in that account is revoked. */
export function endStaffSeat(tx: Tx, vendorId: string, telegramId: number): Promise<void> {
  return repo.deleteStaffIdentity(tx, vendorId, telegramId);
}

/** The account's owner (their Telegram id): nobody may add, change or remove them as staff. */
export function ownerOf(tx: Tx | Db, vendorId: string): Promise<number | undefined> {
  return repo.ownerTelegramId(tx, vendorId);
}

/** Tokens for one of the person's accounts, which becomes the one sign-in lands in next time. */
export async function sessionFor(
  deps: AuthDeps,
  telegramId: number,
  vendorId: string,
): Promise<LoginResponse> {
  const identity = (await repo.findIdentities(deps.db, telegramId)).find((i) => i.vendorId === vendorId);
  if (!identity) throw new AppError('ACCOUNT_NOT_FOUND');
  await repo.markUsed(deps.db, vendorId, telegramId);
  const tokens = await issueTokens(deps, { vendorId, telegramId, role: identity.role });
  return { ...tokens, vendor: vendorSummary(identity), role: identity.role };
}

/** Every account the person may act for: their own store, their seats elsewhere. */
export async function listAccounts(deps: AuthDeps, auth: AuthContext): Promise<AccountsResponse> {
  const identities = await repo.findIdentities(deps.db, auth.telegramId);
  return {
    accounts: identities.map((identity) => ({
      vendor: vendorSummary(identity),
      role: identity.role,
      current: identity.vendorId === auth.vendorId,
    })),
  };
}

/** Sign-in, registration and sessions: every method bound to `deps`, safe to pass around unbound. */
export function createAuthService(deps: AuthDeps) {
  return {
    signInWithTelegram: (initData: string | undefined, userAgent?: string | null) =>
      signInWithTelegram(deps, initData, userAgent ?? null),
    register: (initData: string | undefined, storeName?: string) => registerVendor(deps, initData, storeName),
    refresh: (refreshToken: string) => refreshTokens(deps, refreshToken),
    logout: (refreshToken: string) => logout(deps, refreshToken),
    /** Whether an access token (already verified by signature) still names an existing vendor. */
    isSessionValid: (auth: AuthContext): Promise<boolean> => repo.vendorExists(deps.db, auth.vendorId),
    isVendorMember: (vendorId: string, telegramId: number) => isVendorMember(deps, vendorId, telegramId),
    /** How many staff members the vendor has, and how many were added since `since` (for Home). */
    staffCounts: (vendorId: string, since: Date) => repo.countStaff(deps.db, vendorId, since),
    checkStatus: (initData: string | undefined) => checkStatus(deps, initData),
    accounts: (auth: AuthContext) => listAccounts(deps, auth),
    /** New tokens for another of the caller's accounts (the account switcher). */
    switchAccount: (auth: AuthContext, vendorId: string) => sessionFor(deps, auth.telegramId, vendorId),
    sessionFor: (telegramId: number, vendorId: string) => sessionFor(deps, telegramId, vendorId),
    /** The account a token is for, as `GET /me` answers it; undefined once the vendor is gone. */
    vendorOf: async (vendorId: string) => {
      const row = await repo.vendorSummaryRow(deps.db, vendorId);
      return (
        row && { vendor: { id: row.id, storeName: row.storeName, language: row.language }, demo: row.isDemo }
      );
    },
    /** Verifies init data and answers the Telegram user it proves (the staff invite's acceptance). */
    verifiedUser: (initData: string | undefined) => verifiedUser(deps, initData),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
