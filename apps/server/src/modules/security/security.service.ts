import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  type BiometricBound,
  type BiometricDevice,
  type SecurityOverview,
  type StepUpResponse,
  type TwoStepEnabled,
  type TwoStepSetup,
} from '@app/contracts/account';
import type { Db, Tx } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/jwt';
import type { Secrets } from '../../lib/secrets';
import { randomToken, sha256Hex } from '../../lib/secrets';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';
import { describeDevice, type SessionsService } from '../auth/sessions.service';
import * as repo from './security.repository';

export type SecurityDeps = {
  db: Db;
  secrets: Pick<Secrets, 'encrypt' | 'decrypt'>;
  sessions: Pick<SessionsService, 'list'>;
  /** Told after two-step confirmation is turned off (a security notification). */
  onTwoStepDisabled?: (actor: Actor) => Promise<void> | void;
  now?: () => Date;
};

/** The caller, as far as two-step confirmation goes: a person in an account, in one session. */
export type StepUpCaller = Pick<AuthContext, 'vendorId' | 'telegramId' | 'sessionId'>;

const nowOf = (deps: SecurityDeps): Date => deps.now?.() ?? new Date();
const ISSUER = 'Bot Shop';

/** Recovery codes compare without case, spaces or dashes: "ab12c-d34ef" = "AB12CD34EF". */
const recoveryHash = (code: string) => sha256Hex(code.replace(/[\s-]/g, '').toLowerCase());
const newRecoveryCode = () => {
  const raw = randomBytes(6).toString('hex').slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

type Checked = { ok: true } | { error: 'TWO_STEP_CODE_INVALID' | 'BIOMETRIC_TOKEN_INVALID' };

/**
 * Runs one credential check under the person's wrong-code limit: 5 wrong ones (codes or biometric secrets alike)
 * in a quarter hour, then TWO_STEP_LOCKED until the window ends. `check` runs with the two-step row locked and
 * answers ok (the count is reset) or the error to count and throw.
 * `pending`: the credential proves a secret being set up (turning two-step on) rather than one already on.
 */
async function guardedCheck(
  deps: SecurityDeps,
  who: StepUpCaller,
  check: (tx: Tx, row: repo.TwoStepRow, now: Date) => Promise<Checked>,
  opts: { pending?: boolean } = {},
): Promise<void> {
  const now = nowOf(deps);
  const windowMs = ACCOUNT_LIMITS.wrongCodesWindowS * 1000;
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await repo.findTwoStepForUpdate(tx, who.vendorId, who.telegramId);
    if (!row) return { error: 'TWO_STEP_NOT_SET_UP' as const };
    if (opts.pending ? row.enabledAt : !row.enabledAt) {
      return { error: opts.pending ? ('TWO_STEP_ALREADY_ON' as const) : ('TWO_STEP_OFF' as const) };
    }
    const windowOpen = row.failuresSince && now.getTime() - row.failuresSince.getTime() < windowMs;
    const failures = windowOpen ? row.failures : 0;
    if (failures >= ACCOUNT_LIMITS.wrongCodesMax && row.failuresSince) {
      const retryAfterS = Math.ceil((row.failuresSince.getTime() + windowMs - now.getTime()) / 1000);
      return { error: 'TWO_STEP_LOCKED' as const, retryAfterS };
    }
    const checked = await check(tx, row, now);
    if ('ok' in checked) {
      if (row.failures !== 0) {
        await repo.updateTwoStep(tx, who.vendorId, who.telegramId, { failures: 0, failuresSince: null });
      }
      return checked;
    }
    // Counted in this committed transaction: the refusal is thrown after it, so it does not roll the count back.
    await repo.updateTwoStep(tx, who.vendorId, who.telegramId, {
      failures: failures + 1,
      failuresSince: windowOpen ? row.failuresSince : now,
    });
    return checked;
  });
  if ('ok' in outcome) return;
  throw new AppError(
    outcome.error,
    'retryAfterS' in outcome ? { retryAfterS: outcome.retryAfterS } : undefined,
  );
}

/**
 * Checks a code (the authenticator's six digits, or a recovery code, which is then used up) against the
 * person's secret, under the wrong-code limit (`guardedCheck`).
 */
function checkCode(deps: SecurityDeps, who: StepUpCaller, code: string, opts: { pending?: boolean } = {}) {
  return guardedCheck(
    deps,
    who,
    async (tx, row, now): Promise<Checked> => {
      const step = matchTotp(deps.secrets.decrypt(row.secretSealed), code, now, row.lastStep);
      if (step !== null) {
        await repo.updateTwoStep(tx, who.vendorId, who.telegramId, { lastStep: step });
        return { ok: true };
      }
      const hash = recoveryHash(code);
      if (!opts.pending && row.recoveryHashes.includes(hash)) {
        await repo.updateTwoStep(tx, who.vendorId, who.telegramId, {
          recoveryHashes: row.recoveryHashes.filter((h) => h !== hash),
        });
        return { ok: true };
      }
      return { error: 'TWO_STEP_CODE_INVALID' };
    },
    opts,
  );
}

