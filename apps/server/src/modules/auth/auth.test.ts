import { createHash, createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  signIn,
  TEST_BOT_TOKEN,
  type TestApp,
  telegramUser,
} from '../../../test/harness';
import { telegramIdentities, vendors } from '../../db/schema/index';
import { signInitData } from '../../lib/telegram/init-data';

// The public validation example of SECURITY.md (valid when checked as of its own auth_date).
const EXAMPLE_INIT_DATA =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
const EXAMPLE_TIME = new Date(1662771648 * 1000 + 60_000);

let t: TestApp;
afterEach(async () => {
  await t.app.close();
});

async function vendorCount() {
  const res = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from vendors`);
  return (res as unknown as { rows: { n: number }[] }).rows[0]?.n;
}

const login = (init_data: string | undefined) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/telegram',
    payload: init_data === undefined ? {} : { init_data },
  });

describe('POST /auth/telegram', () => {
  describe('with the public example init data', () => {
    beforeEach(async () => {
      t = await createTestApp({ now: () => EXAMPLE_TIME });
    });

    it('signs in and creates the vendor named after the Telegram user', async () => {
      const res = await login(EXAMPLE_INIT_DATA);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        role: 'VENDOR',
        vendor: { storeName: 'Vladislav Kibenko' },
        expiresIn: 900,
      });
      expect(body.accessToken).toMatch(/^ey/);
      expect(body.refreshToken.length).toBeGreaterThan(30);
    });

    it('refuses the example with one changed hash digit, creating nothing', async () => {
      const res = await login(EXAMPLE_INIT_DATA.replace('hash=c501', 'hash=c502'));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'INIT_DATA_INVALID' });
      expect(await vendorCount()).toBe(0);
    });

    it('refuses the example with a tampered user field', async () => {
      const res = await login(EXAMPLE_INIT_DATA.replace('Vladislav', 'Mallory'));
      expect(res.statusCode).toBe(401);
      expect(await vendorCount()).toBe(0);
    });

    it('refuses init data signed with the Login Widget key', async () => {
      const params = new URLSearchParams(EXAMPLE_INIT_DATA);
      params.delete('hash');
      const check = [...params.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}=${v}`)
        .join('\n');
      const widgetKey = createHash('sha256').update(TEST_BOT_TOKEN).digest();
      params.set('hash', createHmac('sha256', widgetKey).update(check).digest('hex'));
      const res = await login(params.toString());
      expect(res.statusCode).toBe(401);
      expect(await vendorCount()).toBe(0);
    });
  });

  describe('with freshly signed init data', () => {
    beforeEach(async () => {
      t = await createTestApp();
    });

    it('refuses init data older than INIT_DATA_MAX_AGE_S', async () => {
      const stale = signInitData(telegramUser(), TEST_BOT_TOKEN, {
        authDate: new Date(Date.now() - 86_401_000),
      });
      const res = await login(stale);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toMatch(/expired/);
      expect(await vendorCount()).toBe(0);
    });

    it('refuses init data dated more than a minute ahead of the server clock', async () => {
      for (const authDate of [new Date('3000-01-01T00:00:00Z'), new Date(Date.now() + 120_000)]) {
        const res = await login(signInitData(telegramUser(), TEST_BOT_TOKEN, { authDate }));
        expect(res.statusCode, authDate.toISOString()).toBe(401);
        expect(res.json().error).toMatchObject({
          code: 'INIT_DATA_INVALID',
          details: { reason: 'from_future' },
        });
      }
      expect(await vendorCount()).toBe(0);
    });

    it('accepts init data a few seconds ahead of the server clock (clock drift)', async () => {
      const res = await login(
        signInitData(telegramUser(), TEST_BOT_TOKEN, { authDate: new Date(Date.now() + 30_000) }),
      );
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['negative', -279058397],
      ['zero', 0],
      ['fractional', 1.5],
    ])('refuses a %s Telegram user id', async (_case, id) => {
      const res = await login(signInitData(telegramUser({ id }), TEST_BOT_TOKEN));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'INIT_DATA_INVALID', details: { reason: 'bad_user' } });
      expect(await vendorCount()).toBe(0);
    });

    it('strips NUL and unpaired surrogates from the names Telegram signs, and signs in', async () => {
      const user = telegramUser({
        first_name: 'Ma\u0000ria',
        last_name: 'Lo\ud800pez',
        username: 'm\u0000x\udc00',
      });
      const res = await login(signInitData(user, TEST_BOT_TOKEN));
      expect(res.statusCode).toBe(200);
      expect(res.json().vendor.storeName).toBe('Maria Lopez');
      const [identity] = await t.database.db
        .select()
        .from(telegramIdentities)
        .where(eq(telegramIdentities.telegramId, user.id));
      expect(identity).toMatchObject({ firstName: 'Maria', lastName: 'Lopez', username: 'mx' });
    });

    it('refuses init data without a user', async () => {
      const params = new URLSearchParams(signInitData(telegramUser(), TEST_BOT_TOKEN));
      params.delete('user');
      params.delete('hash');
      const check = [...params.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}=${v}`)
        .join('\n');
      const key = createHmac('sha256', 'WebAppData').update(TEST_BOT_TOKEN).digest();
      params.set('hash', createHmac('sha256', key).update(check).digest('hex'));
      const res = await login(params.toString());
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toMatch(/no user/);
    });

    it('refuses a request with no init data at all', async () => {
      const res = await login(undefined);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toMatch(/missing/);
      expect(await vendorCount()).toBe(0);
    });

    it('ignores the unsigned login fields and trusts only init data', async () => {
      const user = telegramUser({ first_name: 'Real' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/telegram',
        payload: { init_data: signInitData(user, TEST_BOT_TOKEN), id: 1, first_name: 'Forged', hash: 'x' },
      });
      expect(res.json().vendor.storeName).toBe('Real Vendor');
    });

    it('signs the same Telegram user into the same vendor the second time', async () => {
      const first = await signIn(t.app);
      const second = await signIn(t.app, first.user);
      expect(second.vendor.id).toBe(first.vendor.id);
      expect(await vendorCount()).toBe(1);
    });
  });
});

describe('sessions', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });

  it('rotates the refresh token on every use', async () => {
    const session = await signIn(t.app);
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(next.expiresIn).toBe(900);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const session = await signIn(t.app);
    const rotated = (await refresh(session.refreshToken)).json();
    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('REFRESH_TOKEN_INVALID');
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const session = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(res.json()).toEqual({ success: true });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('answers verify with valid true for a live access token and false otherwise', async () => {
    const session = await signIn(t.app);
    const verify = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/verify', headers }).then((r) => r.json());
    expect(await verify(bearer(session.accessToken))).toEqual({ valid: true });
    expect(await verify(bearer('garbage'))).toEqual({ valid: false });
    expect(await verify({})).toEqual({ valid: false });
  });

  it('refuses an access token signed with another algorithm or none', async () => {
    const session = await signIn(t.app);
    const [, payload] = session.accessToken.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const hs512 = await new SignJWT({ vid: session.vendor.id, role: 'VENDOR' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(session.user.id))
      .setIssuer('botshop')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    for (const token of [none, hs512]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/vendors/${session.vendor.id}/dashboard/stats`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('POST /auth/register', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('creates the vendor with role VENDOR and the given store name', async () => {
    const user = telegramUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { init_data: signInitData(user, TEST_BOT_TOKEN), storeName: 'Corner Shop' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'VENDOR', vendor: { storeName: 'Corner Shop' } });
  });

  it.each([
    ['a NUL', 'Corner\u0000Shop', 'Text must not contain the NUL character (U+0000).'],
    [
      'an unpaired surrogate',
      'Corner\ud800Shop',
      'Text must not contain an unpaired surrogate: it is not valid Unicode.',
    ],
  ])('refuses a store name with %s with 400 VALIDATION_FAILED', async (_case, storeName, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { init_data: signInitData(telegramUser(), TEST_BOT_TOKEN), storeName },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      details: [{ path: 'body.storeName', message }],
    });
    expect(await vendorCount()).toBe(0);
  });

  it('refuses a second registration of the same Telegram user', async () => {
    const session = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { init_data: signInitData(session.user, TEST_BOT_TOKEN) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('VENDOR_ALREADY_REGISTERED');
  });
});

