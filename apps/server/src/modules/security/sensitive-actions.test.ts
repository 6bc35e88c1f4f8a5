import { DEFAULT_PAYOUT_SETTINGS } from '@app/contracts/billing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testClock } from '../../../test/clock';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/harness';
import { apiKeys, notifications, payoutSettings } from '../../db/schema/index';
import { totpCode } from '../../lib/totp';

// Creating an API key and changing payout details are sensitive actions (issue 21): with two-step on, they need
// a fresh code (given in the session, or in the form's own field), and each tells the owner (a security notice).
const clock = testClock();
let t: TestApp;
let vendorId: string;
let access: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.app.close());
beforeEach(async () => {
  const session = await signIn(t.app);
  vendorId = session.vendor.id;
  access = session.accessToken;
});

const base = () => `/api/v1/vendors/${vendorId}`;
const post = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${base()}${path}`, headers: bearer(access), payload });
const createKey = (extra: object = {}) => post('/api-keys', { name: 'Zapier', ...extra });
const bankSettings = {
  ...DEFAULT_PAYOUT_SETTINGS,
  method: 'bank' as const,
  bank: {
    ...DEFAULT_PAYOUT_SETTINGS.bank,
    accountName: 'Alex Shop',
    bankName: 'Bank',
    iban: 'DE89370400440532013000',
    swift: 'DEUTDEFF',
  },
};
const savePayouts = (extra: object = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `${base()}/billing/payouts/settings`,
    headers: bearer(access),
    payload: { ...bankSettings, ...extra },
  });

/** Turns two-step on and lets its step-up lapse; answers the secret. */
async function twoStepOnAndLapsed(): Promise<string> {
  const setup = (await post('/security/two-step/setup', {})).json();
  const on = await post('/security/two-step/enable', { code: totpCode(setup.secret, clock.now()) });
  expect(on.statusCode).toBe(200);
  clock.advance(11 * 60_000);
  return setup.secret;
}

const securityNotices = (kind: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.vendorId, vendorId), eq(notifications.kind, kind)));

describe('creating an API key', () => {
  it('needs no code while two-step is off', async () => {
    expect((await createKey()).statusCode).toBe(201);
  });

  it('is refused with STEP_UP_REQUIRED while two-step is on and no fresh code was given, and makes no key', async () => {
    await twoStepOnAndLapsed();
    const res = await createKey();
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STEP_UP_REQUIRED');
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.vendorId, vendorId))).toEqual([]);
  });

  it('passes with the code given in the form (twoFactorCode)', async () => {
    const secret = await twoStepOnAndLapsed();
    clock.advance(30_000);
    expect((await createKey({ twoFactorCode: totpCode(secret, clock.now()) })).statusCode).toBe(201);
  });

  it('refuses a wrong code in the form with TWO_STEP_CODE_INVALID', async () => {
    await twoStepOnAndLapsed();
    const res = await createKey({ twoFactorCode: '000000' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().error.code).toBe('TWO_STEP_CODE_INVALID');
  });

  it('passes after a step-up in the session', async () => {
    const secret = await twoStepOnAndLapsed();
    clock.advance(30_000);
    expect((await post('/security/step-up', { code: totpCode(secret, clock.now()) })).statusCode).toBe(200);
    expect((await createKey()).statusCode).toBe(201);
  });

  it('tells the owner by Telegram and e-mail (a security notice)', async () => {
    await createKey();
    const told = await securityNotices('security_api_key');
    expect(told.map((n) => n.audience).sort()).toEqual(['vendor', 'vendor_email']);
    expect(told[0]?.params).toMatchObject({ name: 'Zapier' });
  });
});

describe('changing payout details', () => {
  it('is refused with STEP_UP_REQUIRED while two-step is on and no fresh code was given, and nothing is saved', async () => {
    await twoStepOnAndLapsed();
    const res = await savePayouts();
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STEP_UP_REQUIRED');
    expect(
      await t.database.db.select().from(payoutSettings).where(eq(payoutSettings.vendorId, vendorId)),
    ).toEqual([]);
  });

  it('passes with the code given in the form (stepUpCode)', async () => {
    const secret = await twoStepOnAndLapsed();
    clock.advance(30_000);
    expect((await savePayouts({ stepUpCode: totpCode(secret, clock.now()) })).statusCode).toBe(200);
  });

  it('tells the owner by Telegram and e-mail (a security notice)', async () => {
    expect((await savePayouts()).statusCode).toBe(200);
    const told = await securityNotices('security_payout');
    expect(told.map((n) => n.audience).sort()).toEqual(['vendor', 'vendor_email']);
  });
});