/** Whether the person has two-step confirmation on. */
async function isOn(deps: SecurityDeps, who: StepUpCaller): Promise<boolean> {
  const row = await repo.findTwoStep(deps.db, who.vendorId, who.telegramId);
  return Boolean(row?.enabledAt);
}

/** Until when the session's last step-up lets sensitive actions through; null when none is fresh. */
async function stepUpUntil(deps: SecurityDeps, who: StepUpCaller): Promise<Date | null> {
  if (!who.sessionId) return null;
  const row = await repo.findStepUp(deps.db, who.vendorId, who.sessionId);
  if (!row) return null;
  const until = new Date(row.verifiedAt.getTime() + ACCOUNT_LIMITS.stepUpTtlS * 1000);
  return until > nowOf(deps) ? until : null;
}

/**
 * THE step-up check of every sensitive action (issue 21: creating an API key, changing payout details, revealing
 * or replacing a bot token, changing a staff member's role, exporting data, deleting a bot or the account).
 * Passes when the caller has two-step confirmation off, or gave a code in this session within 10 minutes
 * (`POST /vendors/{id}/security/step-up`); otherwise 403 STEP_UP_REQUIRED, and nothing has changed.
 * Routes ask for it with `config: { stepUp: true }` (plugins/step-up.ts); a service may call it directly.
 */
export async function requireStepUp(deps: SecurityDeps, who: StepUpCaller): Promise<void> {
  if (!(await isOn(deps, who))) return;
  if (!(await stepUpUntil(deps, who))) throw new AppError('STEP_UP_REQUIRED');
}

/** Gives a code for this session: sensitive actions pass for 10 minutes. */
export async function stepUp(deps: SecurityDeps, who: StepUpCaller, code: string): Promise<StepUpResponse> {
  if (!who.sessionId) throw new AppError('SESSION_NOT_FOUND');
  await checkCode(deps, who, code);
  return recordStepUp(deps, who.vendorId, who.sessionId);
}

/** The session's step-up, however it was proven (a code or a bound device's biometric secret). */
async function recordStepUp(
  deps: SecurityDeps,
  vendorId: string,
  sessionId: string,
): Promise<StepUpResponse> {
  const at = nowOf(deps);
  await repo.putStepUp(deps.db, vendorId, sessionId, at);
  return { validUntil: new Date(at.getTime() + ACCOUNT_LIMITS.stepUpTtlS * 1000).toISOString() };
}

// --- Biometric step-up (Telegram's BiometricManager) ---------------------------------------------------------
// Binding makes a random secret that the device keeps behind Face ID / fingerprint (updateBiometricToken); a
// step-up on that device sends the secret the biometric prompt released. The server keeps only its SHA-256 and
// compares in constant time: the client saying "authenticated" proves nothing without the secret.

