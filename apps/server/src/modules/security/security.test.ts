import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock';
import { signInStaff } from '../../../test/factories';
import { bearer, createTestApp, type TestApp, telegramUser } from '../../../test/harness';
import { biometricDevices } from '../../db/schema/index';
import { sha256Hex } from '../../lib/secrets';
import { type InitDataUser, signInitData } from '../../lib/telegram/init-data';
import { totpCode } from '../../lib/totp';

const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    // A sensitive action as other modules declare one: `config: { stepUp: true }`.
    extend: async (app: FastifyInstance) => {
      app.post('/test/sensitive', { onRequest: app.authenticate, config: { stepUp: true } }, async () => ({
        done: true,
      }));
    },
  });
});
afterAll(() => t.app.close());

type Session = { user: InitDataUser; vendorId: string; access: string; refresh: string; base: string };

async function session(user: InitDataUser = telegramUser(), userAgent?: string): Promise<Session> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/telegram',
    headers: userAgent ? { 'user-agent': userAgent } : {},
    payload: {
      init_data: signInitData(user, t.config.platformBotToken, { authDate: clock.now() }),
    },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return {
    user,
    vendorId: body.vendor.id,
    access: body.accessToken,
    refresh: body.refreshToken,
    base: `/api/v1/vendors/${body.vendor.id}`,
  };
}

