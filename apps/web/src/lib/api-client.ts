import type { RefreshBody, TokenPair, VerifyResponse } from '@app/contracts/auth';
import type { ErrorBody } from '@app/contracts/errors';
import { LIMITS } from '@app/contracts/limits';
import { t } from '../i18n/i18n';
import { clearAuth, getTokens, getVendorId, type StoredTokens, saveTokens } from './session';

export const API_BASE = '/api/v1';

/** Every failed call rejects with this: the HTTP status and the body's `{ error: { code, message } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: Method;
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** false for the calls made before there is a session (sign-in, refresh, demo launch data). */
  auth?: boolean;
  /**
   * The shop's Mini App signs each call with the init data Telegram gave it (`Authorization: tma …`), with no
   * session of its own (`auth: false`).
   */
  initData?: string;
  /** 'text' for the body as it came (an SVG, a CSV); JSON otherwise. Files download through links. */
  responseType?: 'json' | 'text';
};

let onSessionExpired: () => void = () => {
  window.location.assign('/auth/login');
};

/** Where to go when the session cannot be renewed; the router sets this to a client-side navigation. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** Builds `/vendors/{vendor_id}{path}` for the signed-in vendor (spec part 1 §6). */
export function vendorPath(path: string): string {
  return `/vendors/${encodeURIComponent(getVendorId())}${path}`;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (options.initData) headers.Authorization = `tma ${options.initData}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', t('common.networkError'));
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = value.error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.error.code, body.error.message, body.error.details);
  }
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    response.statusText || t('common.requestFailed'),
  );
}

async function readBody<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (responseType === 'text') return text as T;
  return (text ? JSON.parse(text) : undefined) as T;
}

export const SESSION_EXPIRED = 'SESSION_EXPIRED';

function sessionExpiredError(): ApiError {
  return new ApiError(401, SESSION_EXPIRED, t('auth.error.sessionExpired'));
}

export function isSessionExpired(error: unknown): boolean {
  return isApiError(error) && error.code === SESSION_EXPIRED;
}

function endSession(): ApiError {
  stopTokenRefreshTimer();
  clearAuth();
  return sessionExpiredError();
}

/** Ends the session and tells the app (which goes to /auth/login); returns the error to throw. */
function expireSession(): ApiError {
  const error = endSession();
  onSessionExpired();
  return error;
}

function isExpiring(tokens: StoredTokens, now = Date.now()): boolean {
  return tokens.expiresAt - now <= LIMITS.refreshBeforeExpiryS * 1000;
}

// A refresh token is single-use (it rotates, and reusing one revokes its family), so every caller that needs
// a new access token at the same time must share one refresh request.
let refreshInFlight: Promise<string> | null = null;

async function runRefresh(refreshToken: string): Promise<string> {
  try {
    const body: RefreshBody = { refreshToken };
    const pair = await apiRequest<TokenPair>('/auth/refresh', { method: 'POST', body, auth: false });
    saveTokens(pair);
    scheduleTokenRefresh();
    return pair.accessToken;
  } catch (error) {
    // The server refused the refresh token: the session is over. A network failure is not a refusal, so the
    // session is kept for the next attempt.
    if (isApiError(error) && error.status >= 400 && error.status < 500) throw endSession();
    throw error;
  }
}

/**
 * Resolves to a usable access token, refreshing at most once however many callers ask at the same time.
 * `staleToken` is the token a caller saw rejected: if the stored one is already newer (another request or tab
 * refreshed meanwhile), that one is returned without a new refresh. Rejects with SESSION_EXPIRED (and
 * clears the session) when the server refuses the refresh token; it does not navigate anywhere.
 */
export function refreshAccessToken(staleToken?: string): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const stored = getTokens();
  if (!stored) return Promise.reject(endSession());
  if (staleToken !== undefined && stored.accessToken !== staleToken && !isExpiring(stored)) {
    return Promise.resolve(stored.accessToken);
  }
  refreshInFlight = runRefresh(stored.refreshToken).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function getAccessToken(): Promise<string | null> {
  const stored = getTokens();
  if (!stored) return null;
  if (!isExpiring(stored)) return stored.accessToken;
  try {
    return await refreshAccessToken();
  } catch (error) {
    if (isSessionExpired(error)) {
      onSessionExpired();
      throw error;
    }
    // Offline but the token has not quite expired yet: try with it rather than fail early.
    if (isApiError(error) && error.status === 0 && stored.expiresAt > Date.now()) return stored.accessToken;
    throw error;
  }
}

/**
 * The one way the app talks to the server. Authenticated calls carry the Bearer token, refresh it shortly
 * before it expires, and on a 401 refresh once and retry once; when that fails the session is cleared and
 * the app goes to /auth/login.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  const token = useAuth ? await getAccessToken() : null;
  let response = await send(path, options, token);

  if (response.status === 401 && useAuth) {
    if (!token) throw expireSession();
    const fresh = await refreshAccessToken(token).catch((error: unknown) => {
      if (isSessionExpired(error)) onSessionExpired();
      throw error;
    });
    response = await send(path, options, fresh);
    if (response.status === 401) throw expireSession();
  }

  if (!response.ok) throw await toApiError(response);
  return readBody<T>(response, options.responseType);
}

export type UploadOptions = {
  query?: RequestOptions['query'];
  signal?: AbortSignal;
  /** Called as the body goes out, with the share sent so far (0–100, whole numbers). */
  onProgress?: (percent: number) => void;
};

type RawResponse = { status: number; statusText: string; body: unknown };

// fetch cannot report upload progress; XMLHttpRequest's upload events can, so files go through it.
function sendForm(
  path: string,
  form: FormData,
  options: UploadOptions,
  token: string | null,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, body });
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', t('common.networkError')));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/**
 * Sends a multipart form (a file upload) with the same session handling as apiRequest: the Bearer token,
 * refreshed when due, one refresh-and-retry on a 401. Reports real upload progress through `onProgress`.
 */
export async function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const token = await getAccessToken();
  let response = await sendForm(path, form, options, token);
  if (response.status === 401) {
    if (!token) throw expireSession();
    const fresh = await refreshAccessToken(token).catch((error: unknown) => {
      if (isSessionExpired(error)) onSessionExpired();
      throw error;
    });
    options.onProgress?.(0);
    response = await sendForm(path, form, options, fresh);
    if (response.status === 401) throw expireSession();
  }
  if (response.status < 200 || response.status >= 300) {
    if (isErrorBody(response.body)) {
      const { code, message, details } = response.body.error;
      throw new ApiError(response.status, code, message, details);
    }
    throw new ApiError(
      response.status,
      `HTTP_${response.status}`,
      response.statusText || t('common.requestFailed'),
    );
  }
  return response.body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  upload: <T>(path: string, form: FormData, options?: UploadOptions) => apiUpload<T>(path, form, options),
};

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Arms a timer that refreshes the access token five minutes before it expires. */
export function scheduleTokenRefresh(): void {
  stopTokenRefreshTimer();
  const stored = getTokens();
  if (!stored) return;
  const delay = Math.max(0, stored.expiresAt - LIMITS.refreshBeforeExpiryS * 1000 - Date.now());
  refreshTimer = setTimeout(() => {
    refreshAccessToken().catch((error: unknown) => {
      // A network failure is left to the next request, which tries again.
      if (isSessionExpired(error)) onSessionExpired();
    });
  }, delay);
}

export function stopTokenRefreshTimer(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

/** GET /auth/verify: is the stored session still accepted by the server? */
export async function verifySession(): Promise<boolean> {
  const result = await api.get<VerifyResponse>('/auth/verify');
  return result.valid;
}

/** Revokes the refresh token on the server (best effort) and forgets the session locally. */
export async function logout(): Promise<void> {
  const stored = getTokens();
  stopTokenRefreshTimer();
  if (stored) {
    const body: RefreshBody = { refreshToken: stored.refreshToken };
    // Sent directly, not through apiRequest: a 401 here must not start a refresh or a redirect.
    await send('/auth/logout', { method: 'POST', body }, stored.accessToken).catch(() => undefined);
  }
  clearAuth();
}