describe('POST /registration/check-status', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  const checkStatus = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/registration/check-status', payload });

  it('refuses a bare Telegram id, so vendor ids cannot be learned by guessing', async () => {
    const session = await signIn(t.app);
    const res = await checkStatus({ telegramId: session.user.id });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(session.vendor.id);
  });

  it('answers registered false for a proven user without a vendor', async () => {
    const res = await checkStatus({ init_data: signInitData(telegramUser(), TEST_BOT_TOKEN) });
    expect(res.json()).toEqual({ registered: false, data: { vendor: null } });
  });

  it("answers the profile's language, null until the vendor picks one", async () => {
    const session = await signIn(t.app);
    const initData = signInitData(session.user, TEST_BOT_TOKEN);
    expect((await checkStatus({ init_data: initData })).json().data.vendor.language).toBeNull();
    await t.database.db.update(vendors).set({ language: 'de' }).where(eq(vendors.id, session.vendor.id));
    expect((await checkStatus({ init_data: initData })).json().data.vendor.language).toBe('de');
    expect((await login(initData)).json().vendor).toMatchObject({ id: session.vendor.id, language: 'de' });
  });

  it('answers the vendor id to the proven owner', async () => {
    const session = await signIn(t.app);
    const res = await checkStatus({ init_data: signInitData(session.user, TEST_BOT_TOKEN) });
    expect(res.json()).toMatchObject({ registered: true, data: { vendor: { id: session.vendor.id } } });
  });
});

describe('rate limits', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('answers 429 RATE_LIMITED after 120 sign-in attempts a minute from one address', async () => {
    const attempts = [];
    for (let i = 0; i < 121; i++) attempts.push(await login('x'));
    const codes = attempts.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(120);
    const limited = attempts.find((r) => r.statusCode === 429);
    expect(limited?.json().error.code).toBe('RATE_LIMITED');
  });
});