const biometricHash = (token: string) => sha256Hex(token);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const toBiometricDevice = (row: repo.BiometricDeviceRow): BiometricDevice => ({
  id: row.id,
  deviceId: row.deviceId,
  device: row.device,
  platform: row.platform,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Binds this device for biometric step-up (the route asks for a fresh step-up first: binding is a way around
 * the code). Only while two-step confirmation is on; binding the same device again replaces its secret.
 * Answers the secret once, for BiometricManager.updateBiometricToken.
 */
export async function bindBiometric(
  deps: SecurityDeps,
  who: StepUpCaller,
  deviceId: string,
  userAgent: string | null,
): Promise<BiometricBound> {
  if (!(await isOn(deps, who))) throw new AppError('TWO_STEP_OFF');
  const token = randomToken(32);
  const row = await repo.putBiometricDevice(deps.db, {
    vendorId: who.vendorId,
    telegramId: who.telegramId,
    deviceId,
    tokenHash: biometricHash(token),
    ...describeDevice(userAgent),
    createdAt: nowOf(deps),
  });
  return { device: toBiometricDevice(row), token };
}

/** Removes one of the caller's bound devices; another person's is not found. */
export async function unbindBiometric(deps: SecurityDeps, who: StepUpCaller, id: string): Promise<void> {
  const removed = await repo.deleteBiometricDevice(deps.db, who.vendorId, who.telegramId, id);
  if (!removed) throw new AppError('BIOMETRIC_DEVICE_NOT_FOUND');
}

/**
 * A step-up by Face ID / fingerprint: the secret released on `deviceId` must match the one bound there by this
 * same person. A wrong secret, or a device this person has not bound, counts as a wrong code.
 */
export async function biometricStepUp(
  deps: SecurityDeps,
  who: StepUpCaller,
  deviceId: string,
  token: string,
): Promise<StepUpResponse> {
  if (!who.sessionId) throw new AppError('SESSION_NOT_FOUND');
  await guardedCheck(deps, who, async (tx, _row, now): Promise<Checked> => {
    const device = await repo.findBiometricDevice(tx, who.vendorId, who.telegramId, deviceId);
    if (!device || !sameHash(device.tokenHash, biometricHash(token)))
      return { error: 'BIOMETRIC_TOKEN_INVALID' };
    await repo.touchBiometricDevice(tx, who.vendorId, device.id, now);
    return { ok: true };
  });
  return recordStepUp(deps, who.vendorId, who.sessionId);
}

/** A new secret to scan (shown once); two-step stays off until a code from it is given (`enable`). */
export async function setUpTwoStep(deps: SecurityDeps, who: StepUpCaller): Promise<TwoStepSetup> {
  if (await isOn(deps, who)) throw new AppError('TWO_STEP_ALREADY_ON');
  const secret = newTotpSecret();
  await repo.putPendingSecret(deps.db, who.vendorId, who.telegramId, deps.secrets.encrypt(secret));
  const otpauthUrl = otpauthUri(secret, ISSUER, String(who.telegramId));
  const { default: QRCode } = await import('qrcode'); // loaded on first use, not held by an idle server
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauthUrl,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Turns two-step on with a code of the secret being set up; answers the 10 recovery codes, shown once. */
export async function enableTwoStep(
  deps: SecurityDeps,
  who: StepUpCaller,
  code: string,
): Promise<TwoStepEnabled> {
  await checkCode(deps, who, code, { pending: true });
  const recoveryCodes = Array.from({ length: ACCOUNT_LIMITS.recoveryCodes }, newRecoveryCode);
  const at = nowOf(deps);
  await repo.updateTwoStep(deps.db, who.vendorId, who.telegramId, {
    enabledAt: at,
    recoveryHashes: recoveryCodes.map(recoveryHash),
  });
  // The code just given counts as this session's step-up.
  if (who.sessionId) await repo.putStepUp(deps.db, who.vendorId, who.sessionId, at);
  return { recoveryCodes };
}

/** Turns two-step off; needs a code (or a recovery code). A security notification follows. */
export async function disableTwoStep(deps: SecurityDeps, actor: Actor, who: StepUpCaller, code: string) {
  await checkCode(deps, who, code);
  // Devices were bound under two-step: they go with it (binding again needs it on again).
  await deps.db.transaction(async (tx) => {
    await repo.deleteTwoStep(tx, who.vendorId, who.telegramId);
    await repo.deleteBiometricDevices(tx, who.vendorId, who.telegramId);
  });
  await deps.onTwoStepDisabled?.(actor);
}

/** GET /vendors/{id}/security: two-step's state and the caller's sessions. */
export async function securityOverview(
  deps: SecurityDeps,
  actor: Actor,
  who: StepUpCaller,
): Promise<SecurityOverview> {
  const [row, until, sessions, devices] = await Promise.all([
    repo.findTwoStep(deps.db, who.vendorId, who.telegramId),
    stepUpUntil(deps, who),
    deps.sessions.list(actor, who.sessionId),
    repo.listBiometricDevices(deps.db, who.vendorId, who.telegramId),
  ]);
  return {
    twoStep: {
      enabled: Boolean(row?.enabledAt),
      recoveryCodesLeft: row?.enabledAt ? row.recoveryHashes.length : 0,
      stepUpUntil: until?.toISOString() ?? null,
    },
    sessions,
    biometricDevices: devices.map(toBiometricDevice),
  };
}

/** Two-step confirmation (TOTP) and the step-up check of sensitive actions: every method bound to `deps`. */
export function createSecurityService(deps: SecurityDeps) {
  return {
    overview: (actor: Actor, who: StepUpCaller) => securityOverview(deps, actor, who),
    setUpTwoStep: (who: StepUpCaller) => setUpTwoStep(deps, who),
    enableTwoStep: (who: StepUpCaller, code: string) => enableTwoStep(deps, who, code),
    disableTwoStep: (actor: Actor, who: StepUpCaller, code: string) => disableTwoStep(deps, actor, who, code),
    stepUp: (who: StepUpCaller, code: string) => stepUp(deps, who, code),
    bindBiometric: (who: StepUpCaller, deviceId: string, userAgent: string | null) =>
      bindBiometric(deps, who, deviceId, userAgent),
    unbindBiometric: (who: StepUpCaller, id: string) => unbindBiometric(deps, who, id),
    biometricStepUp: (who: StepUpCaller, deviceId: string, token: string) =>
      biometricStepUp(deps, who, deviceId, token),
    /** Whether the person has two-step confirmation on. */
    isOn: (who: StepUpCaller) => isOn(deps, who),
    /** See `requireStepUp`: the one check every sensitive action makes. */
    requireStepUp: (who: StepUpCaller) => requireStepUp(deps, who),
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
