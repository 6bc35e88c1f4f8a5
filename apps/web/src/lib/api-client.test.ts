import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { json, MemoryStorage, stubFetch } from '../test/fake-server';
import {
  api,
  scheduleTokenRefresh,
  setSessionExpiredHandler,
  stopTokenRefreshTimer,
  vendorPath,
} from './api-client';
import { getTokens, saveTokens, setVendorId } from './session';

const MINUTE = 60_000;
const NEW_PAIR = { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 };

function storeTokens(expiresInMs: number) {
  saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: expiresInMs / 1000 });
}

let sessionExpired: Mock<() => void>;

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  sessionExpired = vi.fn<() => void>();
  setSessionExpiredHandler(sessionExpired);
});

afterEach(() => {
  stopTokenRefreshTimer();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the access token as a Bearer token under /api/v1', async () => {
    storeTokens(15 * MINUTE);
    const calls = stubFetch(() => json({ ok: true }));

    await api.get('/auth/verify');

    expect(calls).toEqual([
      expect.objectContaining({ path: '/api/v1/auth/verify', auth: 'Bearer access-1' }),
    ]);
  });

  it('refreshes the access token first when it expires within 5 minutes', async () => {
    storeTokens(4 * MINUTE);
    const calls = stubFetch(({ path }) =>
      path === '/api/v1/auth/refresh' ? json(NEW_PAIR) : json({ ok: true }),
    );

    await api.get('/things');

    expect(calls.map((call) => call.path)).toEqual(['/api/v1/auth/refresh', '/api/v1/things']);
    expect(calls[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(calls[1]?.auth).toBe('Bearer access-2');
    expect(getTokens()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('does not refresh a token with more than 5 minutes left', async () => {
    storeTokens(6 * MINUTE);
    const calls = stubFetch(() => json({ ok: true }));

    await api.get('/things');

    expect(calls.map((call) => call.path)).toEqual(['/api/v1/things']);
  });

  it('on a 401 refreshes once and retries once with the new token', async () => {
    storeTokens(15 * MINUTE);
    const calls = stubFetch(({ path, auth }) => {
      if (path === '/api/v1/auth/refresh') return json(NEW_PAIR);
      return auth === 'Bearer access-2'
        ? json({ value: 42 })
        : json({ error: { code: 'TOKEN_INVALID', message: 'no' } }, 401);
    });

    await expect(api.get('/things')).resolves.toEqual({ value: 42 });

    expect(calls.map((call) => `${call.path} ${call.auth}`)).toEqual([
      '/api/v1/things Bearer access-1',
      '/api/v1/auth/refresh null',
      '/api/v1/things Bearer access-2',
    ]);
  });

  it('shares one refresh between requests that get a 401 at the same time', async () => {
    storeTokens(15 * MINUTE);
    let finishRefresh: () => void = () => undefined;
    const refreshed = new Promise<void>((resolve) => {
      finishRefresh = resolve;
    });
    const calls = stubFetch(async ({ path, auth }) => {
      if (path === '/api/v1/auth/refresh') {
        await refreshed;
        return json(NEW_PAIR);
      }
      return auth === 'Bearer access-2'
        ? json({ path })
        : json({ error: { code: 'TOKEN_INVALID', message: 'no' } }, 401);
    });

    const requests = Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/auth/refresh')).toHaveLength(1),
    );
    finishRefresh();

    await expect(requests).resolves.toEqual([
      { path: '/api/v1/a' },
      { path: '/api/v1/b' },
      { path: '/api/v1/c' },
    ]);
    expect(calls.filter((call) => call.path === '/api/v1/auth/refresh')).toHaveLength(1);
  });

  it('clears the session and goes to /auth/login when the refresh is refused', async () => {
    storeTokens(15 * MINUTE);
    stubFetch(({ path }) =>
      path === '/api/v1/auth/refresh'
        ? json({ error: { code: 'REFRESH_TOKEN_INVALID', message: 'revoked' } }, 401)
        : json({ error: { code: 'TOKEN_INVALID', message: 'no' } }, 401),
    );

    await expect(api.get('/things')).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });

    expect(getTokens()).toBeNull();
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    storeTokens(15 * MINUTE);
    stubFetch(({ path }) => {
      if (path === '/api/v1/auth/refresh') throw new TypeError('Failed to fetch');
      return json({ error: { code: 'TOKEN_INVALID', message: 'no' } }, 401);
    });

    await expect(api.get('/things')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    expect(getTokens()).not.toBeNull();
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('turns an error body into an ApiError with status, code, message and details', async () => {
    storeTokens(15 * MINUTE);
    stubFetch(() =>
      json({ error: { code: 'NOT_FOUND', message: 'Bot not found', details: { id: 'x' } } }, 404),
    );

    await expect(api.get('/bots/x')).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'NOT_FOUND',
      message: 'Bot not found',
      details: { id: 'x' },
    });
  });

  it('refreshes on a timer 5 minutes before the token expires', async () => {
    vi.useFakeTimers();
    storeTokens(15 * MINUTE);
    const calls = stubFetch(() => json(NEW_PAIR));

    scheduleTokenRefresh();
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1000);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);

    expect(calls.map((call) => call.path)).toEqual(['/api/v1/auth/refresh']);
    expect(getTokens()?.accessToken).toBe('access-2');
  });

  it('builds vendor paths from the stored vendor id, or the default one', () => {
    expect(vendorPath('/dashboard/stats')).toBe('/vendors/default-vendor-id/dashboard/stats');
    setVendorId('0b5c1c9e-6a55-4b55-9a43-7d2f8f6b2a10');
    expect(vendorPath('/dashboard/stats')).toBe(
      '/vendors/0b5c1c9e-6a55-4b55-9a43-7d2f8f6b2a10/dashboard/stats',
    );
  });
});
