import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  type SecurityOverview,
  type StepUpResponse,
  type TwoStepEnabled,
  type TwoStepSetup,
} from '@app/contracts/account';
import type { Db } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/jwt';
import type { Secrets } from '../../lib/secrets';
import { sha256Hex } from '../../lib/secrets';
import { matchTotp, newTotpSecret, otpauthUri } from '../../lib/totp';
import type { SessionsService } from '../auth/sessions.service';
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

/**
 * Checks a code (the authenticator's six digits, or a recovery code, which is then used up) against the
 * person's secret. Wrong codes are limited: 5 in a quarter hour, then TWO_STEP_LOCKED until the window ends.
 * `pending`: the code proves a secret being set up (turning two-step on) rather than one already on.
 */
async function checkCode(
  deps: SecurityDeps,
  who: StepUpCaller,
  code: string,
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
    const step = matchTotp(deps.secrets.decrypt(row.secretSealed), code, now, row.lastStep);
    if (step !== null) {
      await repo.updateTwoStep(tx, who.vendorId, who.telegramId, {
        lastStep: step,
        failures: 0,
        failuresSince: null,
      });
      return { ok: true as const };
    }
    const hash = recoveryHash(code);
    if (!opts.pending && row.recoveryHashes.includes(hash)) {
      await repo.updateTwoStep(tx, who.vendorId, who.telegramId, {
        recoveryHashes: row.recoveryHashes.filter((h) => h !== hash),
        failures: 0,
        failuresSince: null,
      });
      return { ok: true as const };
    }
    // Counted in its own committed write: the refusal below must not roll it back.
    await repo.updateTwoStep(tx, who.vendorId, who.telegramId, {
      failures: failures + 1,
      failuresSince: windowOpen ? row.failuresSince : now,
    });
    return { error: 'TWO_STEP_CODE_INVALID' as const };
  });
  if ('ok' in outcome) return;
  throw new AppError(
    outcome.error,
    'retryAfterS' in outcome ? { retryAfterS: outcome.retryAfterS } : undefined,
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
  const at = nowOf(deps);
  await repo.putStepUp(deps.db, who.vendorId, who.sessionId, at);
  return { validUntil: new Date(at.getTime() + ACCOUNT_LIMITS.stepUpTtlS * 1000).toISOString() };
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
  await repo.deleteTwoStep(deps.db, who.vendorId, who.telegramId);
  await deps.onTwoStepDisabled?.(actor);
}

/** GET /vendors/{id}/security: two-step's state and the caller's sessions. */
export async function securityOverview(
  deps: SecurityDeps,
  actor: Actor,
  who: StepUpCaller,
): Promise<SecurityOverview> {
  const [row, until, sessions] = await Promise.all([
    repo.findTwoStep(deps.db, who.vendorId, who.telegramId),
    stepUpUntil(deps, who),
    deps.sessions.list(actor, who.sessionId),
  ]);
  return {
    twoStep: {
      enabled: Boolean(row?.enabledAt),
      recoveryCodesLeft: row?.enabledAt ? row.recoveryHashes.length : 0,
      stepUpUntil: until?.toISOString() ?? null,
    },
    sessions,
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
    /** Whether the person has two-step confirmation on. */
    isOn: (who: StepUpCaller) => isOn(deps, who),
    /** See `requireStepUp`: the one check every sensitive action makes. */
    requireStepUp: (who: StepUpCaller) => requireStepUp(deps, who),
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
