/**
 * Signing in with the Telegram identity (spec part 1 §1, §4, §7): store the user, look the vendor up, then
 * reuse the stored session or log in with the init data; afterwards check the session every 5 minutes.
 */
import type {
  CheckStatusBody,
  CheckStatusResponse,
  LoginResponse,
  TelegramLoginBody,
} from '@app/contracts/auth';
import { LIMITS } from '@app/contracts/limits';
import { setLocale, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import {
  api,
  isApiError,
  isSessionExpired,
  refreshAccessToken,
  scheduleTokenRefresh,
  verifySession,
} from './api-client';
import { type DescribeErrorOptions, errorMessageKey } from './describe-error';
import {
  clearAuth,
  getTelegramUserId,
  getTokens,
  hasRealVendorId,
  saveLogin,
  saveTelegramUser,
  setVendorId,
} from './session';
import { createStore } from './store';
import { showAlert } from './telegram/bridge';
import type { TelegramUser } from './telegram/state';

export type TelegramIdentity = { initData: string; user: TelegramUser };

export type AuthStatus = 'idle' | 'signing-in' | 'signed-in' | 'signed-out';
/** `error`: why the user is signed out, as a catalogue key (shown on the sign-in screen). */
export type AuthState = { status: AuthStatus; error: MessageKey | null };

const authStore = createStore<AuthState>({ status: 'idle', error: null });
const setAuthState = authStore.set;
export const getAuthState = authStore.get;
export const useAuthState = authStore.use;

type TelegramUserJson = {
  id?: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
};

function parseUserJson(json: string | null): TelegramUserJson {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as TelegramUserJson) : {};
  } catch {
    return {};
  }
}

/** The login payload of spec §3, read from the raw init data. Only init_data is trusted by the server. */
export function buildLoginBody(initData: string): TelegramLoginBody {
  const params = new URLSearchParams(initData);
  const userJson = params.get('user');
  const user = parseUserJson(userJson);
  const authDate = Number(params.get('auth_date'));
  return {
    init_data: initData,
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    photo_url: user.photo_url,
    auth_date: Number.isFinite(authDate) && authDate > 0 ? authDate : undefined,
    hash: params.get('hash') ?? undefined,
    user_json: userJson ?? undefined,
  };
}

/** Looks the vendor up; stores its id, or 'default-vendor-id' when not registered or on any failure. */
export async function checkRegistration(identity: TelegramIdentity): Promise<void> {
  const body: CheckStatusBody = { init_data: identity.initData, telegramId: identity.user.id };
  try {
    const result = await api.post<CheckStatusResponse>('/registration/check-status', body, { auth: false });
    setVendorId(result.registered ? (result.data.vendor?.id ?? null) : null);
    // The language the vendor chose in their profile wins over Telegram's (ARCHITECTURE.md "Web app text").
    void setLocale(result.data.vendor?.language, identity.user.languageCode);
  } catch {
    setVendorId(null);
  }
}

export async function loginWithTelegram(initData: string): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('/auth/telegram', buildLoginBody(initData), { auth: false });
  saveLogin(response);
  // This sign-in cancelled the account's scheduled deletion (its bots run again): said once, as Home opens.
  if (response.deletionCancelled) void showAlert(t('home.deletionCancelled'));
  return response;
}

// A stored session is worth keeping when its refresh token still works and it names a real vendor.
async function resumeStoredSession(): Promise<boolean> {
  const tokens = getTokens();
  if (!tokens || !hasRealVendorId()) return false;
  if (tokens.expiresAt - Date.now() > LIMITS.refreshBeforeExpiryS * 1000) return true;
  try {
    await refreshAccessToken();
    return true;
  } catch (error) {
    if (isSessionExpired(error)) return false;
    throw error;
  }
}

let lastIdentity: TelegramIdentity | null = null;
let pendingSignIn: Promise<boolean> | null = null;

/**
 * Signs in with the Telegram identity; resolves to true when signed in. `fresh` skips the stored session
 * (used when the server says the session is no longer valid).
 */