const call = (s: Session, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${s.base}${path}`,
    headers: bearer(s.access),
    ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
  });
const overview = async (s: Session) => (await call(s, 'GET', '/security')).json();
const sensitive = (s: Session) =>
  t.app.inject({ method: 'POST', url: '/test/sensitive', headers: bearer(s.access) });

/** Turns two-step on; answers the secret and the recovery codes. */
async function turnOn(s: Session) {
  const setup = (await call(s, 'POST', '/security/two-step/setup')).json();
  const enabled = await call(s, 'POST', '/security/two-step/enable', {
    code: totpCode(setup.secret, clock.now()),
  });
  expect(enabled.statusCode).toBe(200);
  return { secret: setup.secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** The next code of the authenticator app: each code works once, so a second one waits for the next step. */
function nextCode(secret: string) {
  clock.advance(30_000);
  return totpCode(secret, clock.now());
}

/** The owner's account with `person` on its team (Analytics only: no Full Access), signed in once. */
async function teamOf(person: InitDataUser) {
  const owner = await session();
  const seat = await t.app.inject({
    method: 'POST',
    url: `${owner.base}/staff`,
    headers: bearer(owner.access),
    payload: { telegramId: person.id, name: 'Sam', role: 'analyst', permissions: ['analytics'] },
  });
  expect(seat.statusCode).toBe(201);
  await signInStaff(t, { vendorId: owner.vendorId, auth: bearer(owner.access), base: owner.base }, person);
  return owner;
}

describe('sessions', () => {
  let user: InitDataUser;
  let phone: Session;
  let laptop: Session;
  beforeEach(async () => {
    user = telegramUser();
    phone = await session(user, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Telegram-iOS/11.0');
    laptop = await session(
      user,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
    );
  });

  it('lists one session per sign-in, with device and platform, the current one marked', async () => {
    const { sessions } = await overview(laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: 'Telegram', platform: 'iOS', current: false }),
        expect.objectContaining({ device: 'Chrome', platform: 'macOS', current: true }),
      ]),
    );
  });

  it('refuses a revoked session’s access token at once, and its refresh', async () => {
    const phoneId = (await overview(phone)).sessions.find((s: { current: boolean }) => s.current).id;
    expect((await call(laptop, 'DELETE', `/security/sessions/${phoneId}`)).statusCode).toBe(200);
    const refused = await call(phone, 'GET', '/security');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('TOKEN_INVALID');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: phone.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await overview(laptop)).sessions).toHaveLength(1);
  });

  it('does not revoke the current session', async () => {
    const currentId = (await overview(laptop)).sessions.find((s: { current: boolean }) => s.current).id;
    const res = await call(laptop, 'DELETE', `/security/sessions/${currentId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SESSION_IS_CURRENT');
  });

  it('revokes all other sessions, keeping only the current one', async () => {
    const third = await session(user);
    const res = await call(laptop, 'POST', '/security/sessions/revoke-others');
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await call(third, 'GET', '/security')).statusCode).toBe(401);
    expect((await call(phone, 'GET', '/security')).statusCode).toBe(401);
    const { sessions } = await overview(laptop);
    expect(sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it("answers 404 for another person's session", async () => {
    const stranger = await session();
    const theirs = (await overview(stranger)).sessions[0].id;
    expect((await call(laptop, 'DELETE', `/security/sessions/${theirs}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/security')).statusCode).toBe(200);
  });
});

describe('two-step confirmation', () => {
  let s: Session;
  beforeEach(async () => {
    s = await session();
  });

  it('is turned on with a code from the scanned secret, giving 10 one-time recovery codes', async () => {
    const setup = (await call(s, 'POST', '/security/two-step/setup')).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await call(s, 'POST', '/security/two-step/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await overview(s)).twoStep.enabled).toBe(false);

    const enabled = await call(s, 'POST', '/security/two-step/enable', {
      code: totpCode(setup.secret, clock.now()),
    });
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    expect((await overview(s)).twoStep).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('lets sensitive actions through while it is off', async () => {
    expect((await sensitive(s)).statusCode).toBe(200);
  });

  it('asks for a fresh code for a sensitive action, and lets it through for 10 minutes after one', async () => {
    const { secret } = await turnOn(s);
    clock.advance(11 * 60_000);
    const refused = await sensitive(s);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');

    const stepUp = await call(s, 'POST', '/security/step-up', { code: nextCode(secret) });
    expect(stepUp.statusCode).toBe(200);
    expect((await sensitive(s)).statusCode).toBe(200);
    clock.advance(9 * 60_000);
    expect((await sensitive(s)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expect((await sensitive(s)).statusCode).toBe(403);
  });

  it('holds a step-up to the session that gave it', async () => {
    const { secret } = await turnOn(s);
    const other = await session(s.user);
    expect((await sensitive(other)).statusCode).toBe(403);
    await call(other, 'POST', '/security/step-up', { code: nextCode(secret) });
    expect((await sensitive(other)).statusCode).toBe(200);
  });

  it('takes a recovery code once', async () => {
    const { recoveryCodes } = await turnOn(s);
    const code = recoveryCodes[0] ?? '';
    expect((await call(s, 'POST', '/security/step-up', { code })).statusCode).toBe(200);
    const again = await call(s, 'POST', '/security/step-up', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TWO_STEP_CODE_INVALID');
    expect((await overview(s)).twoStep.recoveryCodesLeft).toBe(9);
  });

  it('refuses every code after 5 wrong ones in a quarter hour, then takes them again', async () => {
    const { secret } = await turnOn(s);
    for (let i = 0; i < 5; i++) {
      expect((await call(s, 'POST', '/security/step-up', { code: '000000' })).statusCode).toBe(400);
    }
    const locked = await call(s, 'POST', '/security/step-up', { code: nextCode(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'TWO_STEP_LOCKED' });
    expect(locked.json().error.details.retryAfterS).toBeGreaterThan(0);
    clock.advance(15 * 60_000);
    expect((await call(s, 'POST', '/security/step-up', { code: nextCode(secret) })).statusCode).toBe(200);
  });

  it('is turned off only with a code', async () => {
    const { secret } = await turnOn(s);
    expect((await call(s, 'POST', '/security/two-step/disable', { code: '123456' })).statusCode).toBe(400);
    expect((await overview(s)).twoStep.enabled).toBe(true);
    expect((await call(s, 'POST', '/security/two-step/disable', { code: nextCode(secret) })).statusCode).toBe(
      200,
    );
    expect((await overview(s)).twoStep.enabled).toBe(false);
  });

  it('does not take the same code twice', async () => {
    const { secret } = await turnOn(s);
    const code = nextCode(secret);
    expect((await call(s, 'POST', '/security/step-up', { code })).statusCode).toBe(200);
    expect((await call(s, 'POST', '/security/step-up', { code })).statusCode).toBe(400);
  });
});

describe('a staff member’s own security', () => {
  it('lists their own sessions (not the owner’s) and revokes another of theirs, refused at once', async () => {
    const person = telegramUser();
    const owner = await teamOf(person);
    const phone = await session(
      person,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Telegram-iOS/11.4',
    );
    const laptop = await session(person);
    expect(laptop.vendorId).toBe(owner.vendorId);

    const res = await call(laptop, 'GET', '/security');
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as { id: string; platform: string; current: boolean }[];
    const ownerIds = ((await overview(owner)).sessions as { id: string }[]).map((s) => s.id);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => ownerIds.includes(s.id))).toEqual([]);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const onPhone = sessions.find((s) => s.platform === 'iOS');
    expect(onPhone).toBeDefined();
    const revoked = await call(laptop, 'DELETE', `/security/sessions/${onPhone?.id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await call(phone, 'GET', '/security')).statusCode).toBe(401);
    expect((await call(laptop, 'GET', '/security')).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/security')).statusCode).toBe(200);
  });

  it('cannot revoke the owner’s session (not found), and Revoke All Other Sessions ends only their own', async () => {
    const person = telegramUser();
    const owner = await teamOf(person);
    const staff = await session(person);
    const [ownerSession] = (await overview(owner)).sessions as { id: string }[];
    const foreign = await call(staff, 'DELETE', `/security/sessions/${ownerSession?.id}`);
    expect(foreign.statusCode).toBe(404);

    const others = await call(staff, 'POST', '/security/sessions/revoke-others');
    expect(others.statusCode).toBe(200);
    expect(others.json().revoked).toBe(1); // the sign-in of teamOf
    expect((await call(owner, 'GET', '/security')).statusCode).toBe(200);
  });

  it('turns on two-step confirmation for themselves', async () => {
    const person = telegramUser();
    const owner = await teamOf(person);
    const staff = await session(person);
    await turnOn(staff);
    expect((await overview(staff)).twoStep.enabled).toBe(true);
    expect((await overview(owner)).twoStep.enabled).toBe(false);
  });
});

describe('biometric step-up (Telegram’s BiometricManager)', () => {
  const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Telegram-iOS/11.4';
  let s: Session;
  let secret: string;
  beforeEach(async () => {
    s = await session(telegramUser(), ua);
    ({ secret } = await turnOn(s)); // turning it on counts as this session's step-up
  });

  const bind = (who: Session, deviceId = 'device-1') =>
    t.app.inject({
      method: 'POST',
      url: `${who.base}/security/biometric/devices`,
      headers: { ...bearer(who.access), 'user-agent': ua },
      payload: { deviceId },
    });
  const biometricStepUp = (who: Session, deviceId: string, token: string) =>
    call(who, 'POST', '/security/biometric/step-up', { deviceId, token });
  /** Lets the session's step-up lapse, so the next sensitive action asks again. */
  const lapse = () => clock.advance(11 * 60_000);

  it('binds a device with a fresh code, lists it in Security and keeps only the secret’s hash', async () => {
    const res = await bind(s);
    expect(res.statusCode).toBe(201);
    const { token, device } = res.json();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(device).toMatchObject({
      deviceId: 'device-1',
      device: 'Telegram',
      platform: 'iOS',
      lastUsedAt: null,
    });
    expect((await overview(s)).biometricDevices).toEqual([device]);
    const [row] = await t.database.db
      .select()
      .from(biometricDevices)
      .where(eq(biometricDevices.vendorId, s.vendorId));
    expect(row?.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('needs a fresh code to bind a device', async () => {
    lapse();
    const res = await bind(s);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await overview(s)).biometricDevices).toEqual([]);
  });

  it('refuses to bind a device while two-step confirmation is off', async () => {
    await call(s, 'POST', '/security/two-step/disable', { code: nextCode(secret) });
    const res = await bind(s);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TWO_STEP_OFF');
  });

  it('lets a sensitive action through for 10 minutes after the bound device’s secret', async () => {
    const { token } = (await bind(s)).json();
    lapse();
    expect((await sensitive(s)).statusCode).toBe(403);
    const res = await biometricStepUp(s, 'device-1', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().validUntil).toBeTruthy();
    expect((await sensitive(s)).statusCode).toBe(200);
    expect((await overview(s)).biometricDevices[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a wrong secret and counts it with the wrong codes', async () => {
    const { token } = (await bind(s)).json();
    lapse();
    for (let i = 0; i < 5; i++) {
      const wrong = await biometricStepUp(s, 'device-1', `${token.slice(0, -1)}x`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('BIOMETRIC_TOKEN_INVALID');
    }
    const locked = await biometricStepUp(s, 'device-1', token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TWO_STEP_LOCKED');
    expect((await call(s, 'POST', '/security/step-up', { code: nextCode(secret) })).statusCode).toBe(429);
    expect((await sensitive(s)).statusCode).toBe(403);
  });

  it('refuses another member’s secret, even on their device in the same account', async () => {
    const person = telegramUser();
    const owner = await teamOf(person);
    const staff = await session(person, ua);
    await turnOn(staff);
    const theirs = (await bind(staff, 'staff-phone')).json();
    expect(theirs.token).toBeTruthy();
    await turnOn(owner);
    lapse();
    const res = await biometricStepUp(owner, 'staff-phone', theirs.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BIOMETRIC_TOKEN_INVALID');
    expect((await sensitive(owner)).statusCode).toBe(403);
  });

  it('unbinds a device: its secret no longer confirms anything', async () => {
    const { token, device } = (await bind(s)).json();
    const removed = await call(s, 'DELETE', `/security/biometric/devices/${device.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await overview(s)).biometricDevices).toEqual([]);
    lapse();
    expect((await biometricStepUp(s, 'device-1', token)).statusCode).toBe(400);
    expect((await sensitive(s)).statusCode).toBe(403);
  });

  it('answers 404 when unbinding another person’s device', async () => {
    const { device } = (await bind(s)).json();
    const stranger = await session();
    expect((await call(stranger, 'DELETE', `/security/biometric/devices/${device.id}`)).statusCode).toBe(404);
    expect((await overview(s)).biometricDevices).toHaveLength(1);
  });

  it('forgets the bound devices when two-step confirmation is turned off', async () => {
    await bind(s);
    await call(s, 'POST', '/security/two-step/disable', { code: nextCode(secret) });
    expect((await overview(s)).biometricDevices).toEqual([]);
  });
});
