// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLocale, setLocale } from '../i18n/i18n';
import { json, MemoryStorage, stubFetch } from '../test/fake-server';
import { setSessionExpiredHandler, stopTokenRefreshTimer } from './api-client';
import { buildLoginBody, getAuthState, markSignedOut, signIn } from './auth';
import { getTokens, getVendorId, SESSION_KEYS, saveTelegramUser, saveTokens, setVendorId } from './session';

// The public example from the @tma.js documentation (SECURITY.md).
const INIT_DATA =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
const IDENTITY = {
  initData: INIT_DATA,
  user: { id: 279058397, firstName: 'Vladislav', username: 'vdkfrost' },
};
const VENDOR = { id: '0b5c1c9e-6a55-4b55-9a43-7d2f8f6b2a10', storeName: 'Vlad Shop', language: null };
const LOGIN = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresIn: 900,
  vendor: VENDOR,
  role: 'VENDOR',
};

function server(overrides: Record<string, () => Response> = {}) {
  return stubFetch(({ path }) => {
    const override = overrides[path];
    if (override) return override();
    if (path === '/api/v1/registration/check-status')
      return json({ registered: true, data: { vendor: VENDOR } });
    if (path === '/api/v1/auth/telegram') return json(LOGIN);
    if (path === '/api/v1/auth/refresh')
      return json({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  setSessionExpiredHandler(() => undefined);
  markSignedOut();
});

afterEach(async () => {
  await setLocale('en');
  markSignedOut();
  stopTokenRefreshTimer();
  vi.unstubAllGlobals();
});

describe('buildLoginBody', () => {
  it('carries the raw init data and the fields of spec §3 read from it', () => {
    expect(buildLoginBody(INIT_DATA)).toEqual({
      init_data: INIT_DATA,
      id: 279058397,
      first_name: 'Vladislav',
      last_name: 'Kibenko',
      username: 'vdkfrost',
      photo_url: undefined,
      auth_date: 1662771648,
      hash: 'c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2',
      user_json:
        '{"id":279058397,"first_name":"Vladislav","last_name":"Kibenko","username":"vdkfrost","language_code":"ru","is_premium":true}',
    });
  });
});

// A language other than English is its own chunk, which vitest transforms on first use: slow on a busy machine.
const LANGUAGE_LOADED = { timeout: 10_000 };

describe('signIn', () => {
  it("speaks the language of the vendor's profile rather than Telegram's", async () => {
    server({
      '/api/v1/registration/check-status': () =>
        json({ registered: true, data: { vendor: { ...VENDOR, language: 'de' } } }),
    });

    await signIn({ ...IDENTITY, user: { ...IDENTITY.user, languageCode: 'fr' } });

    await vi.waitFor(() => expect(getLocale()).toBe('de'), LANGUAGE_LOADED);
  });

  it("speaks Telegram's language while the profile names none", async () => {
    server();

    await signIn({ ...IDENTITY, user: { ...IDENTITY.user, languageCode: 'fr' } });

    await vi.waitFor(() => expect(getLocale()).toBe('fr'), LANGUAGE_LOADED);
  });

  it('says once, in a popup, that the sign-in cancelled the account deletion', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    server({ '/api/v1/auth/telegram': () => json({ ...LOGIN, deletionCancelled: true }) });

    await signIn(IDENTITY);

    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Account deletion cancelled; bots restarted.'));
  });

  it('shows no popup for an ordinary sign-in', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    server();

    await signIn(IDENTITY);

    expect(alert).not.toHaveBeenCalled();
  });

  it('stores the Telegram user, looks the vendor up and logs in', async () => {
    const calls = server();

    await expect(signIn(IDENTITY)).resolves.toBe(true);

    expect(calls.map((call) => call.path)).toEqual([
      '/api/v1/registration/check-status',
      '/api/v1/auth/telegram',
    ]);
    expect(calls[0]?.body).toEqual({ init_data: INIT_DATA, telegramId: 279058397 });
    expect(localStorage.getItem(SESSION_KEYS.telegramUserId)).toBe('279058397');
    expect(localStorage.getItem(SESSION_KEYS.telegramFirstName)).toBe('Vladislav');
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBe('access-1');
    expect(localStorage.getItem(SESSION_KEYS.role)).toBe('VENDOR');
    expect(getVendorId()).toBe(VENDOR.id);
    expect(getAuthState().status).toBe('signed-in');
  });

  it("stores 'default-vendor-id' when the vendor lookup fails", async () => {
    server({
      '/api/v1/registration/check-status': () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500),
      '/api/v1/auth/telegram': () => json({ error: { code: 'INIT_DATA_INVALID', message: 'x' } }, 401),
    });

    await expect(signIn(IDENTITY)).resolves.toBe(false);

    expect(getVendorId()).toBe('default-vendor-id');
    expect(getAuthState().status).toBe('signed-out');
  });

  it('reuses a stored session after a reload without logging in again', async () => {
    saveTelegramUser({ id: 279058397 });
    setVendorId(VENDOR.id);
    saveTokens({ accessToken: 'stored', refreshToken: 'stored-refresh', expiresIn: 600 });
    const calls = server();

    await expect(signIn(IDENTITY)).resolves.toBe(true);

    expect(calls.map((call) => call.path)).toEqual(['/api/v1/registration/check-status']);
    expect(getTokens()?.accessToken).toBe('stored');
  });

  it('renews an expired stored session with its refresh token rather than logging in', async () => {
    saveTelegramUser({ id: 279058397 });
    setVendorId(VENDOR.id);
    saveTokens({ accessToken: 'stored', refreshToken: 'stored-refresh', expiresIn: -60 });
    const calls = server();

    await expect(signIn(IDENTITY)).resolves.toBe(true);

    expect(calls.map((call) => call.path)).toEqual([
      '/api/v1/registration/check-status',
      '/api/v1/auth/refresh',
    ]);
    expect(getTokens()?.accessToken).toBe('access-2');
  });

  it('logs in again when the stored refresh token is refused', async () => {
    saveTelegramUser({ id: 279058397 });
    setVendorId(VENDOR.id);
    saveTokens({ accessToken: 'stored', refreshToken: 'revoked', expiresIn: -60 });
    const calls = server({
      '/api/v1/auth/refresh': () => json({ error: { code: 'REFRESH_TOKEN_INVALID', message: 'x' } }, 401),
    });

    await expect(signIn(IDENTITY)).resolves.toBe(true);

    expect(calls.map((call) => call.path)).toEqual([
      '/api/v1/registration/check-status',
      '/api/v1/auth/refresh',
      '/api/v1/auth/telegram',
    ]);
    expect(getTokens()?.accessToken).toBe('access-1');
  });

  it("does not reuse another Telegram user's session", async () => {
    saveTelegramUser({ id: 1 });
    setVendorId(VENDOR.id);
    saveTokens({ accessToken: 'someone-else', refreshToken: 'theirs', expiresIn: 600 });
    const calls = server();

    await signIn(IDENTITY);

    expect(calls.map((call) => call.path)).toContain('/api/v1/auth/telegram');
    expect(getTokens()?.accessToken).toBe('access-1');
  });
});