export function signIn(
  identity: TelegramIdentity,
  options: { fresh?: boolean; inviteToken?: string } = {},
): Promise<boolean> {
  pendingSignIn ??= runSignIn(identity, options.fresh ?? false, options.inviteToken).finally(() => {
    pendingSignIn = null;
  });
  return pendingSignIn;
}

/** The invite codes that stop the sign-in, each with what the person is told. */
const INVITE_REFUSALS = {
  INVITE_WRONG_ACCOUNT: 'staff.invite.accept.wrongAccount',
  INVITE_EXPIRED: 'staff.invite.accept.expired',
} as const satisfies DescribeErrorOptions['codes'];

/**
 * Opened from a team invite (`startapp=invite_<token>`): takes the seat with this Telegram account and signs in
 * to that account. True when it did; false when the link was used already (the seat may well be theirs: the
 * ordinary sign-in follows). A link for another account, or an expired one, stops the sign-in with its reason.
 */
async function acceptInvite(identity: TelegramIdentity, token: string): Promise<boolean> {
  try {
    const response = await api.post<LoginResponse>(
      '/staff-invites/accept',
      { init_data: identity.initData, token },
      { auth: false },
    );
    saveLogin(response);
    void setLocale(response.vendor.language, identity.user.languageCode);
    return true;
  } catch (error) {
    if (isApiError(error) && error.code === 'INVITE_NOT_FOUND') return false;
    throw error;
  }
}

async function runSignIn(identity: TelegramIdentity, fresh: boolean, inviteToken?: string): Promise<boolean> {
  lastIdentity = identity;
  setAuthState({ status: 'signing-in', error: null });
  try {
    // Another Telegram account signed in on this device before: its session is not this user's.
    if (getTelegramUserId() !== String(identity.user.id)) clearAuth();
    saveTelegramUser({
      id: identity.user.id,
      username: identity.user.username,
      firstName: identity.user.firstName,
    });
    const joined = inviteToken ? await acceptInvite(identity, inviteToken) : false;
    if (!joined) await checkRegistration(identity);
    if (!joined && (fresh || !(await resumeStoredSession()))) await loginWithTelegram(identity.initData);
    scheduleTokenRefresh();
    startVerifyLoop();
    setAuthState({ status: 'signed-in', error: null });
    return true;
  } catch (error) {
    setAuthState({ status: 'signed-out', error: describeSignInError(error) });
    return false;
  }
}

/** Why signing in failed, as the key the sign-in screen shows: the server refused the identity (401), or else. */
const SIGN_IN_ERRORS = {
  NETWORK_ERROR: 'common.networkError',
  UNAUTHENTICATED: 'auth.error.refused',
  INIT_DATA_INVALID: 'auth.error.refused',
  TOKEN_INVALID: 'auth.error.refused',
  REFRESH_TOKEN_INVALID: 'auth.error.refused',
  SESSION_EXPIRED: 'auth.error.refused',
} as const satisfies DescribeErrorOptions['codes'];

const describeSignInError = (error: unknown) =>
  errorMessageKey(error, { codes: { ...SIGN_IN_ERRORS, ...INVITE_REFUSALS }, fallback: 'auth.error.failed' });

/** What the sign-in screen is sent with: where the user was, and why they were sent (shown as its error). */
export type SignInState = { from?: string; reason?: MessageKey };

/** Called when the API client gave up on the session: the app shows the sign-in screen. */
export function markSignedOut(reason: MessageKey | null = null): void {
  stopVerifyLoop();
  setAuthState({ status: 'signed-out', error: reason });
}

let verifyTimer: ReturnType<typeof setInterval> | undefined;

function startVerifyLoop(): void {
  stopVerifyLoop();
  verifyTimer = setInterval(() => {
    void verifyOrSignInAgain();
  }, LIMITS.verifyEveryMs);
}

function stopVerifyLoop(): void {
  if (verifyTimer !== undefined) clearInterval(verifyTimer);
  verifyTimer = undefined;
}

async function verifyOrSignInAgain(): Promise<void> {
  try {
    if (await verifySession()) return;
  } catch {
    // Offline: check again next time. A refused session has already been handled by the API client.
    return;
  }
  if (lastIdentity) await signIn(lastIdentity, { fresh: true });
}
